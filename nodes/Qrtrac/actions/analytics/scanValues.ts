import type { IDataObject } from 'n8n-workflow';

/**
 * The fields of a scan event that scans are counted by (Get Report's breakdowns, Get for Codes' countries and
 * devices), and the one reading of a value: spaces around it dropped, a missing, blank or non-text value counted as
 * "unknown", an empty referrer as a scan without one ("direct"). Pure.
 */
export const BREAKDOWNS = ['country', 'city', 'device', 'os', 'browser', 'referrer'] as const;
export type Breakdown = (typeof BREAKDOWNS)[number];

/** The value a scan counts under in a breakdown. */
export function breakdownValue(scan: IDataObject, breakdown: Breakdown): string {
	const value = scan[breakdown];
	const text = typeof value === 'string' ? value.trim() : '';
	if (text !== '') return text;
	return breakdown === 'referrer' && value === '' ? 'direct' : 'unknown';
}
