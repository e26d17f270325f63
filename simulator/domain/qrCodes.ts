import { createHash } from 'node:crypto';
import { badRequest, notFound } from '../apiError';
import type { QrRecord, Team } from '../model';
import { randomId } from '../random';
import type { Store } from '../store';
import { parseQrInput, type QrInput } from './qrInput';

/** Create, change, copy and soft-delete codes of one team. "Not found" is 400, as the service answers. */

const GENERATED_DISPLAY_ID_LENGTH = 7;

export function shortUrlOf(qr: Pick<QrRecord, 'baseUrl' | 'displayId'>): string {
	return qr.baseUrl + qr.displayId;
}

function imageHash(qr: QrRecord): string {
	return createHash('sha256')
		.update(`${shortUrlOf(qr)}|${qr.templateId}|${JSON.stringify(qr.design ?? null)}`)
		.digest('hex');
}

function newDisplayId(store: Store): string {
	for (;;) {
		const candidate = randomId('', GENERATED_DISPLAY_ID_LENGTH);
		if (!store.displayIdTaken(candidate)) return candidate;
	}
}

/** A code of the team that is not deleted; anything else is "not found". */
export function liveQr(store: Store, teamId: string, qrId: string): QrRecord {
	const qr = store.qrs.get(qrId);
	if (!qr || qr.teamId !== teamId || qr.deleted)
		throw notFound(
			`QR code not found: ${qrId}`,
			!qr ? 'unknown' : qr.teamId !== teamId ? (qr.deleted ? 'unknown' : 'foreign') : 'deleted',
		);
	return qr;
}

function assertQuota(store: Store, team: Team): void {
	const quota = store.quotaOf(team.id);
	if (store.liveQrsOfTeam(team.id).length >= quota) {
		throw badRequest(
			`QR code quota reached: your plan allows ${quota} QR codes for this team. Upgrade your plan to create more.`,
		);
	}
}

function assertBaseUrl(team: Team, baseUrl: string): void {
	const host = new URL(baseUrl).hostname.toLowerCase();
	if (!team.domains.includes(host)) {
		throw badRequest(
			`"baseUrl" host ${host} is not a domain of this team (${team.domains.join(', ')})`,
		);
	}
}

function assertTemplate(store: Store, team: Team, templateId: string): void {
	const template = store.templates.get(templateId);
	if (!template || template.teamId !== team.id)
		throw badRequest(`Template not found: ${templateId}`);
}

function assertDisplayIdFree(store: Store, displayId: string, exceptQrId?: string): void {
	if (store.displayIdTaken(displayId, exceptQrId))
		throw badRequest(`displayId "${displayId}" is already taken`);
}

function defaultTemplateId(store: Store, team: Team): string {
	const [first] = store
		.templatesOfTeam(team.id)
		.sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id));
	if (!first) throw new Error(`team ${team.id} has no templates`);
	return first.id;
}

function finish(store: Store, qr: QrRecord): QrRecord {
	qr.qrImageUrl = `${store.config.imageBaseUrl ?? store.config.publicUrl}/images/${qr.id}.png`;
	qr.qrImageHash = imageHash(qr);
	store.qrs.set(qr.id, qr);
	return qr;
}

/** Checks every rule, then stores the new code. `actorId` is written to createdBy/updatedBy. */
export function createQr(store: Store, team: Team, input: QrInput, actorId: string): QrRecord {
	assertQuota(store, team);
	if (input.displayId !== undefined) assertDisplayIdFree(store, input.displayId);
	if (input.baseUrl !== undefined) assertBaseUrl(team, input.baseUrl);
	if (input.templateId !== undefined) assertTemplate(store, team, input.templateId);
	const now = store.clock.now();
	/** Listed first so records read id-first; repeated after the request's fields so those cannot override them. */
	const identity = {
		id: randomId('qr_'),
		displayId: input.displayId ?? newDisplayId(store),
		name: input.name || 'Untitled',
		qrType: input.qrType,
		teamId: team.id,
		orgId: team.orgId,
	};
	const qr: QrRecord = {
		...identity,
		metadata: {},
		settings: {},
		tags: [],
		...input.fields,
		...identity,
		templateId: input.templateId ?? defaultTemplateId(store, team),
		baseUrl: input.baseUrl ?? `https://${team.defaultDomain}/`,
		qrImageUrl: '',
		qrImageHash: '',
		deleted: false,
		createdAt: now,
		createdBy: actorId,
		updatedAt: now,
		updatedBy: actorId,
	};
	return finish(store, qr);
}

/** Same as createQr, from a raw request body. */
export function createQrFromBody(
	store: Store,
	team: Team,
	body: unknown,
	actorId: string,
): QrRecord {
	return createQr(store, team, parseQrInput(body), actorId);
}

/**
 * PUT: the body is a full UpdateQrRequest. With `merge` (the default) its top-level fields are set on the stored
 * code and every other field stays; with `replace` the code becomes the body, and a request field the body leaves
 * out goes back to what a new code gets (see replacedBase). The service's own fields stay in both readings.
 */
export function updateQr(
	store: Store,
	team: Team,
	qrId: string,
	body: unknown,
	actorId: string,
): QrRecord {
	const current = liveQr(store, team.id, qrId);
	const input = parseQrInput(body);
	if (input.displayId !== undefined) assertDisplayIdFree(store, input.displayId, current.id);
	if (input.baseUrl !== undefined) assertBaseUrl(team, input.baseUrl);
	if (input.templateId !== undefined) assertTemplate(store, team, input.templateId);
	const base =
		store.config.putSemantics === 'replace' ? replacedBase(store, team, current) : current;
	const updated: QrRecord = {
		...base,
		...input.fields,
		name: input.name === undefined ? base.name : input.name || 'Untitled',
		qrType: input.qrType,
		updatedAt: store.clock.now(),
		updatedBy: actorId,
	};
	return finish(store, updated);
}

/**
 * What is left of a code before a replacing PUT applies its body: the service's own fields, and for the request
 * fields what a new code gets. The Display ID is the short link people scan: a body without one gets a newly
 * generated one, as a create would (the harshest reading a client must survive).
 */
function replacedBase(store: Store, team: Team, current: QrRecord): QrRecord {
	return {
		id: current.id,
		teamId: current.teamId,
		orgId: current.orgId,
		displayId: newDisplayId(store),
		name: 'Untitled',
		qrType: current.qrType,
		metadata: {},
		settings: {},
		tags: [],
		templateId: defaultTemplateId(store, team),
		baseUrl: `https://${team.defaultDomain}/`,
		qrImageUrl: current.qrImageUrl,
		qrImageHash: current.qrImageHash,
		deleted: false,
		createdAt: current.createdAt,
		createdBy: current.createdBy,
		updatedAt: current.updatedAt,
		updatedBy: current.updatedBy,
	};
}

export function touchQr(
	store: Store,
	qr: QrRecord,
	changes: Partial<QrRecord>,
	actorId: string,
): QrRecord {
	return finish(store, { ...qr, ...changes, updatedAt: store.clock.now(), updatedBy: actorId });
}

export function deleteQr(store: Store, team: Team, qrId: string, actorId: string): QrRecord {
	return touchQr(store, liveQr(store, team.id, qrId), { deleted: true }, actorId);
}

export function duplicateQr(store: Store, team: Team, qrId: string, actorId: string): QrRecord {
	const source = liveQr(store, team.id, qrId);
	assertQuota(store, team);
	const now = store.clock.now();
	const copy: QrRecord = {
		...structuredClone(source),
		id: randomId('qr_'),
		displayId: newDisplayId(store),
		createdAt: now,
		createdBy: actorId,
		updatedAt: now,
		updatedBy: actorId,
	};
	return finish(store, copy);
}
