import type { IDataObject } from 'n8n-workflow';

import type { QrtracResponse, TransportContext } from '../transport';
import {
	askedById,
	namesRecord,
	qrCodeShape,
	readQrCode,
	unexpectedAnswer,
	type AnswerSource,
	type QrCode,
} from './answers';
import { changeNotHeld, readAfterChange } from './answerErrors';
import { createdInOtherTeam, lookBeforeCreatingAgain, readCreatedQrCode } from './created';
import { createOnce } from './createTries';
import { findQrByDisplayId } from './qrList';
import { findTakenDisplayId, VERIFY_LOOKBACK_MS, type TeamListing } from './takenDisplayId';
import { callEndpoint, connectionOf, type InTeam } from './source';
import {
	completeUpdateBody,
	holdsTitle,
	isLive,
	leavesOutSettings,
	lostKnownSettings,
	ofOtherTeam,
	sameTags,
	valueAt,
} from '../records/qrCode';
import { cannotShowText, holdsChange, showsChange, unchangedFields } from '../records/qrCodeChange';
import { OutcomeUntold } from '../qrtracRequest';
import type { CheckWait } from '../checkWait';
import { verifiedMarker } from '../records/simplify';
import { isPlainObject } from '../plainObject';
import { deletedSince } from './deletions';
import { CODE_ADDRESSES } from './recordAddress';
import { noCodeAnswered, otherTeamCode } from './codeReadAnswers';

/** The QR code operations of the contract (11), each one typed function; nothing else writes these paths. */

export async function createQr(
	ctx: TransportContext,
	{ body, teamId, itemIndex, listing }: InTeam & { body: IDataObject; listing?: TeamListing },
): Promise<{ code: QrCode; recovered: boolean }> {
	const displayId = typeof body.displayId === 'string' ? body.displayId : undefined;
	const create = {
		operation: 'Create QR Code',
		kind: 'code' as const,
		body: { body, teamId: teamId ?? null },
		itemIndex,
		displayId,
		// n8n's next try after an unknown outcome looks the Display ID up as a create refused as taken does.
		settle: displayId
			? async () => {
					const made = await findTakenDisplayId(ctx, { displayId, teamId, itemIndex }, listing);
					return made ? { code: made, recovered: true } : undefined;
				}
			: undefined,
		// a try after a success reads the code by its ID (one GET) rather than keeping it for hours
		again: {
			keep: ({ code, recovered }: { code: QrCode; recovered: boolean }) => ({
				id: code.id,
				recovered,
			}),
			give: async ({ id, recovered }: { id: string; recovered: boolean }) => ({
				code: await getQrById(ctx, { id, teamId, itemIndex }),
				recovered,
			}),

			gone: ({ code }: { code: QrCode }) => !isLive(code),
		},
	};
	return await createOnce(ctx, create, async () => {
		const lookUp = displayId
			? async (checking: CheckWait) =>
					await findQrByDisplayId(ctx, { displayId, teamId, itemIndex, checking })
			: undefined;
		const response = await callEndpoint(ctx, {
			operation: 'Create QR Code',
			route: 'POST /qrs-api',
			usesPlan: 'codes',
			body,
			teamId,
			itemIndex,
			// With a Display ID an unknown outcome is settled by looking the code up; without one it cannot be.
			verifyUnknownOutcome: lookUp ? async (check) => (await lookUp(check)) ?? null : undefined,
			// The retry refused ("taken") after a lost answer: the code the first attempt made may only now be listed.
			verifyAfterRefusal: displayId
				? async (checking) =>
						await findTakenDisplayId(ctx, { displayId, teamId, itemIndex, checking }, listing)
				: undefined,
			unknownOutcomeAdvice: displayId ? lookBeforeCreatingAgain('code', displayId) : undefined,
		});
		// A create answered without its code's `id` (namesRecord) made its code all the same: found by its Display ID.
		if (!namesRecord(response.data) && displayId) {
			const made = await findTakenDisplayId(ctx, { displayId, teamId, itemIndex }, listing);
			if (made) return { code: made, recovered: false };
		}
		const recovered = response.recovered === true || response.verifiedAfterUnknownOutcome === true;
		// a code found by a look-up is judged against the row by the caller (createQr's `recovered`), not as an answer
		const answer = recovered ? undefined : body;
		const code = readCreatedQrCode(response.source, response.data, 'code', displayId, answer);
		// A code made in another team than the one asked for is never reported as this team's.
		const asked = teamId ?? (await connectionOf(ctx)).teamId;
		if (ofOtherTeam(code, asked)) throw createdInOtherTeam(response.source, code, asked, displayId);
		return { code, recovered };
	});
}

/**
 * PUT of a code. The contract does not say whether the service merges the body into the code or replaces the
 * code with it, so the body is always complete: every request field of the stored code, with `changes` applied
 * (completeUpdateBody, records/qrCode.ts). Fields nobody changed then stay whichever way the service reads a PUT.
 * What it wrote of `changes` is held against the answer and the stored code by the record's rule (unchangedFields,
 * changedCode); after an answer that says nothing or a refused retry, the code read must show it (holdsChange).
 */
export async function updateQr(
	ctx: TransportContext,
	{
		id,
		stored,
		changes,
		teamId,
		itemIndex,
	}: InTeam & { id: string; stored: IDataObject; changes: IDataObject },
): Promise<QrCode> {
	// Whether a PUT was settled by a read after an empty answer or a refused retry: the output says so, as Update Tags'.
	let verified = false;
	const put = async (withKnownSettings: boolean) => {
		const body = completeUpdateBody(stored, changes, withKnownSettings);
		// The change as the body carries it: settings a body leaves out were not written; re-sent ones were.
		const keys = [...Object.keys(changes), ...(withKnownSettings ? ['settings'] : [])];
		const written = Object.fromEntries(
			[...new Set(keys)]
				.filter(
					(key) =>
						(changes[key] !== undefined || (withKnownSettings && key === 'settings')) &&
						body[key] !== undefined,
				)
				.map((key) => [key, body[key]]),
		);
		// Re-sent settings must be back: a code still without them is the code as the first PUT left it.
		const alsoNotShown = (held: QrCode) =>
			withKnownSettings && lostKnownSettings(stored, held) ? ['settings'] : [];
		const response = await callEndpoint(ctx, {
			...CODE_ADDRESSES.update,
			params: { id },
			body,
			teamId,
			itemIndex,
			// an answer saying nothing (`{}`, a 204), or a retry refused after a lost answer: the code read by its ID
			// settles it when it shows the change (holdsChange); one still at an old value has the PUT sent again, or
			// the refusal stands; one that cannot tell fails the item, never sent again
			verifyAfterRefusal: async (checking) => {
				const code = await getQrById(ctx, { id, teamId, itemIndex, checking });
				const read =
					alsoNotShown(code).length > 0 ? 'not held' : holdsChange(written, code, stored);
				if (read === 'held') return code;
				return read === 'not held' ? undefined : new OutcomeUntold(cannotShowText(read.cannotShow));
			},
		});
		verified ||= response.verifiedAfterUnknownOutcome === true;
		const code = await changedCode(
			ctx,
			response,
			{ id, teamId, itemIndex },
			{ written, before: stored, alsoNotShown },
		);
		return { code, written };
	};
	const marked = (code: QrCode): QrCode => ({
		...code,
		...verifiedMarker({ verifiedAfterUnknownOutcome: verified }),
	});
	const { code, written } = await put(false);
	if (!leavesOutSettings(stored, changes)) return marked(code);
	// Settings with a hidden password were left out; a service that replaced the code with the body dropped them,
	// so they are sent again, less the password nobody can know (records/qrCode.ts). An answer without settings,
	// or one that shows no change (it may be the code before the PUT, settings intact), does not tell: the code is
	// read by its ID.
	const shown =
		isPlainObject(code.settings) && showsChange(written, code, stored)
			? code
			: await getQrById(ctx, { id, teamId, itemIndex });
	return marked(lostKnownSettings(stored, shown) ? (await put(true)).code : shown);
}

/** Soft delete. A retry refused after a lost answer is checked against the team's recent changes: deletedSince. */
export async function deleteQr(
	ctx: TransportContext,
	{ id, teamId, itemIndex, laterCheck }: InTeam & { id: string; laterCheck: boolean },
): Promise<IDataObject> {
	const response = await callEndpoint(ctx, {
		...CODE_ADDRESSES.delete,
		params: { id },
		teamId,
		itemIndex,
		verifyAfterRefusal: async (checking) => {
			const fromTime = Date.now() - VERIFY_LOOKBACK_MS;
			return await deletedSince(ctx, { id, teamId, itemIndex, fromTime, laterCheck, checking });
		},
	});
	// Its answer's record (all fields optional) is kept when it reads as a code; none does not fail a done delete.
	const answered = qrCodeShape.safeParse(response.data);
	return { ...(answered.success ? answered.data : {}), ...verifiedMarker(response) };
}

export async function updateQrTags(
	ctx: TransportContext,
	{
		id,
		tags,
		before,
		teamId,
		itemIndex,
	}: InTeam & { id: string; tags: string[]; before?: IDataObject },
): Promise<QrCode> {
	const response = await callEndpoint(ctx, {
		...CODE_ADDRESSES.tags,
		params: { id },
		body: { tags },
		teamId,
		itemIndex,
		verifyAfterRefusal: async (checking) => {
			const code = await getQrById(ctx, { id, teamId, itemIndex, checking });
			return sameTags(code.tags, tags) ? code : undefined;
		},
	});
	const code = await changedCode(
		ctx,
		response,
		{ id, teamId, itemIndex },
		{ written: { tags }, before },
	);
	return { ...code, ...verifiedMarker(response) };
}

export async function updateQrTitle(
	ctx: TransportContext,
	{
		id,
		title,
		before,
		teamId,
		itemIndex,
	}: InTeam & { id: string; title: string; before?: IDataObject },
): Promise<QrCode> {
	const response = await callEndpoint(ctx, {
		...CODE_ADDRESSES.title,
		params: { id },
		body: { title },
		teamId,
		itemIndex,
		verifyAfterRefusal: async (checking) => {
			const code = await getQrById(ctx, { id, teamId, itemIndex, checking });
			return holdsTitle(code, title) ? code : undefined;
		},
	});
	const code = await changedCode(
		ctx,
		response,
		{ id, teamId, itemIndex },
		{ written: { name: title }, before },
	);
	return { ...code, ...verifiedMarker(response) };
}

/**
 * The team's code `id`. `typedId: false` where the user did not type the ID or QRTRAC just accepted it (the
 * trigger's watched codes, a read after a change): an answer without a code then does not say to check the ID.
 */
export async function getQrById(
	ctx: TransportContext,
	{ id, teamId, itemIndex, typedId, checking }: InTeam & { id: string; typedId?: false },
): Promise<QrCode> {
	const { data, source } = await callEndpoint(ctx, {
		...CODE_ADDRESSES.get,
		params: { id },
		teamId,
		itemIndex,
		checking,
	});
	if (data === undefined) throw noCodeAnswered(source, id, typedId ?? true);
	const code = readQrCode(source, askedById(data, id));
	// Every change of one code reads it here first: another code's record, or a code of another team, is never
	// shown or changed as the asked one.
	if (code.id !== id)
		throw unexpectedAnswer(
			source,
			`the code asked for, "${id}" (a QR code ID, not a Display ID)`,
			{ id: code.id, displayId: code.displayId },
			`"id" is "${code.id}", another code`,
		);
	const asked = teamId ?? (await connectionOf(ctx)).teamId;
	if (ofOtherTeam(code, asked)) throw otherTeamCode(source, asked, code);
	return code;
}

/**
 * The code a change left. The contract does not say whether a change's answer is the code before or after it, and
 * some successes name no record (namesRecord): the answer counts when it is the asked code's record and shows no
 * written field still at its value `before` (unchangedFields; an old value that is the written one in the
 * service's form counts as written); otherwise the code is read by its ID, and a read still holding an old value
 * fails the item, never `updated` on a change QRTRAC does not hold. Without `before` (saved nodes sending a change
 * without reading the code first) an unmade change and the service's form of the written value look alike: the
 * read is taken as what QRTRAC holds, so that no correct change fails.
 */
async function changedCode(
	ctx: TransportContext,
	response: Pick<QrtracResponse<unknown>, 'data'> & { source: AnswerSource },
	target: InTeam & { id: string },
	{
		written,
		before,
		alsoNotShown = () => [],
	}: { written: IDataObject; before?: IDataObject; alsoNotShown?: (code: QrCode) => string[] },
): Promise<QrCode> {
	const notShown = (code: QrCode) => [
		...unchangedFields(written, code, before),
		...alsoNotShown(code),
	];
	if (namesRecord(response.data)) {
		const answered = readQrCode(response.source, response.data);
		// A record naming another team is not the team's code, whatever its ID: the read below settles it.
		const ofAsked = !ofOtherTeam(answered, target.teamId ?? (await connectionOf(ctx)).teamId);
		if (answered.id === target.id && ofAsked && notShown(answered).length === 0) return answered;
	}
	const held = await readAfterChange(
		response.source,
		async () => await getQrById(ctx, { ...target, typedId: false }),
	);
	if (before === undefined) return held;
	const fields = notShown(held);
	if (fields.length === 0) return held;
	const at = (code: IDataObject) =>
		Object.fromEntries(fields.map((field) => [field, valueAt(code, field) ?? null]));
	throw changeNotHeld(response.source, at(written), at(held), response.data);
}
