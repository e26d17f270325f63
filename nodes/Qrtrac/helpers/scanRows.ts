import type { IDataObject } from 'n8n-workflow';

import { isoTime, shortUrlOf } from './simplify';

/**
 * Scan events name their code only by its internal ID (`qrId`). Given the code records the operation read
 * anyway (the team's codes, or the codes picked), each row also gets the code's `qrName`, `qrDisplayId` and
 * `qrShortUrl`, and the scan time as ISO text (`scanTimeIso`). Rows whose code is not among `codes` keep only
 * what they had. Pure: no requests.
 */
export function describeScanRows(
	scans: IDataObject[],
	codes: Iterable<IDataObject>,
): IDataObject[] {
	const byId = new Map<string, IDataObject>();
	for (const code of codes) if (typeof code.id === 'string') byId.set(code.id, code);
	return scans.map((scan) => {
		const row: IDataObject = { ...scan, ...codeNames(byId.get(String(scan.qrId))) };
		const iso = isoTime(scan.scanTime);
		if (iso !== undefined) row.scanTimeIso = iso;
		return row;
	});
}

/** The same naming for rows keyed by another field, e.g. totals per code (`id`). */
export function describeCodeRows(
	rows: IDataObject[],
	codes: Iterable<IDataObject>,
	idField: string,
): IDataObject[] {
	const byId = new Map<string, IDataObject>();
	for (const code of codes) if (typeof code.id === 'string') byId.set(code.id, code);
	return rows.map((row) => ({ ...row, ...codeNames(byId.get(String(row[idField]))) }));
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
