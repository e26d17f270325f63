import type { IExecuteFunctions } from 'n8n-workflow';

import { spellingOf } from '../../../shared/api';
import { itemInputError } from '../../../shared/validation';

/**
 * A person's e-mail in several spellings (differing only in case) across or within teams: which one a row sends, and
 * the errors of a row that cannot tell. A service comparing e-mails exactly holds as many accounts; the node
 * matches e-mails without case.
 */

/**
 * A row naming an e-mail the team lists in several spellings (`spellings`, caseTwins): accounts a service comparing
 * e-mails exactly keeps apart, which the node, matching e-mails without case, cannot tell apart.
 */
export function caseTwinsError(
	ctx: IExecuteFunctions,
	itemIndex: number,
	team: string,
	spellings: string[],
): Error {
	return itemInputError(
		ctx.getNode(),
		itemIndex,
		`Team ${team} lists ${inWords(spellings)}, e-mails that differ only in case; nothing was sent`,
		'QRTRAC holds them as separate accounts, and the node matches e-mails without case (a sheet rarely keeps the case QRTRAC holds), so it cannot tell which one this row means. Remove or rename one of them in QRTRAC, then run the item again.',
	);
}

/** The errors of a row whose person's spellings conflict (spellingHeld, oneSpellingFor). */
const conflicts = new WeakSet<object>();

/** Whether `error` is a row's spelling conflict (spellingHeld, oneSpellingFor), for placeRows.ts to read again. */
export function isSpellingConflict(error: unknown): boolean {
	return typeof error === 'object' && error !== null && conflicts.has(error);
}

function conflict(error: Error): Error {
	conflicts.add(error);
	return error;
}

/** A team as an error names it (rosters.ts teamLabel: `Main (team_1)`). */
export type TeamLabel = (teamId: string) => string | Promise<string>;

/** Besides `heldAs`, what spellingHeld weighs: the row's own teams listing the person, and the teams' labels. */
export interface AlsoKnown {
	listed?: ReadonlyMap<string, string>;
	label?: TeamLabel;
}

/**
 * The e-mail a row sends for a person a team of it does not list (memberChange.ts asListed): the spelling the
 * person is held under, by team, in the row's own teams that list them (`listed`) and where their earlier rows left
 * them (`heldAs`; personTurns.ts), or where these give several spellings the typed one among them; undefined where
 * they give none. Several, none typed: a service comparing e-mails exactly holds as many accounts and which one the
 * row means cannot be told, so the row fails unsent, naming each team by `label` (as caseTwinsError does).
 * Spellings are told apart as caseTwins tells them (spellingOf).
 */
export async function spellingHeld(
	ctx: IExecuteFunctions,
	itemIndex: number,
	typed: string,
	heldAs: ReadonlyMap<string, string>,
	{ listed = new Map<string, string>(), label = (teamId: string) => teamId }: AlsoKnown = {},
): Promise<string | undefined> {
	const teamsOf = new Map<string, string[]>();
	for (const [teamId, email] of new Map([...heldAs, ...listed]))
		teamsOf.set(spellingOf(email), [...(teamsOf.get(spellingOf(email)) ?? []), teamId]);
	if (teamsOf.size < 2) return [...teamsOf.keys()][0];
	if (teamsOf.has(spellingOf(typed))) return spellingOf(typed);
	throw conflict(
		itemInputError(
			ctx.getNode(),
			itemIndex,
			`The person's teams hold them as ${inWords(await spellingsIn(teamsOf, label))}, e-mails that differ only in case; nothing was sent`,
			"As the teams list them, or as this run's earlier rows of the person left them. QRTRAC may hold them as separate accounts, and the node matches e-mails without case, so it cannot tell which one this row means. Type the e-mail as the account this row means is spelled, or remove or rename one of the accounts in QRTRAC, then run the item again.",
		),
	);
}

/** `grace@x (teams Main (team_1) and Third (team_3))`, for each spelling with its teams. */
async function spellingsIn(
	teamsOf: ReadonlyMap<string, string[]>,
	label: TeamLabel,
): Promise<string[]> {
	const where: string[] = [];
	for (const [email, teams] of teamsOf) {
		const labels: string[] = [];
		for (const teamId of teams) labels.push(await label(teamId));
		where.push(`${email} (team${teams.length > 1 ? 's' : ''} ${inWords(labels)})`);
	}
	return where;
}

/**
 * The one e-mail a request carrying several teams (Add to Teams' bulk add) sends: `needed` is, by spelling, the teams
 * of the request that need it (a team listing the person its own, one that does not spellingHeld's); undefined where
 * no team is sent. Sent in another spelling than the one a team lists, the request would give that team a second
 * account on a service comparing e-mails exactly, so where the teams need several the row fails unsent.
 */
export async function oneSpellingFor(
	ctx: IExecuteFunctions,
	itemIndex: number,
	needed: ReadonlyMap<string, string[]>,
	label: TeamLabel,
): Promise<string | undefined> {
	if (needed.size < 2) return [...needed.keys()][0];
	throw conflict(
		itemInputError(
			ctx.getNode(),
			itemIndex,
			`The row's teams need the person as ${inWords(await spellingsIn(needed, label))}, e-mails that differ only in case; one request carries one e-mail for all its teams, so nothing was sent`,
			'QRTRAC may hold them as separate accounts: one spelling sent to every team would add a second account to the teams listing the other. Put the teams of each spelling in a row of their own, or remove or rename one of the accounts in QRTRAC, then run the item again.',
		),
	);
}

/** `a, b and c`. */
function inWords(parts: string[]): string {
	return parts.length < 2
		? parts.join('')
		: `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}
