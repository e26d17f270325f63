import type { IDataObject } from 'n8n-workflow';

import type { Breakdown } from '../scanValues';

/**
 * Breakdowns of a report: scans counted by a field of the scan event (scanValues.ts), shown as the top N values by
 * scans (ties by value) and the rest summed as "other". Pure.
 */

/** The output field of a breakdown: `byCountry`, `byOs`, ... */
export function breakdownField(breakdown: Breakdown): string {
	return `by${breakdown.charAt(0).toUpperCase()}${breakdown.slice(1)}`;
}

export const OTHER_VALUE = 'other';

/** The rest's name when a real value is "other". */
export const OTHER_VALUES_CLASH = 'all other values';

export function countValue(counts: Map<string, number>, value: string, add = 1): void {
	counts.set(value, (counts.get(value) ?? 0) + add);
}

/**
 * The `topN` values with most scans, then one "other" entry for the rest (left out when there is no rest; named
 * "all other values" when a real value is "other").
 */
export function topValues(counts: ReadonlyMap<string, number>, topN: number): IDataObject[] {
	const sorted = [...counts.entries()].sort(
		([valueA, scansA], [valueB, scansB]) =>
			scansB - scansA || (valueA < valueB ? -1 : valueA > valueB ? 1 : 0),
	);
	const top: IDataObject[] = sorted.slice(0, topN).map(([value, scans]) => ({ value, scans }));
	const rest = sorted.slice(topN).reduce((sum, [, scans]) => sum + scans, 0);
	// A real value named "other" among the top keeps its name; the rest is then named so no sheet mixes the two.
	const clash = top.some((entry) => entry.value === OTHER_VALUE);
	if (sorted.length > topN)
		top.push({ value: clash ? OTHER_VALUES_CLASH : OTHER_VALUE, scans: rest });
	return top;
}
