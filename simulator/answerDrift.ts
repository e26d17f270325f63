import { CODE_ANSWER_OPERATIONS } from './codeAnswers';

/**
 * Shape drift: answers that read the contract's open points another way than the simulator's default, so that
 * every place a client reads an answer can be tried against a service that does not answer exactly as expected.
 * Each kind changes only successful answers, after the operation ran (the state is the same either way).
 *
 * Kinds a careful client should read right (plausible variants):
 * - `isoDates`: epoch-millisecond fields of records (createdAt, updatedAt, scanTime, ...) come as ISO 8601 text.
 * - `totalAlias`: the paginated list says `total` instead of `totalCount`.
 * - `bareLists`: the paginated list's data is the array of codes itself, without a total or page numbers.
 * - `availabilityObject`: Check Availability answers `success: true` with `data: {available, message}`.
 * - `changeWithoutId`: a change (updateQr, updateQrTags, updateQrTitle, updateTeam, updateDomainPreferences)
 *   answers its record without `id` (QrResponse and TeamResponse require no field); the change was made.
 * - `teamWithoutId`: Get Team (getTeamById) answers the team without `id` (Team requires no field).
 * - `partialWriteAnswers`: a write of a code (createQr, duplicateQr, updateQr, updateQrTags, updateQrTitle) answers
 *   only `{id, displayId, name, updatedAt}` (every Qr field is optional); the whole write was made.
 * Kind a careful client must refuse loudly (the needed fields are not there under any known name):
 * - `renamedFields`: list fields, identifiers and counts carry other names than the contract's.
 * - `createWithoutId`: a create (createQr, duplicateQr, v1 create, createTeam) answers its record without `id`;
 *   the code or team was created all the same. (The v1 create's answer is unpublished: a client returns it as
 *   sent; a Create with a Display ID is found by it.)
 */
export const SHAPE_DRIFTS = [
	'isoDates',
	'totalAlias',
	'bareLists',
	'availabilityObject',
	'changeWithoutId',
	'teamWithoutId',
	'partialWriteAnswers',
	'renamedFields',
	'createWithoutId',
] as const;
export type ShapeDrift = (typeof SHAPE_DRIFTS)[number];

type Json = Record<string, unknown>;

/** Top-level record fields that hold epoch milliseconds in the contract. */
const EPOCH_FIELDS = ['createdAt', 'updatedAt', 'scanTime', 'expiryDate', 'leadsUpdatedAt'];

/** Operations whose data is a list of records (or one record) that `isoDates` and `renamedFields` reach. */
const RECORD_OPERATIONS = new Set([
	...CODE_ANSWER_OPERATIONS,
	'getQrTemplatesByTeam',
	'getQrAnalytics',
	'getBulkQrAnalytics',
	'getTotalScansOverview',
	'getAllTeams',
	'createTeam',
	'getTeamById',
	'updateTeam',
	'updateDomainPreferences',
]);

/** Operations that create a code or team, whose answer `createWithoutId` sends without the new record's `id`. */
const CREATE_OPERATIONS = new Set(['createQr', 'duplicateQr', 'simpleCreateDynamic', 'createTeam']);

/** Operations that change a code or team, whose answer `changeWithoutId` sends without the record's `id`. */
const CHANGE_OPERATIONS = new Set([
	'updateQr',
	'updateQrTags',
	'updateQrTitle',
	'updateTeam',
	'updateDomainPreferences',
]);

/** The writes of a code, whose answer `partialWriteAnswers` cuts down to a few fields. */
const CODE_WRITE_OPERATIONS = new Set([
	'createQr',
	'duplicateQr',
	'updateQr',
	'updateQrTags',
	'updateQrTitle',
]);
const PARTIAL_FIELDS = ['id', 'displayId', 'name', 'updatedAt'];

/** Operations whose list answer is wrapped in an object under an unknown name by `renamedFields`. */
const WRAPPED_LISTS: Record<string, string> = {
	getTeamQrsFromTime: 'codes',
	getAllQrsFromTime: 'codes',
	getQrTemplatesByTeam: 'templates',
	getAllTeams: 'teams',
};

/** The answer body as the drift kinds in effect would send it. */
export function driftAnswer(
	drifts: ReadonlySet<ShapeDrift>,
	operationId: string | undefined,
	body: unknown,
): unknown {
	if (drifts.size === 0 || !operationId || !isObject(body) || body.success === false) return body;
	let answer: Json = structuredClone(body);
	if (drifts.has('isoDates') && RECORD_OPERATIONS.has(operationId))
		answer.data = mapRecords(answer.data, isoDates);
	if (drifts.has('isoDates') && operationId === 'getTeamQrsPaginated' && isObject(answer.data)) {
		answer.data = { ...answer.data, qrs: mapRecords(answer.data.qrs, isoDates) };
	}
	if (operationId === 'getTeamQrsPaginated') answer = driftPage(drifts, answer);
	if (drifts.has('availabilityObject') && operationId === 'checkQrAvailability') {
		answer = { success: true, data: { available: answer.success === true, message: answer.data } };
	}
	if (drifts.has('renamedFields')) answer = renameFields(operationId, answer);
	if (
		((drifts.has('createWithoutId') && CREATE_OPERATIONS.has(operationId)) ||
			(drifts.has('changeWithoutId') && CHANGE_OPERATIONS.has(operationId)) ||
			(drifts.has('teamWithoutId') && operationId === 'getTeamById')) &&
		isObject(answer.data)
	) {
		const data = { ...answer.data };
		delete data.id;
		answer = { ...answer, data };
	}
	if (
		drifts.has('partialWriteAnswers') &&
		CODE_WRITE_OPERATIONS.has(operationId) &&
		isObject(answer.data)
	) {
		const data = answer.data;
		answer = {
			...answer,
			data: Object.fromEntries(
				PARTIAL_FIELDS.filter((field) => field in data).map((field) => [field, data[field]]),
			),
		};
	}
	return answer;
}

function driftPage(drifts: ReadonlySet<ShapeDrift>, answer: Json): Json {
	if (!isObject(answer.data)) return answer;
	const page = answer.data;
	if (drifts.has('bareLists')) return { ...answer, data: page.qrs };
	if (drifts.has('totalAlias')) {
		const { totalCount, ...rest } = page;
		return { ...answer, data: { ...rest, total: totalCount } };
	}
	return answer;
}

/** Every place gets a name the contract does not use. */
function renameFields(operationId: string, answer: Json): Json {
	const data = answer.data;
	if (operationId === 'getTeamQrsPaginated' && isObject(data)) {
		const { qrs, ...rest } = data;
		return { ...answer, data: { ...rest, codes: qrs } };
	}
	if (operationId === 'checkQrAvailability')
		return { success: true, data: { isFree: answer.success === true } };
	const wrapper = WRAPPED_LISTS[operationId];
	if (wrapper) return { ...answer, data: { [wrapper]: data } };
	if (operationId === 'getTeamById' && isObject(data)) {
		const { members, ...rest } = data;
		return { ...answer, data: { ...rest, users: members } };
	}
	if (operationId === 'getQrAnalytics' || operationId === 'getBulkQrAnalytics') {
		return {
			...answer,
			data: mapRecords(data, (scan) => rename(rename(scan, 'scanTime', 'time'), 'qrId', 'code')),
		};
	}
	if (operationId === 'getTotalScansOverview') {
		return {
			...answer,
			data: mapRecords(data, (total) => rename(rename(total, 'totalScans', 'scans'), 'id', 'qrId')),
		};
	}
	if (RECORD_OPERATIONS.has(operationId))
		return { ...answer, data: mapRecords(data, (record) => rename(record, 'id', '_id')) };
	return answer;
}

function mapRecords(data: unknown, change: (record: Json) => Json): unknown {
	if (Array.isArray(data)) return data.map((entry) => (isObject(entry) ? change(entry) : entry));
	return isObject(data) ? change(data) : data;
}

function isoDates(record: Json): Json {
	const copy: Json = { ...record };
	for (const field of EPOCH_FIELDS) {
		if (typeof copy[field] === 'number')
			copy[field] = new Date(copy[field] as number).toISOString();
	}
	return copy;
}

function rename(record: Json, from: string, to: string): Json {
	if (!(from in record)) return record;
	const { [from]: value, ...rest } = record;
	return { ...rest, [to]: value };
}

function isObject(value: unknown): value is Json {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}
