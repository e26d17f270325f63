import type { IExecuteFunctions, NodeApiError, NodeOperationError } from 'n8n-workflow';

import { CODE_ADDRESSES, getQrById, type QrCode } from '../../../shared/api';
import { isLive } from '../../../shared/records/qrCode';
import { attempt, mayNameGoneCode, refusedAsGone, withNote } from '../../helpers/outcome';
import { operationError } from '../../../shared/nodeErrors';

/** Most IDs named as no live code before the rest of the unlisted ones are left unread (the error shows 10). */
const MAX_NOT_CODES = 10;

/**
 * Whether asked IDs are live codes of the team, one rule for Get Totals, Get Report and Get for Codes: the
 * contract does not say what an analytics answer gives an ID that is no live code of the team (a service may
 * answer zeros or no events rather than refuse it), so an asked ID that the team's list (`listed`) does not show
 * is read by its ID (Get QR Code, as Get for a Code reads its code; getQrById refuses a record of another team);
 * a code just created may not be listed yet. Returns the named codes (`listed` and those read live); any other ID
 * fails the item naming it. Listed IDs cost no request.
 */
export async function liveCodesAmong(
	ctx: IExecuteFunctions,
	input: {
		qrIds: readonly string[];
		listed: readonly QrCode[];
		teamId?: string;
		itemIndex: number;
	},
): Promise<QrCode[]> {
	const { live, notCodes, answers, unread } = await readUnlisted(ctx, input);
	if (notCodes.length > 0) throw notLiveCodes(ctx, { notCodes, answers, unread }, input.itemIndex);
	return [...input.listed, ...live];
}

/**
 * The one code of Get for a Code, read by its ID as an unlisted ID among many is (`liveCodesAmong`): refused as a
 * code not there or read as deleted, it fails the item in the same words, QRTRAC's answer in the description.
 */
export async function readLiveCode(
	ctx: IExecuteFunctions,
	{ qrId, teamId, itemIndex }: { qrId: string; teamId?: string; itemIndex: number },
): Promise<QrCode> {
	const [code] = await liveCodesAmong(ctx, { qrIds: [qrId], listed: [], teamId, itemIndex });
	return code;
}

/**
 * Get for a Code whose scans read was refused in a way a code not there may cause (`scansRefused`): the code is
 * read by its ID, and only a read proving it gone (refusals.ts `refusedAsGone`, or `deleted: true`) fails the item
 * as no live code of the team, the scans refusal in the description. A 403 of both reads may be a role that reads
 * neither, and a failed read tells nothing: the scans refusal stands, the code read's answer leading its
 * description. Always throws.
 */
export async function failRefusedScans(
	ctx: IExecuteFunctions,
	{ qrId, teamId, itemIndex }: { qrId: string; teamId?: string; itemIndex: number },
	scansRefused: NodeApiError,
): Promise<never> {
	const read = await attempt(getQrById(ctx, { id: qrId, teamId, itemIndex }));
	const goneRefusal = 'failed' in read && refusedAsGone(read.failed) ? read.failed : undefined;
	if (goneRefusal || ('done' in read && !isLive(read.done))) {
		const answers = goneRefusal ? [`${qrId}: ${refusalWords(goneRefusal)}`] : [];
		const scans = `${CODE_ADDRESSES.scans.operation} answered ${refusalWords(scansRefused)}`;
		throw notLiveCodes(ctx, { notCodes: [qrId], answers, unread: 0 }, itemIndex, scans);
	}
	const byId = `Read by its ID (${CODE_ADDRESSES.get.operation})`;
	if ('done' in read) throw withNote(scansRefused, `${byId}, it is a live code of this team.`);
	const note = mayNameGoneCode(read.failed)
		? `${CODE_ADDRESSES.get.operation} answered ${refusalWords(read.failed)} too: the ID may not be a live code of this team (check for typos, deleted codes, or the team), or the API client's role may read neither.`
		: `${byId}, whether it is a live code of this team is not known: ${CODE_ADDRESSES.get.operation} failed: ${errorWords(read.failed)}.`;
	throw withNote(scansRefused, note);
}

/** A refusal in a few words for an error's description: its status and message. */
function refusalWords(error: NodeApiError): string {
	return `${error.httpCode ?? ''} ${error.message}`.replace(/\s+/g, ' ').trim();
}

/** Any failure in a few words: a refusal's status and message, another error's message. */
function errorWords(error: unknown): string {
	return error instanceof Error ? refusalWords(error as NodeApiError) : 'an unknown error';
}

/**
 * The unlisted IDs read one by one: `live`, read as a live code of the team; `notCodes`, read as deleted, or
 * refused as a code not there (outcome.ts `mayNameGoneCode`; `answers`: the service's words for each). Reading stops once `MAX_NOT_CODES` are found (`unread` counts the rest), so a list of another team's IDs costs
 * a few requests.
 */
async function readUnlisted(
	ctx: IExecuteFunctions,
	{
		qrIds,
		listed,
		teamId,
		itemIndex,
	}: { qrIds: readonly string[]; listed: readonly QrCode[]; teamId?: string; itemIndex: number },
): Promise<{ live: QrCode[]; notCodes: string[]; answers: string[]; unread: number }> {
	const listedIds = new Set(listed.map((code) => code.id));
	const unlisted = qrIds.filter((id) => !listedIds.has(id));
	const live: QrCode[] = [];
	const notCodes: string[] = [];
	const answers: string[] = [];
	let read = 0;
	for (const id of unlisted) {
		if (notCodes.length >= MAX_NOT_CODES) break;
		read++;
		const code = await getQrById(ctx, { id, teamId, itemIndex }).catch((error: unknown) => {
			if (!mayNameGoneCode(error)) throw error;
			answers.push(`${id}: ${refusalWords(error)}`);
			return undefined;
		});
		if (code && isLive(code)) live.push(code);
		else notCodes.push(id);
	}
	return { live, notCodes, answers, unread: unlisted.length - read };
}

function notLiveCodes(
	ctx: IExecuteFunctions,
	{ notCodes, answers, unread }: { notCodes: string[]; answers: string[]; unread: number },
	itemIndex: number,
	alsoAnswered?: string,
): NodeOperationError {
	const shown = notCodes.join(', ');
	const answered =
		(answers.length > 0 ? ` QRTRAC answered ${answers.join('; ')}.` : '') +
		(alsoAnswered ? ` ${alsoAnswered}.` : '');
	const rest = unread > 0 ? ` (${unread} more IDs outside the team's list were not read)` : '';
	return operationError(
		ctx.getNode(),
		`${notCodes.length === 1 ? 'This ID is not a live code' : 'These IDs are not live codes'} of this team: ${shown}${rest}`,
		{
			itemIndex,
			description:
				"Read by its ID, QRTRAC does not know it, has it deleted, or holds it in another team: check for typos, deleted codes, or the team (Options > Team Override). Scans and totals are shown only for the team's live codes." +
				answered,
		},
	);
}
