import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { apiError } from '../nodeErrors';
import { nothingWentOut } from '../outcomeMarks';
import type { QrtracResponse } from '../qrtracRequest';
import type { TransportContext } from '../transport';
import { excerptOf, sentence, type AnswerSource } from './answerErrors';
import { allSettledFirst } from '../taskPool';
import { findMember, memberChangeHolds, refusedOutright, type ListedMember } from './members';
import { callEndpoint } from './source';

/** One person to add to several teams, each with its role. */
type BulkAdd = {
	email: string;
	teams: Array<{ teamId: string; role: string }>;
	itemIndex?: number;
};

/**
 * Adds one person to several teams with one request. After an unknown outcome the teams are read: when every role
 * is in place the request went through; when not, sending it again cannot do harm (the person then exists, so
 * nobody is invited twice); when the teams cannot be read, the item fails, quoting the failed read. A success that says more than the
 * contract's `success` is checked against the teams (joinedEvery).
 */
export async function bulkAddMember(
	ctx: TransportContext,
	{ email, name, teams, itemIndex }: BulkAdd & { name: string },
): Promise<void> {
	const sent = callEndpoint(ctx, {
		operation: 'Add Member to Teams',
		route: 'POST /teams-api/members/bulk',
		usesPlan: 'members',
		body: { name, email, teams },
		itemIndex,
		verifyUnknownOutcome: async (checking) => {
			const members = await allSettledFirst(
				teams.map(
					async ({ teamId }) => await findMember(ctx, { teamId, email, itemIndex, checking }),
				),
			);
			return teams.every((team, index) => memberChangeHolds.changeRole(members[index], team.role))
				? { email }
				: null;
		},
	});
	const response = await sent.catch(async (error: unknown) => {
		if (teams.length > 1 && mayHaveJoinedSome(error))
			error.description = [
				error.description,
				await teamsAfterFailure(ctx, { email, teams, itemIndex }, refusedOutright(error)),
			]
				.filter(Boolean)
				.join(' ');
		throw error;
	});
	if (!response.recovered && !response.verifiedAfterUnknownOutcome && saysMore(response))
		await joinedEvery(ctx, { email, teams, itemIndex }, response);
}

/**
 * A success that says more than the contract's `{success: true}` with 200: per-team results, a count in a message,
 * a 207. The node cannot read such words, and they may report teams left out.
 */
function saysMore({ status, body }: QrtracResponse<unknown>): boolean {
	return (
		status !== 200 ||
		Object.entries(body).some(([key, value]) => key !== 'success' && value != null && value !== '')
	);
}

/**
 * Reads the teams after a success that says more than the contract's: a team that does not list the person with
 * the role fails the item, naming the operation, each team's state and the answer, so that a partial success is
 * never reported as every team joined. A team that cannot be read or told leaves QRTRAC's success standing.
 */
async function joinedEvery(
	ctx: TransportContext,
	bulk: BulkAdd,
	{ body, source }: QrtracResponse<unknown> & { source: AnswerSource },
): Promise<void> {
	const states = await placements(ctx, bulk);
	if (!states.some(({ state }) => state === 'not in place')) return;
	const answered = sentence(excerptOf(body, source.redact ?? []));
	throw apiError(
		source.node,
		{ success: false, message: 'change not held' },
		{
			message: `QRTRAC answered success to ${source.operation} with more than the contract's "success", and the teams read afterwards do not all list the person with their role`,
			description: `Read afterwards: ${inWords(states)}. Its answer was: ${answered} Running the item again without Always Send sends the teams not in place.`,
			itemIndex: source.itemIndex,
		},
	);
}

/**
 * A failure after which the person may stand in some of the teams: a refusal (the contract does not say the request
 * is all or nothing), and any failure that may have been carried out (a 5xx, a 2xx saying `success: false`, an
 * answer lost or garbled). Not a refusal of the credentials, nor one that surely did nothing (a 429, never sent).
 */
function mayHaveJoinedSome(error: unknown): error is NodeApiError | NodeOperationError {
	if (!(error instanceof NodeApiError || error instanceof NodeOperationError)) return false;
	if (error instanceof NodeApiError && error.httpCode === '401') return false;
	return refusedOutright(error) || !nothingWentOut(error);
}

/**
 * Where the person stands in each team after a failed bulk add (`refused`: QRTRAC refused it), read afterwards, so
 * that a team the person joined before the failure is not hidden behind it.
 */
async function teamsAfterFailure(
	ctx: TransportContext,
	{ email, teams, itemIndex }: BulkAdd,
	refused: boolean,
): Promise<string> {
	const states = await placements(ctx, { email, teams, itemIndex });
	return `${refused ? 'QRTRAC refused the request' : 'The request failed'} after it may have been applied to some of the ${teams.length} teams; read afterwards: ${inWords(states)}. Running the item again without Always Send sends the teams not in place and those that cannot be told.`;
}

/** Where the person stands in each team, read now. */
async function placements(
	ctx: TransportContext,
	{ email, teams, itemIndex }: BulkAdd,
): Promise<Array<{ team: string; state: string }>> {
	return await Promise.all(
		teams.map(async ({ teamId, role }) => ({
			team: `${teamId} (${role})`,
			state: await findMember(ctx, { teamId, email, itemIndex }).then(
				(member) => placement(member, role),
				() => 'could not be read',
			),
		})),
	);
}

/** `team_1 (viewer): in place; team_2 (editor): not in place`. */
function inWords(states: Array<{ team: string; state: string }>): string {
	return states.map(({ team, state }) => `${team}: ${state}`).join('; ');
}

/** A team listing members without an e-mail (null) cannot tell whether one of them is the person. */
function placement(member: ListedMember, role: string): string {
	if (member === null) return 'cannot be told (the team lists members without an e-mail)';
	return memberChangeHolds.changeRole(member, role) ? 'in place' : 'not in place';
}
