import type { IDataObject } from 'n8n-workflow';
import { z } from 'zod';

import { isPlainObject } from '../plainObject';
import { firstIssue, unexpectedAnswer, type AnswerSource } from './answerErrors';
import { lacksCode, type CodeField } from './scanAttribution';
import { serviceDay } from '../records/serviceDay';

export { excerptOf, sentence, unexpectedAnswer, type AnswerSource } from './answerErrors';

/**
 * Reading QRTRAC's answers. The contract names the fields, but a service may answer another way, and a client
 * that guesses turns that into a silent wrong result (a renamed list read as "no codes"). Rule: every reader
 * checks the fields its caller needs and fails with a clear error that names the operation, what was expected
 * and a short excerpt of what came back; it never returns an empty or made-up result instead. Variants that cost
 * nothing to read are accepted: epoch milliseconds written as ISO 8601 text (converted to epoch milliseconds),
 * `total` beside `totalCount`, a bare array as the paginated list's data, and availability as `{available}`.
 * Fields nobody reads are passed through untouched, so nothing the service sends is lost.
 */

/**
 * Epoch milliseconds from a number or from ISO 8601 text; anything else is left as it is for the schema to refuse.
 * Text without a zone is read as UTC, the contract's clock: read in n8n's local time, it would move with n8n's zone.
 */
export function toEpochMs(value: unknown): unknown {
	if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}T/.test(value)) return value;
	const zoned = /(?:Z|[+-]\d{2}:?\d{2})$/i.test(value);
	const ms = Date.parse(zoned ? value : `${value}Z`);
	return Number.isNaN(ms) ? value : ms;
}

/** What a time must be, in words for errors: the units the node reads (eventTime.ts). */
const TIME_EXPECTED =
	'must be a number of epoch seconds, milliseconds or microseconds, or ISO 8601 text';

const epochMs = z.preprocess(toEpochMs, z.number({ invalid_type_error: TIME_EXPECTED }).finite());
/** An optional time; null is the field left out. */
const optionalEpochMs = z.preprocess(
	(value) => (value === null ? undefined : toEpochMs(value)),
	z.number({ invalid_type_error: TIME_EXPECTED }).finite().optional(),
);
/** When a record was made or changed: 0 too (a never-set number's default; nothing was made in 1970) is left out. */
const changeTime = z.preprocess((value) => (value === 0 ? undefined : value), optionalEpochMs);
const id = z
	.string({ required_error: 'is missing', invalid_type_error: 'must be text' })
	.min(1, 'is empty');

/** Text the contract's Qr gives a field; null is read as the field left out. */
const optionalText = z.string({ invalid_type_error: 'must be text' }).nullish();

/**
 * A QR code: an id, and where present, readable times and the fields that name it as text (a name of 42 is no
 * service's form of a written name, so a change is never taken as made on it).
 */
export const qrCodeShape = z
	.object({
		id,
		displayId: z.string().optional(),
		name: optionalText,
		qrType: optionalText,
		qrRedirectUrl: optionalText,
		createdAt: changeTime,
		updatedAt: changeTime,
		expiryDate: optionalEpochMs,
		deleted: z.boolean().optional(),
		tags: z.array(z.string()).optional(),
	})
	.passthrough();

/** A code from an "updated after time" list: it needs a time of change, `updatedAt` or (never updated) `createdAt`. */
export const changedQrCodeShape = qrCodeShape.refine(
	(code) => code.updatedAt !== undefined || code.createdAt !== undefined,
	{ message: 'has neither "updatedAt" nor "createdAt"' },
);

/**
 * A design template. The contract's Template requires no field: one without `id`, or with an empty one, is listed
 * as given (Get Many), though nobody can choose it (the picker leaves it out); an `id` it has must be text.
 */
export const templateShape = z
	.object({
		id: z.string({ invalid_type_error: 'must be text' }).optional(),
		createdAt: changeTime,
	})
	.passthrough();

/**
 * A listed member: the e-mail identifies them. TeamMember has no required field: `role` may be absent (a pending
 * invitee), and so may `email` (a placeholder, an address the service hides; null read alike). Outputs show the
 * member as given; such a member is nobody the node can name (api/listedMembers.ts `isUnidentified`).
 */
export const memberShape = z
	.object({
		email: z.string({ invalid_type_error: 'must be text' }).nullish(),
		role: z.string().optional(),
	})
	.passthrough();

export const teamShape = z
	.object({
		id,
		createdAt: changeTime,
		updatedAt: changeTime,
		members: z.array(memberShape).optional(),
	})
	.passthrough();

/** A team as a roster, for listing its members: they must be there (Team.members is optional in the contract). */
export const teamWithMembersShape = teamShape.extend({
	members: z.array(memberShape, { required_error: 'is missing' }),
});

export const scanShape = z.object({ qrId: id, scanTime: epochMs }).passthrough();

/** A count of a totals row: optional (a row without `totalScans` gives no totals, codeTotals.ts), else whole. */
const totalsCount = z
	.number({ invalid_type_error: 'must be a whole number' })
	.int('must be a whole number')
	.nonnegative('must not be negative')
	.nullish();

export const scanTotalsShape = z
	.object({
		id,
		// the contract types every count as an integer: text or a fraction would be shown as a count, so it fails
		totalScans: totalsCount,
		todayScans: totalsCount,
		yesterdayScans: totalsCount,
		totalLeadsCount: totalsCount,
		leadsTodayCount: totalsCount,
		leadsYesterdayCount: totalsCount,
		createdAt: changeTime,
		updatedAt: changeTime,
		leadsUpdatedAt: changeTime,
		todayDate: serviceDay,
		leadsTodayDate: serviceDay,
	})
	.passthrough();

const count = z.number().int().nonnegative().optional();
/** An echoed page number or size: read when it is a whole number, else left unknown (the walk then infers it). */
const echoed = z
	.unknown()
	.transform((value) => (Number.isInteger(value) ? (value as number) : undefined));

/** One page of the list as read: the codes, and what the answer announces or echoes. */
export interface QrPage {
	qrs: QrCode[];
	totalCount?: number;
	page?: number;
	limit?: number;
}

/** The paginated list: `{qrs, totalCount, page, limit}` (or `total`), or the bare list of codes. */
const pageShape = z.union([
	z.array(qrCodeShape).transform((qrs): QrPage => ({ qrs: qrs as QrCode[] })),
	z
		.object({
			qrs: z.array(qrCodeShape, { required_error: 'is missing' }),
			totalCount: count,
			total: count,
			page: echoed,
			limit: echoed,
		})
		.passthrough()
		.transform(({ qrs, totalCount, total, page, limit }): QrPage => ({
			qrs: qrs as QrCode[],
			totalCount: totalCount ?? total,
			page,
			limit,
		})),
]);

/** Check Display ID Availability: `success` says it (contract), or `data.available` where the service puts it there. */
const availabilityShape = z.union([
	z
		.object({ success: z.boolean(), data: z.string().optional() })
		.transform(({ success, data }) => ({ available: success, message: data })),
	z
		.object({
			success: z.literal(true),
			data: z.object({ available: z.boolean(), message: z.string().optional() }).passthrough(),
		})
		.transform(({ data }) => ({ available: data.available, message: data.message })),
]);

export type QrCode = z.infer<typeof qrCodeShape> & IDataObject;
/** A changed code placed on the timeline (api/changes.ts): `updatedAt` in epoch ms, whatever the answer's unit. */
export type ChangedQrCode = QrCode & { updatedAt: number };
export type Team = z.infer<typeof teamShape> & IDataObject;
export type TeamWithMembers = z.infer<typeof teamWithMembersShape> & IDataObject;
export type Member = z.infer<typeof memberShape> & IDataObject;
export type Scan = z.infer<typeof scanShape> & IDataObject;
export type ScanTotals = z.infer<typeof scanTotalsShape> & IDataObject;

/** What each reader expects, in words for the error. */
const EXPECTED = {
	record: 'an object with a text "id"',
	list: 'a list of objects, each with a text "id"',
	templates: 'a list of objects, each with, if any, a text "id"',
	page: '"data.qrs" (a list of codes, each with an "id") and "data.totalCount", or a bare list of codes',
	changes: 'a list of codes, each with an "id" and an "updatedAt" (or "createdAt") time',
	roster: 'a team with a list "members", each member an object whose "email", if any, is text',
	scans: 'a list of scan events, each with a text "qrId" and a "scanTime" time',
	scansOfOne:
		'a list of scan events, each with a "scanTime" time and, if any, the asked code\'s "qrId"',
	totals:
		'a list of totals, each with the code\'s text "id" and its counts, if any, as whole numbers',
	totalsOfOne:
		'a list of totals, each with, if any, the asked code\'s "id", and its counts, if any, as whole numbers',
	availability: '"success" true or false, or "data.available"',
};

function read<S extends z.ZodTypeAny>(
	source: AnswerSource,
	schema: S,
	value: unknown,
	expected: string,
): z.infer<S> {
	const parsed = schema.safeParse(value);
	if (parsed.success) return parsed.data;
	throw unexpectedAnswer(source, expected, value, firstIssue(parsed.error));
}

/**
 * Whether a success answer's `data` names its record by a text `id`. QrResponse and TeamResponse require no
 * field (NOTES: some successes carry only `success`), so a change or create answered without one was made all
 * the same: its caller reads the record back (by ID, or a create by its Display ID) or says it was probably made,
 * the same way whether `data` is absent, empty or partial.
 */
export function namesRecord(data: unknown): boolean {
	return isPlainObject(data) && typeof data.id === 'string' && data.id !== '';
}

/**
 * The answer to a read of one record by its ID (`id`): a record without `id` is that record (the contract's Qr and
 * Team require no field), so it gets the asked ID; any `id` it has is kept, for the caller to hold to the asked one.
 */
export function askedById(data: unknown, id: string): unknown {
	return isPlainObject(data) && data.id === undefined ? { ...data, id } : data;
}

export function readQrCode(source: AnswerSource, data: unknown): QrCode {
	return read(source, qrCodeShape, data, EXPECTED.record) as QrCode;
}

export function readQrCodeList(source: AnswerSource, data: unknown): QrCode[] {
	return read(source, z.array(qrCodeShape), data, EXPECTED.list) as QrCode[];
}

/**
 * A list the contract lets be empty, answered `success: true` with no `data` at all (NOTES: some success answers
 * carry only `success`; the transport lets nothing else through without `data`): the empty list. Only for lists
 * where nothing else can be meant (codes changed since a time, a team's templates, scan events, totals); `null` or any other value
 * still goes through the shape. Never for the paginated list (its `totalCount`) or the organization's teams.
 */
function emptyWhenOmitted(data: unknown): unknown {
	return data === undefined ? [] : data;
}

export function readChangedQrCodes(source: AnswerSource, data: unknown): QrCode[] {
	return read(
		source,
		z.array(changedQrCodeShape),
		emptyWhenOmitted(data),
		EXPECTED.changes,
	) as QrCode[];
}

export function readQrPage(source: AnswerSource, data: unknown): QrPage {
	return read(source, pageShape, data, EXPECTED.page);
}

export function readTemplates(source: AnswerSource, data: unknown): IDataObject[] {
	return read(
		source,
		z.array(templateShape),
		emptyWhenOmitted(data),
		EXPECTED.templates,
	) as IDataObject[];
}

export function readTeam(source: AnswerSource, data: unknown): Team {
	return read(source, teamShape, data, EXPECTED.record) as Team;
}

export function readTeams(source: AnswerSource, data: unknown): Team[] {
	return read(source, z.array(teamShape), data, EXPECTED.list) as Team[];
}

export function readRoster(source: AnswerSource, data: unknown): TeamWithMembers {
	return read(source, teamWithMembersShape, data, EXPECTED.roster) as TeamWithMembers;
}

/**
 * Scan events. An answer whose events already hold what the shape asks (a text `qrId`, a finite number
 * `scanTime`) is taken as it is: the shape's copy of every event would cost more than a whole report does with
 * them. Any other answer goes through the shape, for its conversions (ISO times) and its error.
 */
export function readScans(source: AnswerSource, answered: unknown, impliedQrId?: string): Scan[] {
	const data = emptyWhenOmitted(answered);
	if (Array.isArray(data) && data.every(isReadyScan)) return data as Scan[];
	if (impliedQrId === undefined)
		return read(source, z.array(scanShape), data, EXPECTED.scans) as Scan[];
	const events = Array.isArray(data)
		? data.map((event) => withImplied(event, 'qrId', impliedQrId))
		: data;
	return read(source, z.array(scanShape), events, EXPECTED.scansOfOne) as Scan[];
}

/**
 * A record without the code's ID (`field`) of an answer about one code is that code's: the contract's
 * `ScanData.qrId` and the totals' `id` are optional. A record naming another code keeps it, for the caller to refuse.
 */
function withImplied(record: unknown, field: CodeField, qrId: string): unknown {
	return lacksCode(record, field) ? { ...(record as object), [field]: qrId } : record;
}

function isReadyScan(value: unknown): boolean {
	if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
	const { qrId, scanTime } = value as { qrId?: unknown; scanTime?: unknown };
	return typeof qrId === 'string' && qrId !== '' && Number.isFinite(scanTime);
}

/**
 * Totals rows. `{success: true}` without `data` is no rows (the contract requires no field); a row without `id`
 * is the code's when one code was asked (`impliedQrId`); an answer about several holding one is asked again per
 * code before it comes here (scanAttribution.ts).
 */
export function readScanTotals(
	source: AnswerSource,
	answered: unknown,
	impliedQrId?: string,
): ScanTotals[] {
	const data = emptyWhenOmitted(answered);
	if (impliedQrId === undefined)
		return read(source, z.array(scanTotalsShape), data, EXPECTED.totals) as ScanTotals[];
	const rows = Array.isArray(data) ? data.map((row) => withImplied(row, 'id', impliedQrId)) : data;
	return read(source, z.array(scanTotalsShape), rows, EXPECTED.totalsOfOne) as ScanTotals[];
}

export function readAvailability(
	source: AnswerSource,
	body: IDataObject,
): { available: boolean; message?: string } {
	return read(source, availabilityShape, body, EXPECTED.availability);
}
