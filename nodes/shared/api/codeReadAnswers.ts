import type { NodeApiError } from 'n8n-workflow';

import { apiError } from '../nodeErrors';
import { namedTeam } from '../records/qrCode';
import { unexpectedAnswer } from './answers';
import type { AnswerSource } from './answers';

/** Errors of a code read by its ID answered with a code of another team, each with the team it names. */
const teamsRead = new WeakMap<object, string>();

/** Errors of a code read by its ID answered success without a code. */
const noCodes = new WeakSet<object>();

/**
 * The error for a code read by its ID (`getQrById`) answered with a record whose `teamId` is not the team asked:
 * the code is never shown or changed as this team's, and a caller that tells the ID's state (analytics'
 * unlistedCodes.ts) reads it as another team's code (`teamOfOtherTeamCode`), not as an answer of unknown shape.
 */
export function otherTeamCode(
	source: AnswerSource,
	askedTeam: string,
	code: { id: string; teamId?: unknown },
): NodeApiError {
	const error = unexpectedAnswer(
		source,
		`a code of the team asked for, "${askedTeam}"`,
		{ id: code.id, teamId: code.teamId },
		`"teamId" is ${namedTeam(code)}, another team`,
	);
	teamsRead.set(error, String(code.teamId));
	return error;
}

/** The team a code read named when `error` is `otherTeamCode`'s, otherwise undefined. */
export function teamOfOtherTeamCode(error: unknown): string | undefined {
	return typeof error === 'object' && error !== null ? teamsRead.get(error) : undefined;
}

/**
 * The error for a code read by its ID answered success with no `data`: the contract documents only a 200 for Get
 * QR by ID and its `data` is optional, so a service may answer an unknown ID so. Not an answer of unknown shape:
 * no code of the team was given, which a caller that tells the ID's state reads as such (`answeredNoCode`). Only
 * an ID the user typed (`typedId`) is worth checking for a typo or the team; where the ID came from QRTRAC or
 * QRTRAC just accepted it (a watched code, a read after a change), the caller says what follows.
 */
export function noCodeAnswered(source: AnswerSource, id: string, typedId = true): NodeApiError {
	const error = apiError(
		source.node,
		{ success: true, message: 'no code answered' },
		{
			message: `QRTRAC answered ${source.operation} for "${id}" without a code`,
			description: typedId
				? "Its answer was success with no data: the ID may not be a code of this team (a typo, a deleted code, another team's). Check the ID and the team (Options > Team Override)."
				: 'Its answer was success with no data: QRTRAC shows no code of this team for the ID (it may have been deleted since).',
			itemIndex: source.itemIndex,
		},
	);
	noCodes.add(error);
	return error;
}

/** Whether `error` is `noCodeAnswered`'s. */
export function answeredNoCode(error: unknown): boolean {
	return typeof error === 'object' && error !== null && noCodes.has(error);
}
