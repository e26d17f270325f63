import type { IDataObject, INode, NodeApiError } from 'n8n-workflow';
import type { z } from 'zod';

import { markOutcomeUnknown } from '../outcomeMarks';
import {
	excerptOf,
	namesRecord,
	qrCodeShape,
	sentence,
	type AnswerSource,
	type QrCode,
} from './answers';
import { firstIssue } from './answerErrors';
import { apiError } from '../nodeErrors';
import { namedTeam } from '../records/qrCode';
import { otherThanSent } from '../records/qrCodeChange';

/**
 * Reading a create's answer (Create, Create or Update's creates, Duplicate, Create Team). A success
 * answer means the service acted, so one without a usable `id` does not mean "nothing happened": the code was
 * probably made. Rule: fail loudly and say so, because running the item again as it is makes a second code.
 */

/**
 * What a create makes. The v1 Dynamic Link's answer is not published, so nothing of it is demanded (no "probably
 * created" error); only its advice after an unknown outcome is here.
 */
export type CreateKind = 'code' | 'copy' | 'team' | 'link';

/**
 * What api/createTries.ts keeps the tries of: a create, or a resent invitation (no record, but an e-mail to the
 * person that spends one of the few resends QRTRAC allows).
 */
export type TriedKind = CreateKind | 'invite';

/** What to do before resending an invitation whose outcome is unknown. */
export const ASK_BEFORE_RESENDING =
	'Ask the person whether the invitation arrived before resending it: each resend sends another e-mail and spends one of the few resends QRTRAC allows.';

/**
 * The new code, or the "probably created" error when its answer has no text `id`, or when it names a code with other
 * values than `sent` (the create's body, or for a copy the code copied), which is another code's record, never to be
 * reported as the new one.
 */
export function readCreatedQrCode(
	source: AnswerSource,
	data: unknown,
	kind: 'code' | 'copy',
	displayId?: string,
	sent?: IDataObject,
): QrCode {
	const parsed = qrCodeShape.safeParse(data);
	if (!parsed.success) throw probablyCreated(source, data, kind, displayId, parsed.error);
	const code = parsed.data as QrCode;
	const differing = sent ? otherThanSent(sent, code) : [];
	if (differing.length === 0) return code;
	const basis = kind === 'copy' ? ['the code copied', 'copied'] : ['sent', 'sent'];
	const values = differing.map(
		(field) =>
			`${field}: ${basis[1]} ${excerptOf(sent?.[field], source.redact ?? [], 80)}, answered ${excerptOf(code[field], source.redact ?? [], 80)}`,
	);
	throw markOutcomeUnknown(
		apiError(
			source.node,
			{ success: false, message: 'create answered another code' },
			{
				message: `QRTRAC's answer to ${source.operation} names a code with other values than ${basis[0]}: the ${NOUN[kind]}`,
				description: `QRTRAC answered success with code "${String(code.id)}", whose ${differing.join(', ')} differ from ${kind === 'copy' ? basis[0] : 'what was sent'} (${values.join('; ')}): another code's record, not the new one. It was: ${sentence(excerptOf(data, source.redact ?? []))} Nothing was done with that code. Do not run this item again as it is: that would make another one. ${advice(kind, displayId)}`,
				itemIndex: source.itemIndex,
			},
		),
	);
}

const NOUN: Record<CreateKind, string> = {
	code: 'QR code was probably created',
	copy: 'copy was probably made',
	team: 'team was probably created',
	link: 'dynamic link was probably created',
};

function advice(kind: TriedKind, displayId?: string): string {
	if (kind === 'invite') return ASK_BEFORE_RESENDING;
	if (displayId)
		return `Look it up by its Display ID "${displayId}" first (Check Display ID Availability answers "taken" when it exists; Get Many's Search finds it).`;
	if (kind === 'copy')
		return 'Look for the copy in Get Many (newest first) before duplicating again.';
	if (kind === 'team') return 'Look for it in Team > Get Many before creating it again.';
	if (kind === 'link')
		return 'Look for it in QR Code > Get Many (newest first, its Redirect URL is the Destination URL) before creating it again.';
	return 'Look for it in Get Many (newest first) and delete any extra one. Set a Display ID on creates: a run can then be checked by it, and Create or Update never creates the same Display ID twice.';
}

/**
 * What to do before running a create again whose outcome is unknown and cannot be checked (the transport's
 * `unknownOutcomeAdvice`): where to look for what it may have made.
 */
export function lookBeforeCreatingAgain(kind: CreateKind, displayId?: string): string {
	return advice(kind, displayId);
}

/** Errors of a try not sent after an earlier try's unknown outcome, by the item whose try that was. */
const sentEarlierBy = new WeakMap<object, number>();

/**
 * The item whose earlier try (Retry On Fail) had the unknown outcome `error` reports (`sentBefore`), for rows that
 * follow it: with a Resend Invite kept by person, another row than the one that failed now.
 */
export function earlierTrySender(error: unknown): number | undefined {
	return typeof error === 'object' && error !== null ? sentEarlierBy.get(error) : undefined;
}

/**
 * The error for a create n8n runs again (Retry On Fail) after a try of this execution whose outcome was unknown
 * (`failure`, the try of item `sentBy`, or of this one): it is not sent again (api/createTries.ts).
 */
export function sentBefore(
	node: INode,
	create: { operation: string; kind: TriedKind; itemIndex?: number; displayId?: string },
	failure: string,
	sentBy = create.itemIndex,
): NodeApiError {
	const sender =
		sentBy === undefined || sentBy === create.itemIndex
			? 'an earlier try of this node sent it'
			: `row ${sentBy + 1} (item index ${sentBy}) sent it in an earlier try of this node`;
	const error = markOutcomeUnknown(
		apiError(
			node,
			{ success: false, message: 'create tried before with an unknown outcome' },
			{
				message: `The outcome of ${create.operation} is unknown: ${sender}`,
				description: `n8n ran this node again (Retry On Fail) after a try whose ${create.operation} may have been carried out all the same (${failure}). It was not sent again, so that ${create.kind === 'invite' ? 'nobody is mailed twice' : 'nothing is created twice'}. ${advice(create.kind, create.displayId)}`,
				itemIndex: create.itemIndex,
			},
		),
	);
	if (sentBy !== undefined) sentEarlierBy.set(error, sentBy);
	return error;
}

/**
 * The error for a success answer to a create that does not name what it made, or names it (`issue`: what its shape
 * lacks) in fields the node cannot read: either way the service acted, so the record was probably made.
 */
export function probablyCreated(
	source: AnswerSource,
	value: unknown,
	kind: CreateKind,
	displayId?: string,
	issue?: z.ZodError,
): NodeApiError {
	const named = issue !== undefined && namesRecord(value);
	const unread = named
		? `QRTRAC answered success with the new record's "id" "${String((value as IDataObject).id)}", but ${firstIssue(issue)}, so it was not read.`
		: `QRTRAC answered success without the new record's text "id".`;
	return markOutcomeUnknown(
		apiError(
			source.node,
			{ success: false, message: 'create answered without an id' },
			{
				message: `QRTRAC's answer to ${source.operation} ${named ? 'does not have the expected shape' : 'has no "id"'}: the ${NOUN[kind]}`,
				description: `${unread} It was: ${sentence(excerptOf(value, source.redact ?? []))} Do not run this item again as it is: that would make another one. ${advice(kind, displayId)}`,
				itemIndex: source.itemIndex,
			},
		),
	);
}

/**
 * The error for a Create Team answered with a team that is not the new one: the team the request acted in, or one
 * of another name. Its answer is no record of what was made, which was probably made all the same.
 */
export function answeredOtherTeam(
	source: AnswerSource,
	team: { id: string; name?: unknown },
	askedName: string,
): NodeApiError {
	const named = team.name === undefined ? '' : ` "${String(team.name)}"`;
	return markOutcomeUnknown(
		apiError(
			source.node,
			{ success: false, message: 'create answered another team' },
			{
				message: `QRTRAC's answer to ${source.operation} names another team: the ${NOUN.team}`,
				description: `QRTRAC answered success with team "${team.id}"${named}, not a new team named "${askedName}": the credential's team, or one of another name. It was: ${sentence(excerptOf(team, source.redact ?? []))} Nothing was done with that team. Do not run this item again as it is: that would make another one. ${advice('team')}`,
				itemIndex: source.itemIndex,
			},
		),
	);
}

/**
 * The error for a Dynamic Link create answered with another destination than asked: the link was probably made,
 * but people scanning it would land elsewhere, so it is not reported as the link asked for.
 */
export function linkedElsewhere(
	source: AnswerSource,
	link: unknown,
	asked: string,
	answered: string,
): NodeApiError {
	return markOutcomeUnknown(
		apiError(
			source.node,
			{ success: false, message: 'create answered another destination' },
			{
				message: `QRTRAC's answer to ${source.operation} names another destination: the ${NOUN.link}`,
				description: `QRTRAC answered success with a link to "${answered}", not to "${asked}" as asked. It was: ${sentence(excerptOf(link, source.redact ?? []))} Do not run this item again as it is: that would make another one. ${advice('link')} Check where it leads, and delete it if it is not wanted.`,
				itemIndex: source.itemIndex,
			},
		),
	);
}

/**
 * The error for a create n8n runs again (Retry On Fail) after a try that carried it out, when reading the record
 * again by its ID (api/createTries.ts) failed: it is not sent again; the next try reads again.
 */
export function madeBeforeUnread(
	node: INode,
	create: { operation: string; kind: TriedKind; itemIndex?: number },
	id: string,
	failure: string,
): NodeApiError {
	return markOutcomeUnknown(
		apiError(
			node,
			{ success: false, message: 'create made before, read again failed' },
			{
				message: `${create.operation} was carried out by an earlier try of this node (ID ${id}), but reading it again failed`,
				description: `n8n ran this node again (Retry On Fail) after a try whose ${create.operation} succeeded. It was not sent again, so that nothing is created twice; reading what it made by its ID ${id} failed: ${failure}. Find it by that ID; do not run this item again as it is.`,
				itemIndex: create.itemIndex,
			},
		),
	);
}

/** The error for a create n8n runs again after a try that carried it out, when what it made has since been deleted. */
export function madeBeforeGone(
	node: INode,
	create: { operation: string; kind: TriedKind; itemIndex?: number },
	id: string,
): NodeApiError {
	return apiError(
		node,
		{ success: false, message: 'create made before, since deleted' },
		{
			message: `${create.operation} was carried out by an earlier try of this node (ID ${id}), since deleted`,
			description: `n8n ran this node again (Retry On Fail) after a try whose ${create.operation} succeeded. It was not sent again, so that nothing is created twice; reading what it made by its ID ${id} shows it deleted since. Run this item again in a new execution to create it anew.`,
			itemIndex: create.itemIndex,
		},
	);
}

/** Errors of a create that made its record in another team: the outcome is known, so no try sends it again. */
const madeElsewhere = new WeakSet<object>();

/** Whether `error` says the create made its record in another team (`createdInOtherTeam`). */
export function isMadeElsewhere(error: unknown): error is NodeApiError {
	return typeof error === 'object' && error !== null && madeElsewhere.has(error);
}

/**
 * The error for a create n8n runs again (Retry On Fail) after a try that made the record in another team: that
 * try's error again, unsent (api/createTries.ts); a look-up in the team asked would find nothing and send again.
 */
export function madeElsewhereBefore(
	node: INode,
	first: { message: string; description?: string | null },
	itemIndex?: number,
): NodeApiError {
	return markMadeElsewhere(
		apiError(
			node,
			{ success: false, message: 'created in another team' },
			{
				message: first.message,
				description:
					`${first.description ?? ''} n8n ran this node again (Retry On Fail): it was not sent again.`.trim(),
				itemIndex,
			},
		),
	);
}

function markMadeElsewhere(error: NodeApiError): NodeApiError {
	madeElsewhere.add(error);
	return markOutcomeUnknown(error);
}

/**
 * The error for a create answered with a record of another team than the one asked for: the service did not keep
 * to the team header, and the record it made is not reported as the asked team's.
 */
export function createdInOtherTeam(
	source: AnswerSource,
	code: QrCode,
	askedTeam: string,
	displayId?: string,
	kind: 'code' | 'copy' = 'code',
): NodeApiError {
	const madeIn = namedTeam(code);
	const made = kind === 'copy' ? 'made the copy' : 'created the code';
	// made all the same: n8n's Retry On Fail must not make another (createTries.ts)
	return markMadeElsewhere(
		apiError(
			source.node,
			{ success: false, message: 'created in another team' },
			{
				message: `QRTRAC ${made} in another team: ${madeIn}, not "${askedTeam}" as asked`,
				description: `QRTRAC answered ${source.operation} with a code of team ${madeIn} (id ${String(code.id)}) to a request for team "${askedTeam}": the service did not keep to the team header. The ${kind} exists in team ${madeIn}; nothing else was done with it. Do not run this item again as it is: check the Team Override, delete the ${kind} in team ${madeIn} if it is not wanted${displayId ? ` (its Display ID "${displayId}" stays taken until then)` : ''}, and report it to QRTRAC with this message. It was: ${sentence(excerptOf(code, source.redact ?? []))}`,
				itemIndex: source.itemIndex,
			},
		),
	);
}
