import type { IExecuteFunctions, NodeApiError, NodeOperationError } from 'n8n-workflow';

import {
	answeredNoCode,
	CODE_ADDRESSES,
	getQrById,
	teamOfOtherTeamCode,
	type QrCode,
} from '../../../shared/api';
import { isLive } from '../../../shared/records/qrCode';
import { attempt, mayNameGoneCode, refusedAsGone, withNote } from '../../helpers/outcome';
import { operationError } from '../../../shared/nodeErrors';
import { errorWords, refusalWords } from '../../../shared/refusals';

/** Most IDs named as no live code before the rest of the unlisted ones are left unread (the error shows 10). */
const MAX_NOT_CODES = 10;

/**
 * Whether asked IDs are live codes of the team, one rule for Get Totals, Get Report and Get for Codes: the
 * contract does not say what an analytics answer gives an ID that is no live code of the team (a service may
 * answer zeros or no events rather than refuse it), so an asked ID that the team's list (`listed`) does not show
 * is read by its ID (Get QR Code, as Get for a Code reads its code; getQrById refuses a record of another team);
 * a code just created may not be listed yet. Returns the named codes (`listed` and those read live); an ID read as
 * no live code fails the item naming it, a read that tells nothing with its own error. Listed IDs cost no request.
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
 * What a code read by its ID (Get QR Code) tells of the ID, one rule for Get for a Code's refused scans and the
 * unlisted IDs: `live`, the team's live code; `notCode`, no live code of the team (`answer`: what QRTRAC answered):
 * read as deleted, answered success without a code (the contract's `data` is optional), a code of another team
 * (`getQrById` refuses it, naming the team read) or refused as a code not there (refusals.ts `refusedAsGone`: 400
 * or a 2xx `success: false` "not found", 404, 410); `unknown`, anything else: a 403 (or another 400), which a live
 * code whose role may not read codes gets as well, or a failed read.
 */
type CodeRead = { live: QrCode } | { notCode: string; answer?: string } | { unknown: unknown };

async function readCode(
	ctx: IExecuteFunctions,
	{ qrId, teamId, itemIndex }: { qrId: string; teamId?: string; itemIndex: number },
): Promise<CodeRead> {
	const read = await attempt(getQrById(ctx, { id: qrId, teamId, itemIndex }));
	if ('done' in read) return isLive(read.done) ? { live: read.done } : { notCode: qrId };
	if (answeredNoCode(read.failed))
		return { notCode: qrId, answer: `${qrId}: success without a code` };
	const team = teamOfOtherTeamCode(read.failed);
	if (team !== undefined)
		return { notCode: qrId, answer: `${qrId}: a code of another team, "${team}"` };
	if (refusedAsGone(read.failed))
		return { notCode: qrId, answer: `${qrId}: ${refusalWords(read.failed)}` };
	return { unknown: read.failed };
}

/**
 * Get for a Code whose scans read was refused in a way a code not there may cause (`scansRefused`): the code is
 * read by its ID (`readCode`), and only a read proving it gone or another team's fails the item as no live code of
 * the team, the scans refusal in the description. Otherwise the scans refusal stands, the code read's answer
 * leading its description (a 403 of both may be a role that reads neither). Always throws.
 */
export async function failRefusedScans(
	ctx: IExecuteFunctions,
	code: { qrId: string; teamId?: string; itemIndex: number },
	scansRefused: NodeApiError,
): Promise<never> {
	const read = await readCode(ctx, code);
	if ('notCode' in read) {
		const scans = `${CODE_ADDRESSES.scans.operation} answered ${refusalWords(scansRefused)}`;
		const notCodes = {
			notCodes: [read.notCode],
			answers: read.answer ? [read.answer] : [],
			unread: 0,
		};
		throw notLiveCodes(ctx, notCodes, code.itemIndex, scans);
	}
	const byId = `Read by its ID (${CODE_ADDRESSES.get.operation})`;
	if ('live' in read) throw withNote(scansRefused, `${byId}, it is a live code of this team.`);
	const failed = read.unknown;
	// "too" only for a refusal alike: a 404 of the scans and a 403 of the code read are not the same answer
	const too = mayNameGoneCode(failed) && failed.httpCode === scansRefused.httpCode ? ' too' : '';
	const note = mayNameGoneCode(failed)
		? `${CODE_ADDRESSES.get.operation} answered ${refusalWords(failed)}${too}: the ID may not be a live code of this team (check for typos, deleted codes, or the team), or the API client's role may read neither.`
		: `${byId}, whether it is a live code of this team is not known: ${CODE_ADDRESSES.get.operation} failed: ${errorWords(failed)}.`;
	throw withNote(scansRefused, note);
}

/** Why a refusal a code not there may cause (`mayNameGoneCode`) that is not read as one tells nothing, by status. */
function notTold(error: NodeApiError): string {
	return error.httpCode === '403'
		? 'QRTRAC refused it, as it may refuse a role that may not read codes'
		: `QRTRAC refused it with HTTP ${error.httpCode ?? ''}, and only a refusal saying "not found" (or a 404 or 410) is read as no code there`;
}

/**
 * The unlisted IDs read one by one (`readCode`): `live`, read as a live code of the team; `notCodes`, read as
 * deleted or another team's, or refused as a code not there (`answers`: what QRTRAC answered for each). A read
 * that tells nothing fails the item with its own error: a 403 (or another 400) of the code read, noted as not
 * telling whether the ID is a live code. Reading stops once `MAX_NOT_CODES` are found (`unread` counts the rest),
 * so a list of another team's IDs costs a few requests.
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
	for (const qrId of unlisted) {
		if (notCodes.length >= MAX_NOT_CODES) break;
		read++;
		const code = await readCode(ctx, { qrId, teamId, itemIndex });
		if ('live' in code) live.push(code.live);
		else if ('notCode' in code) {
			notCodes.push(qrId);
			if (code.answer) answers.push(code.answer);
		} else if (mayNameGoneCode(code.unknown))
			throw withNote(
				code.unknown,
				`Read by its ID (${CODE_ADDRESSES.get.operation}), whether ${qrId} is a live code of this team is not known: ${notTold(code.unknown)}.`,
			);
		else throw code.unknown;
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
