import type { IDataObject } from 'n8n-workflow';

import { readEventTime } from '../api/eventTime';
import { lastScanOf } from '../api/scanTotals';
import { isoTime, shortUrlOf } from './simplify';
import { isoDate } from './serviceDay';

/**
 * The one shape of a scan event, in the actions (Scan > Get for a Code, Get for Codes) and in the trigger's New
 * Scans events alike. Scan events name their code only by its internal ID (`qrId`); given the code records the
 * caller read, each row also gets the code's `qrName`, `qrDisplayId` and `qrShortUrl`, and the scan time as ISO
 * text (`scanTimeIso`). Rows whose code is not among `codes` keep only what they had. Pure: no requests.
 */
export function describeScanRows(
	scans: IDataObject[],
	codes: Iterable<IDataObject>,
): IDataObject[] {
	const byId = codesById(codes);
	// the code and the time first, so that the output table shows what was scanned, and when, in its first columns
	return scans.map(({ qrId, scanTime, ...rest }) => {
		const iso = isoTime(scanTime);
		return {
			qrId,
			...codeNames(byId.get(String(qrId))),
			scanTime,
			...(iso === undefined ? {} : { scanTimeIso: iso }),
			...rest,
		};
	});
}

/** The same naming for rows keyed by another field, e.g. totals per code (`id`) in nodes before 1.2. */
export function describeCodeRows(
	rows: IDataObject[],
	codes: Iterable<IDataObject>,
	idField: string,
): IDataObject[] {
	const byId = codesById(codes);
	return rows.map((row) => ({ ...row, ...codeNames(byId.get(String(row[idField]))) }));
}

/** Fields of a per-code summary that hold times; each gets an `<name>Iso` twin (null stays null). */
const SUMMARY_TIMES = ['createdAt', 'firstScanTime', 'lastScanTime', 'leadsUpdatedAt'] as const;

/** The times of a Get Totals row: there in every row, `null` when the service left one out (it requires none). */
const TOTALS_TIMES: readonly string[] = ['createdAt', 'lastScanTime', 'leadsUpdatedAt'];

/**
 * The one shape of a per-code summary from node version 1.2 on (Get Totals, Get for Codes' One Item per Code):
 * the code named as scan rows name it (`qrId`, `qrName`, `qrDisplayId`, `qrShortUrl`), times with ISO twins,
 * dates as `YYYY-MM-DD`. Get Totals' `id` becomes `qrId` and its `updatedAt` (QRTRAC's last scan time)
 * `lastScanTime`, so both operations and the scan rows use one name (`null` for a code never scanned, whose
 * `updatedAt` may be its record's time: api/scanTotals.ts `lastScanOf`); a time the service left out is `null`;
 * the ISO twins read each time in its unit.
 */
export function describeCodeSummaries(
	rows: IDataObject[],
	codes: Iterable<IDataObject>,
	idField: 'id' | 'qrId',
): IDataObject[] {
	const byId = codesById(codes);
	return rows.map((source) => {
		const { [idField]: qrId, ...rest } = source;
		// shown as `lastScanTime` (a scanned code's only)
		delete rest.updatedAt;
		const row: IDataObject = { qrId, ...codeNames(byId.get(String(qrId))), ...rest };
		if (idField === 'id') row.lastScanTime = lastScanOf(source) ?? null;
		for (const field of SUMMARY_TIMES) {
			if (!(field in row) && !(idField === 'id' && TOTALS_TIMES.includes(field))) continue;
			if (row[field] === undefined) row[field] = null;
			// Read by the unit its size shows (eventTime.ts), as every other read of these times: the contract types
			// them only as integers.
			row[`${field}Iso`] = isoTime(readEventTime(row[field], Date.now())) ?? null;
		}
		for (const field of ['todayDate', 'leadsTodayDate']) {
			if (typeof row[field] === 'string') row[field] = isoDate(row[field]);
		}
		return row;
	});
}

function codesById(codes: Iterable<IDataObject>): Map<string, IDataObject> {
	const byId = new Map<string, IDataObject>();
	for (const code of codes) if (typeof code.id === 'string') byId.set(code.id, code);
	return byId;
}

function codeNames(code: IDataObject | undefined): IDataObject {
	if (!code) return {};
	const names: IDataObject = {};
	if (typeof code.name === 'string') names.qrName = code.name;
	if (typeof code.displayId === 'string') names.qrDisplayId = code.displayId;
	const shortUrl = shortUrlOf(code);
	if (shortUrl !== undefined) names.qrShortUrl = shortUrl;
	return names;
}
