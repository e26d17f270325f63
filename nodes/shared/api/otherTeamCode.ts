import type { NodeApiError } from 'n8n-workflow';

import { unexpectedAnswer } from './answers';
import type { AnswerSource } from './answers';

/** Errors of a code read by its ID answered with a code of another team, each with the team it names. */
const teamsRead = new WeakMap<object, string>();

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
		`"teamId" is "${String(code.teamId)}", another team`,
	);
	teamsRead.set(error, String(code.teamId));
	return error;
}

/** The team a code read named when `error` is `otherTeamCode`'s, otherwise undefined. */
export function teamOfOtherTeamCode(error: unknown): string | undefined {
	return typeof error === 'object' && error !== null ? teamsRead.get(error) : undefined;
}
