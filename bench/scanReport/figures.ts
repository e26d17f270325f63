import type { JsonObject } from '../../scripts/n8n/realN8n';

/** What both ways of building the report say about one code; times as epoch ms. */
export interface CodeFigures {
	scans: number;
	/** Distinct non-empty IP addresses; null when no scan carried one. */
	uniqueScans: number | null;
	firstScanAt: number | null;
	lastScanAt: number | null;
}

export type FiguresByCode = Map<string, CodeFigures>;

interface ScanLike {
	scanTime: number;
	ipAddress?: string | null;
}

/**
 * The figures straight from the simulator's events (the ground truth): scans within the range, bounds included,
 * and the distinct IP addresses among them (an empty address is no address).
 */
export function truthOf(
	scansByCode: ReadonlyMap<string, readonly ScanLike[]>,
	qrIds: readonly string[],
	range: { from: number; to: number },
): FiguresByCode {
	const truth: FiguresByCode = new Map();
	for (const qrId of qrIds) {
		const inRange = (scansByCode.get(qrId) ?? []).filter(
			(scan) => scan.scanTime >= range.from && scan.scanTime <= range.to,
		);
		const addresses = new Set(
			inRange.map((scan) => scan.ipAddress).filter((ip): ip is string => !!ip),
		);
		truth.set(qrId, {
			scans: inRange.length,
			uniqueScans: addresses.size === 0 && inRange.length > 0 ? null : addresses.size,
			firstScanAt: inRange.length > 0 ? Math.min(...inRange.map((scan) => scan.scanTime)) : null,
			lastScanAt: inRange.length > 0 ? Math.max(...inRange.map((scan) => scan.scanTime)) : null,
		});
	}
	return truth;
}

/** A time as the outputs carry it (epoch ms or ISO text) as epoch ms; anything else is null. */
export function epochMs(value: unknown): number | null {
	if (typeof value === 'number' && Number.isFinite(value)) return value;
	if (typeof value === 'string' && value !== '') {
		const parsed = Date.parse(value);
		return Number.isNaN(parsed) ? null : parsed;
	}
	return null;
}

function count(value: unknown): number | null {
	return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** Get Report's items, one per code (`qrId`, `scans`, `uniqueScans`, `firstScanAt`, `lastScanAt`). */
export function figuresOfReport(items: readonly JsonObject[]): FiguresByCode {
	return new Map(
		items.map((item) => [
			String(item.qrId),
			{
				scans: count(item.scans) ?? Number.NaN,
				uniqueScans: count(item.uniqueScans),
				firstScanAt: epochMs(item.firstScanAt),
				lastScanAt: epochMs(item.lastScanAt),
			},
		]),
	);
}

/** The Summarize node's items, one per code: `count_qrId`, `unique_count_ipAddress`, `min_scanTime`, `max_scanTime`. */
export function figuresOfSummarize(items: readonly JsonObject[]): FiguresByCode {
	return new Map(
		items.map((item) => {
			const scans = count(item.count_qrId) ?? Number.NaN;
			const unique = count(item.unique_count_ipAddress);
			return [
				String(item.qrId),
				{
					scans,
					// Summarize counts 0 distinct values where the report says "unavailable"
					uniqueScans: unique === 0 && scans > 0 ? null : unique,
					firstScanAt: epochMs(item.min_scanTime),
					lastScanAt: epochMs(item.max_scanTime),
				},
			];
		}),
	);
}

export interface Comparison {
	/** Codes in the truth. */
	codes: number;
	/** Codes whose four figures are all equal. */
	identical: number;
	/** The first differences found (at most `limit`), and how many there were in all. */
	differences: Array<{ qrId: string; field: string; expected: unknown; actual: unknown }>;
	differenceCount: number;
}

/** Compares every code of `expected` with `actual`; a code missing from `actual` counts as 0 scans. */
export function compareFigures(
	expected: FiguresByCode,
	actual: FiguresByCode,
	limit = 10,
): Comparison {
	const differences: Comparison['differences'] = [];
	let differenceCount = 0;
	let identical = 0;
	const none: CodeFigures = { scans: 0, uniqueScans: 0, firstScanAt: null, lastScanAt: null };
	for (const [qrId, want] of expected) {
		const got = actual.get(qrId) ?? none;
		let same = true;
		for (const field of ['scans', 'uniqueScans', 'firstScanAt', 'lastScanAt'] as const) {
			if (Object.is(want[field], got[field])) continue;
			same = false;
			differenceCount += 1;
			if (differences.length < limit)
				differences.push({ qrId, field, expected: want[field], actual: got[field] });
		}
		if (same) identical += 1;
	}
	for (const qrId of actual.keys()) {
		if (expected.has(qrId)) continue;
		differenceCount += 1;
		if (differences.length < limit)
			differences.push({ qrId, field: 'qrId', expected: undefined, actual: qrId });
	}
	return { codes: expected.size, identical, differences, differenceCount };
}
