import { badRequest } from '../apiError';
import { QR_TYPES, type QrType } from '../model';
import {
	optionalInteger,
	optionalObject,
	optionalString,
	optionalStringArray,
	optionalUri,
	requireObjectBody,
	requiredEnum,
	requiredUri,
} from '../validation';

/** Pattern of a display id (the path of the short URL), from the contract. */
export const DISPLAY_ID_PATTERN = /^[a-zA-Z0-9\-_.~%]+$/;
const BASE_URL_PATTERN = /^https?:\/\/.*\/$/;
/** Types whose scan goes straight to qrRedirectUrl, which they must therefore carry. */
const REDIRECT_TYPES: readonly QrType[] = ['WEB', 'SHORT_LINK'];
/** Fields the service owns: a request cannot set them, they are ignored. */
const SERVER_FIELDS = new Set([
	'id',
	'teamId',
	'orgId',
	'qrImageUrl',
	'qrImageHash',
	'deleted',
	'createdAt',
	'createdBy',
	'updatedAt',
	'updatedBy',
]);

/** A validated create/update body: the known fields typed, everything else kept as given. */
export interface QrInput {
	qrType: QrType;
	name?: string;
	displayId?: string;
	baseUrl?: string;
	templateId?: string;
	/** Every other accepted field, to store at the top level of the record. */
	fields: Record<string, unknown>;
}

export function assertDisplayIdFormat(displayId: string): void {
	if (!DISPLAY_ID_PATTERN.test(displayId)) {
		throw badRequest('"displayId" may contain only letters, digits and - _ . ~ %');
	}
}

/** CreateQrRequest (UpdateQrRequest is the same schema): qrType required, typed fields checked, unknown fields kept. */
export function parseQrInput(raw: unknown): QrInput {
	const body = requireObjectBody(raw);
	const qrType = requiredEnum(body, 'qrType', QR_TYPES);
	const name = optionalString(body, 'name');
	const displayId = optionalString(body, 'displayId');
	if (displayId !== undefined) assertDisplayIdFormat(displayId);
	if (REDIRECT_TYPES.includes(qrType)) requiredUri(body, 'qrRedirectUrl');
	else optionalUri(body, 'qrRedirectUrl');
	optionalObject(body, 'metadata');
	optionalObject(body, 'settings');
	optionalStringArray(body, 'tags');
	optionalString(body, 'folderId');
	optionalStringArray(body, 'folderIds');
	const templateId = optionalString(body, 'templateId');
	const baseUrl = optionalUri(body, 'baseUrl');
	if (baseUrl !== undefined && !BASE_URL_PATTERN.test(baseUrl)) {
		throw badRequest('"baseUrl" must start with http:// or https:// and end with /');
	}
	optionalInteger(body, 'expiryDate');
	optionalString(body, 'batchId');

	const fields: Record<string, unknown> = {};
	for (const [key, value] of Object.entries(body)) {
		if (!SERVER_FIELDS.has(key) && value !== undefined) fields[key] = value;
	}
	return { qrType, name, displayId, baseUrl, templateId, fields };
}
