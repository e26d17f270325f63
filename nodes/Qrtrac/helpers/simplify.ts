import type { IDataObject } from 'n8n-workflow';

/** The fields most workflows need from a QR code record; the raw record has many more. */
const SIMPLE_QR_FIELDS = [
	'id',
	'displayId',
	'name',
	'qrType',
	'qrRedirectUrl',
	'qrImageUrl',
	'tags',
	'teamId',
	'deleted',
	'createdAt',
	'updatedAt',
] as const;

export function simplifyQr(record: IDataObject): IDataObject {
	const simple: IDataObject = {};
	for (const field of SIMPLE_QR_FIELDS) {
		if (record[field] !== undefined) simple[field] = record[field];
	}
	return simple;
}

/** Keeps the mark of a change verified after an unknown outcome when a record is simplified. */
export function verifiedMarker(record: IDataObject): IDataObject {
	return record.verifiedAfterUnknownOutcome === true ? { verifiedAfterUnknownOutcome: true } : {};
}
