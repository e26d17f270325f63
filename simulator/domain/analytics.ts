import { badRequest } from '../apiError';
import type { ScanEvent } from '../model';
import type { Store } from '../store';
import { requireObjectBody, requiredInteger, requiredStringArray } from '../validation';
import { liveQr } from './qrCodes';

const DAY_MS = 86_400_000;

export function scansOfQr(store: Store, teamId: string, qrId: string): ScanEvent[] {
	liveQr(store, teamId, qrId);
	return [...(store.scans.get(qrId) ?? [])];
}

function parseQrIds(store: Store, teamId: string, body: Record<string, unknown>): string[] {
	const qrIds = requiredStringArray(body, 'qrIds');
	if (qrIds.length === 0) throw badRequest('"qrIds" must contain at least one id');
	for (const qrId of qrIds) liveQr(store, teamId, qrId);
	return [...new Set(qrIds)];
}

/**
 * Scan events of several codes with startTime <= scanTime <= endTime, ordered by scanTime. Each code's events are
 * kept sorted (scans.ts), so its part of the range is found by binary search: a request costs what it returns.
 */
export function scansInRange(store: Store, teamId: string, raw: unknown): ScanEvent[] {
	const body = requireObjectBody(raw);
	const startTime = requiredInteger(body, 'startTime');
	const endTime = requiredInteger(body, 'endTime');
	if (startTime > endTime) throw badRequest('"startTime" must not be after "endTime"');
	const qrIds = parseQrIds(store, teamId, body);
	return qrIds
		.flatMap((qrId) => {
			const scans = store.scans.get(qrId) ?? [];
			return scans.slice(firstAtOrAfter(scans, startTime), firstAtOrAfter(scans, endTime + 1));
		})
		.sort((a, b) => a.scanTime - b.scanTime || a.qrId.localeCompare(b.qrId));
}

/** Index of the first scan at or after `time` in a list sorted by scanTime (the list's length when none is). */
function firstAtOrAfter(scans: readonly ScanEvent[], time: number): number {
	let low = 0;
	let high = scans.length;
	while (low < high) {
		const middle = (low + high) >>> 1;
		if (scans[middle].scanTime < time) low = middle + 1;
		else high = middle;
	}
	return low;
}

/** "M/D/YYYY" of a UTC day. */
export function usDate(ms: number): string {
	const date = new Date(ms);
	return `${date.getUTCMonth() + 1}/${date.getUTCDate()}/${date.getUTCFullYear()}`;
}

export interface ScanOverview {
	id: string;
	totalScans: number;
	todayScans: number;
	yesterdayScans: number;
	totalLeadsCount: number;
	leadsTodayCount: number;
	leadsYesterdayCount: number;
	createdAt: number;
	updatedAt?: number;
	leadsUpdatedAt?: number;
	todayDate: string;
	leadsTodayDate: string;
}

/** Totals per code; "today" and "yesterday" are UTC days of the simulator clock. updatedAt is the last scan. */
export function scanOverviews(store: Store, teamId: string, raw: unknown): ScanOverview[] {
	const qrIds = parseQrIds(store, teamId, requireObjectBody(raw));
	const now = store.clock.now();
	const todayStart = now - (now % DAY_MS);
	const yesterdayStart = todayStart - DAY_MS;
	return qrIds.map((qrId) => {
		const scans = store.scans.get(qrId) ?? [];
		const leads = store.leads.get(qrId) ?? { total: 0, today: 0, yesterday: 0 };
		const lastScan = scans.length > 0 ? scans[scans.length - 1].scanTime : undefined;
		return {
			id: qrId,
			totalScans: scans.length,
			todayScans: scans.filter(
				(scan) => scan.scanTime >= todayStart && scan.scanTime < todayStart + DAY_MS,
			).length,
			yesterdayScans: scans.filter(
				(scan) => scan.scanTime >= yesterdayStart && scan.scanTime < todayStart,
			).length,
			totalLeadsCount: leads.total,
			leadsTodayCount: leads.today,
			leadsYesterdayCount: leads.yesterday,
			createdAt: (store.qrs.get(qrId) as { createdAt: number }).createdAt,
			...(lastScan === undefined ? {} : { updatedAt: lastScan }),
			...(leads.updatedAt === undefined ? {} : { leadsUpdatedAt: leads.updatedAt }),
			todayDate: usDate(now),
			leadsTodayDate: usDate(now),
		};
	});
}
