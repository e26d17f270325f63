import { CODE_ANSWER_OPERATIONS, CODE_LIST_OPERATION } from './codeAnswers';

/**
 * Change drift: how a service may read the open points a change watcher depends on (times, caps, late fields,
 * its clock) other than the simulator's default. Each setting changes only successful answers, after the
 * operation ran, except `clockOffsetMs`, which sets the `Date` header of every answer, and `scansOfUnknownEmpty`
 * and `overviewOfUnknownZeros`, which answer a refusal as a success.
 *
 * - `updatedAtFormat`: how code records carry `updatedAt` (and `createdAt`): `epochMs` (default), `epochSeconds`,
 *   `epochMicros`, `isoNoZone` (ISO 8601 text of the UTC time without a zone), or `nullUntilUpdated`
 *   (`updatedAt: null` on a code never changed after its creation).
 * - `fromTimeCap`: the updated-after answers hold only the newest N changed codes (still oldest first); with
 *   `fromTimeCapKeeps: 'oldest'` the oldest N instead (a service that stops at a row limit).
 * - `fromTimeLagMs`: the updated-after answers leave out codes changed less than N ms ago (simulator clock), as a
 *   service whose change feed is read from a replica that lags behind its writes. Applied before `fromTimeCap`.
 * - `scanCap`: answers of Get Scans for Codes hold only the first N events of the range (oldest first), as a
 *   service whose query has a row limit: a client that takes such an answer for the whole range loses scans.
 * - `scanCapOfOne`: answers of Get Scans (one code, no range) hold only the first N of its events.
 * - `scansOfUnknownEmpty`: Get Scans (one code) answers success with no events for an id that is no live code of
 *   the team (unknown, another team's, deleted) instead of refusing it, and so does Get Scans for Codes for each
 *   such id among those asked, as an analytics store keyed by code id that checks nothing: the contract documents
 *   no refusal of it. Unlike the others, it turns a refusal into a success.
 * - `scanRangeSlackMs`: Get Scans for Codes answers events up to this many ms outside the asked range on both
 *   sides, as a service that compares at a coarser time (whole seconds) does; neighbouring slices then share events.
 * - `scanRangeEnds`: how Get Scans for Codes reads its range's ends: `inclusive` (default, startTime <= scanTime
 *   <= endTime), `halfOpen` (startTime <= scanTime < endTime) or `open` (startTime < scanTime < endTime); the
 *   contract does not say. Applied before `scanCap`, as a query's range comes before its row limit.
 * - `scansWithoutQrId`: scan events come without `qrId` in the answers of Get Scans (`one`, where the path names
 *   the code), of Get Scans for Codes (`bulk`), or both (`both`); the contract's `ScanData.qrId` is optional.
 * - `overviewLeavesOutUnscanned`: Get Scan Totals leaves out the codes never scanned (the contract does not
 *   promise a row per code asked).
 * - `overviewOfUnknownZeros`: Get Scan Totals answers a row of zeros for an id that is no live code of the team
 *   (unknown, another team's, deleted) instead of refusing the request, as a totals store keyed by code id that
 *   checks nothing: the contract does not say what such an id gets.
 * - `overviewOfWholeTeam`: Get Scan Totals answers the totals of every live code of the team, in the team's order,
 *   whatever `qrIds` asks for (a service that does not filter by it: the contract does not limit the rows to the
 *   codes asked).
 * - `overviewUpdatedAtOfUnscanned`: Get Scan Totals gives a code never scanned an `updatedAt`, its record's time
 *   (its `createdAt`), as a service keeping one time per code record might; the contract calls it "last scan time".
 * - `overviewOmits`: Get Scan Totals answers without a field `OverviewAnalyticsResponse` does not require: `data`
 *   (only `success`), or `id` or `totalScans` of every row.
 * - `overviewTimeFormat`: Get Scan Totals' `createdAt`, `updatedAt` and `leadsUpdatedAt` as `epochSeconds`,
 *   `epochMicros` or `isoNoZone` (as `updatedAtFormat` does for code records), or, as a service storing whole
 *   seconds that writes them in another form, `epochMsWholeSeconds` (epoch ms ending in 000) or `isoWholeSeconds`
 *   (ISO 8601 UTC text without a fraction), or `updatedAtEpochSeconds`: `updatedAt` alone in epoch seconds, the
 *   others in epoch ms (a last-scan time kept apart from the code record: the contract types each only as an
 *   integer).
 * - `scanFillInMs`: scan events younger than this (simulator clock) come without `country` and `city` (null),
 *   as a service that fills in its geo lookup later.
 * - `scanEventPaddingBytes`: every scan event of Get Scans and Get Scans for Codes carries a field `padding` of N
 *   characters, as a service sending rich events (whole user agents, request headers) does: an answer's size grows
 *   with its events, so a long range of busy codes passes a client's answer limit where a shorter one does not.
 * - `clockOffsetMs`: the `Date` header shows the simulator clock plus this (default 0: the service's present);
 *   `null` sends no `Date` header. Records stamped ahead of the header are "stamped in the future".
 */
export const UPDATED_AT_FORMATS = [
	'epochMs',
	'epochSeconds',
	'epochMicros',
	'isoNoZone',
	'nullUntilUpdated',
] as const;
export type UpdatedAtFormat = (typeof UPDATED_AT_FORMATS)[number];

export type OverviewTimeFormat =
	| 'epochSeconds'
	| 'epochMicros'
	| 'isoNoZone'
	| 'epochMsWholeSeconds'
	| 'isoWholeSeconds'
	| 'updatedAtEpochSeconds';

export interface ChangeDrift {
	updatedAtFormat: UpdatedAtFormat;
	/** Undefined: every changed code. */
	fromTimeCap?: number;
	/** Which changed codes a capped answer keeps (default the newest). */
	fromTimeCapKeeps?: 'newest' | 'oldest';
	/** Undefined or 0: every change up to the present. */
	fromTimeLagMs?: number;
	/** Undefined: every scan event of the range. */
	scanCap?: number;
	/** Undefined: every scan event of the code. */
	scanCapOfOne?: number;
	scansOfUnknownEmpty?: boolean;
	/** Undefined or 0: exactly the asked range. */
	scanRangeSlackMs?: number;
	/** Undefined: `inclusive`. */
	scanRangeEnds?: 'inclusive' | 'halfOpen' | 'open';
	/** Undefined: every event carries its `qrId`. */
	scansWithoutQrId?: 'one' | 'bulk' | 'both';
	overviewLeavesOutUnscanned?: boolean;
	overviewOfUnknownZeros?: boolean;
	overviewOfWholeTeam?: boolean;
	overviewUpdatedAtOfUnscanned?: boolean;
	/** Undefined: every field. */
	overviewOmits?: 'data' | 'id' | 'totalScans';
	/** Undefined: epoch milliseconds. */
	overviewTimeFormat?: OverviewTimeFormat;
	scanFillInMs: number;
	/** Undefined or 0: events as stored. */
	scanEventPaddingBytes?: number;
	clockOffsetMs: number | null;
}

export const NO_CHANGE_DRIFT: ChangeDrift = {
	updatedAtFormat: 'epochMs',
	scanFillInMs: 0,
	clockOffsetMs: 0,
};

type Json = Record<string, unknown>;

const CODE_OPERATIONS = new Set([...CODE_ANSWER_OPERATIONS, CODE_LIST_OPERATION]);
const FROM_TIME_OPERATIONS = new Set(['getTeamQrsFromTime', 'getAllQrsFromTime']);
const SCAN_OPERATIONS = new Set(['getQrAnalytics', 'getBulkQrAnalytics']);

/** The `Date` header value for an answer sent when the simulator clock reads `nowMs`; undefined: none. */
export function serviceDateHeader(drift: ChangeDrift, nowMs: number): string | undefined {
	return drift.clockOffsetMs === null
		? undefined
		: new Date(nowMs + drift.clockOffsetMs).toUTCString();
}

/** The request body of Get Scans for Codes as a service with `scanRangeSlackMs` reads it: the range widened. */
export function widenScanRange(
	drift: ChangeDrift,
	operationId: string | undefined,
	body: unknown,
): unknown {
	const slack = drift.scanRangeSlackMs ?? 0;
	if (slack === 0 || operationId !== 'getBulkQrAnalytics' || !isObject(body)) return body;
	const { startTime, endTime } = body;
	if (typeof startTime !== 'number' || typeof endTime !== 'number') return body;
	return { ...body, startTime: startTime - slack, endTime: endTime + slack };
}

/**
 * The analytics request of many codes as a service with `overviewOfUnknownZeros` (Get Scan Totals) or
 * `scansOfUnknownEmpty` (Get Scans for Codes) reads it: the ids the team does not hold live (`holds`) are taken out
 * of the request (`body`: the rest; undefined when none is left) and answered as `added`: a row of zeros each for
 * the totals, no events for the scans.
 */
export function unheldIdsAnswered(
	drift: ChangeDrift,
	operationId: string | undefined,
	body: unknown,
	holds: (qrId: unknown) => boolean,
): { body: unknown; added: Json[] } {
	const totals = drift.overviewOfUnknownZeros === true && operationId === 'getTotalScansOverview';
	const scans = drift.scansOfUnknownEmpty === true && operationId === 'getBulkQrAnalytics';
	if (!(totals || scans) || !isObject(body) || !Array.isArray(body.qrIds))
		return { body, added: [] };
	const held = body.qrIds.filter(holds);
	const added = totals
		? body.qrIds
				.filter((qrId) => !holds(qrId))
				.map((id) => ({
					id,
					totalScans: 0,
					todayScans: 0,
					yesterdayScans: 0,
					totalLeadsCount: 0,
					leadsTodayCount: 0,
					leadsYesterdayCount: 0,
				}))
		: [];
	return { body: held.length === 0 ? undefined : { ...body, qrIds: held }, added };
}

/** The request body of Get Scan Totals as a service with `overviewOfWholeTeam` reads it: every live code of the team. */
export function overviewOfWholeTeam(
	drift: ChangeDrift,
	operationId: string | undefined,
	body: unknown,
	teamQrIds: () => string[],
): unknown {
	if (drift.overviewOfWholeTeam !== true || operationId !== 'getTotalScansOverview') return body;
	return isObject(body) ? { ...body, qrIds: teamQrIds() } : body;
}

/**
 * The answer body as the change drift in effect would send it; `request` is the request body as sent (the range
 * of Get Scans for Codes).
 */
export function driftChanges(
	drift: ChangeDrift,
	operationId: string | undefined,
	body: unknown,
	nowMs: number,
	request?: unknown,
): unknown {
	if (!operationId || !isObject(body) || body.success === false) return body;
	let data = body.data;
	if (operationId === 'getBulkQrAnalytics' && Array.isArray(data))
		data = withRangeEnds(drift, widenScanRange(drift, operationId, request), data);
	if (
		drift.overviewLeavesOutUnscanned &&
		operationId === 'getTotalScansOverview' &&
		Array.isArray(data)
	)
		data = data.filter((row) => !isObject(row) || row.totalScans !== 0);
	const lag = drift.fromTimeLagMs ?? 0;
	if (lag > 0 && FROM_TIME_OPERATIONS.has(operationId) && Array.isArray(data))
		data = data.filter(
			(code) =>
				!isObject(code) || typeof code.updatedAt !== 'number' || code.updatedAt <= nowMs - lag,
		);
	if (
		drift.fromTimeCap !== undefined &&
		FROM_TIME_OPERATIONS.has(operationId) &&
		Array.isArray(data)
	)
		data =
			drift.fromTimeCapKeeps === 'oldest'
				? data.slice(0, drift.fromTimeCap)
				: data.slice(Math.max(0, data.length - drift.fromTimeCap));
	if (drift.scanCap !== undefined && operationId === 'getBulkQrAnalytics' && Array.isArray(data))
		data = data.slice(0, drift.scanCap);
	if (drift.scanCapOfOne !== undefined && operationId === 'getQrAnalytics' && Array.isArray(data))
		data = data.slice(0, drift.scanCapOfOne);
	if (drift.updatedAtFormat !== 'epochMs' && CODE_OPERATIONS.has(operationId)) {
		const format = (record: unknown) =>
			isObject(record) ? formatTimes(record, drift.updatedAtFormat) : record;
		if (Array.isArray(data)) data = data.map(format);
		else if (operationId === 'getTeamQrsPaginated' && isObject(data) && Array.isArray(data.qrs))
			data = { ...data, qrs: data.qrs.map(format) };
		else data = format(data);
	}
	if (drift.scanFillInMs > 0 && SCAN_OPERATIONS.has(operationId) && Array.isArray(data)) {
		data = data.map((scan) =>
			isObject(scan) &&
			typeof scan.scanTime === 'number' &&
			scan.scanTime > nowMs - drift.scanFillInMs
				? { ...scan, country: null, city: null }
				: scan,
		);
	}
	const withoutQrId =
		drift.scansWithoutQrId === 'both' ||
		(drift.scansWithoutQrId === 'one' && operationId === 'getQrAnalytics') ||
		(drift.scansWithoutQrId === 'bulk' && operationId === 'getBulkQrAnalytics');
	if (withoutQrId && SCAN_OPERATIONS.has(operationId) && Array.isArray(data))
		data = data.map((scan) => {
			if (!isObject(scan)) return scan;
			const rest = { ...scan };
			delete rest.qrId;
			return rest;
		});
	const padding = drift.scanEventPaddingBytes ?? 0;
	if (padding > 0 && SCAN_OPERATIONS.has(operationId) && Array.isArray(data)) {
		const text = 'x'.repeat(padding);
		data = data.map((scan) => (isObject(scan) ? { ...scan, padding: text } : scan));
	}
	if (operationId === 'getTotalScansOverview' && Array.isArray(data))
		data = overviewAsDrifted(drift, data);
	if (drift.overviewOmits === 'data' && operationId === 'getTotalScansOverview') {
		const rest = { ...body };
		delete rest.data;
		return rest;
	}
	return data === body.data ? body : { ...body, data };
}

/** Totals rows without the field `overviewOmits` names, their times in `overviewTimeFormat`. */
function overviewAsDrifted(drift: ChangeDrift, rows: unknown[]): unknown[] {
	const { overviewOmits: omits, overviewTimeFormat: format } = drift;
	const recordTime = drift.overviewUpdatedAtOfUnscanned === true;
	if (omits !== 'id' && omits !== 'totalScans' && !format && !recordTime) return rows;
	return rows.map((entry) => {
		if (!isObject(entry)) return entry;
		const row =
			recordTime && entry.totalScans === 0 && entry.updatedAt === undefined
				? { ...entry, updatedAt: entry.createdAt }
				: entry;
		const copy =
			format === 'updatedAtEpochSeconds'
				? formatTimes(row, 'epochSeconds', ['updatedAt'])
				: format
					? formatTimes(row, format, ['createdAt', 'updatedAt', 'leadsUpdatedAt'])
					: { ...row };
		if (omits === 'id' || omits === 'totalScans') delete copy[omits];
		return copy;
	});
}

/** The events of an inclusive answer that a service reading the range's ends as `scanRangeEnds` would send. */
function withRangeEnds(drift: ChangeDrift, request: unknown, scans: unknown[]): unknown[] {
	const ends = drift.scanRangeEnds ?? 'inclusive';
	if (ends === 'inclusive' || !isObject(request)) return scans;
	const { startTime, endTime } = request;
	if (typeof startTime !== 'number' || typeof endTime !== 'number') return scans;
	return scans.filter((scan) => {
		const time = isObject(scan) ? scan.scanTime : undefined;
		if (typeof time !== 'number') return true;
		return time < endTime && (ends === 'halfOpen' || time > startTime);
	});
}

function formatTimes(
	record: Json,
	format: UpdatedAtFormat | OverviewTimeFormat,
	fields: readonly string[] = ['createdAt', 'updatedAt'],
): Json {
	if (format === 'nullUntilUpdated') {
		return record.updatedAt === record.createdAt ? { ...record, updatedAt: null } : record;
	}
	const copy: Json = { ...record };
	for (const field of fields) {
		const ms = copy[field];
		if (typeof ms !== 'number') continue;
		const second = ms - (ms % 1000);
		if (format === 'epochSeconds') copy[field] = Math.floor(ms / 1000);
		else if (format === 'epochMicros') copy[field] = ms * 1000;
		else if (format === 'epochMsWholeSeconds') copy[field] = second;
		else if (format === 'isoWholeSeconds')
			copy[field] = new Date(second).toISOString().replace(/\.\d{3}Z$/, 'Z');
		else copy[field] = new Date(ms).toISOString().replace(/Z$/, '');
	}
	return copy;
}

function isObject(value: unknown): value is Json {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}
