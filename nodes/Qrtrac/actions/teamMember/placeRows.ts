import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { ItemResults, ParsedItem, Rows, TaskPool } from '../../../shared/executor';
import { attempt } from '../../helpers/outcome';
import { placementTurns, READ_AGAIN, type LeftInTeam } from './personTurns';
import { Rosters, type KnownMember, type RosterMember } from './rosters';
import { isSpellingConflict } from './spellings';

/** What a row decides the e-mail it sends from: the person in a team, and their spellings by team (spellingHeld). */
export interface Held {
	current: (teamId: string) => Promise<RosterMember>;
	heldAs: ReadonlyMap<string, string>;
}

/** The spelling a team holds the person under, and whether the node sent it there itself (rosters.ts). */
export type HeldSpelling = Pick<KnownMember, 'email' | 'spellingUntold'>;

/** How Add or Add to Teams puts a row's person into its teams. */
export interface RowPlacing<Input extends { email: string }> {
	teamIds: (input: Input) => readonly string[];
	/**
	 * Sends the row and answers its output. `decided` runs the row's choice on what it knows (`current` reads the
	 * person in a team as the person's rows so far left them, `heldAs` their spellings by team: spellings.ts
	 * spellingHeld); `sending` is called with the e-mail sent just before the request goes out, and by team the
	 * person each of the row's teams holds: their spelling, marked spellingUntold where the node sent it there.
	 */
	write: (
		row: ParsedItem<Input>,
		place: {
			rosters: Rosters;
			decided: <T>(choose: (held: Held) => Promise<T>) => Promise<T>;
			sending: (email: string, held?: ReadonlyMap<string, HeldSpelling>) => void;
		},
	) => Promise<IDataObject>;
	/** The members a row that succeeded leaves, by team, each under the e-mail `sentIn` gives for its team. */
	left: (input: Input, sentIn: (teamId: string) => string) => Array<readonly [string, KnownMember]>;
}

/**
 * Rows of Add and Add to Teams, each person's one after another (placementTurns) from the teams' members read once.
 * A row that succeeded leaves its members for the person's next row and in the rosters; one that failed once its
 * request may have gone out (an add that may have landed, a bulk add in some teams) leaves READ_AGAIN in each of its
 * teams, which the rosters forget so later runs read them again; one that failed before it leaves nothing. A member
 * left in a team that did not list the person is marked spellingUntold: the e-mail is the one sent, not one the
 * service listed.
 */
export async function placeRows<Input extends { email: string }>(
	ctx: IExecuteFunctions,
	rows: Rows<Input>,
	results: ItemResults,
	pool: TaskPool,
	placing: RowPlacing<Input>,
): Promise<void> {
	const rosters = new Rosters(ctx);
	const turns = placementTurns<Input>(
		async (teamId, { input, itemIndex }, again) =>
			await rosters.placed(teamId, input.email, itemIndex, again),
		async (row, current, heldAs, untold): Promise<Array<readonly [string, LeftInTeam]>> => {
			const teamIds = placing.teamIds(row.input);
			let sentAs: string | undefined;
			let heldIn: ReadonlyMap<string, HeldSpelling> = new Map();
			const sending = (email: string, held?: ReadonlyMap<string, HeldSpelling>) => {
				sentAs = email;
				heldIn = held ?? heldIn;
			};
			const decided = async <T>(choose: (held: Held) => Promise<T>) =>
				await decidedAgain(
					choose,
					{ current, heldAs },
					untold,
					async (teamId) => await rosters.placed(teamId, row.input.email, row.itemIndex, true),
				);
			try {
				await results.settle(
					row.itemIndex,
					pool.run(async () => await placing.write(row, { rosters, decided, sending })),
				);
			} catch {
				for (const teamId of teamIds) await rosters.forget(teamId);
				return sentAs === undefined ? [] : teamIds.map((teamId) => [teamId, READ_AGAIN] as const);
			}
			// A row that succeeded called `sending` first. A team keeps the spelling it holds the person under, and its
			// mark: a bulk add sends one e-mail, and a team of it holding another spelling was not sent (Add to Teams).
			const members = placing
				.left(row.input, (teamId) => heldIn.get(teamId)?.email ?? sentAs ?? row.input.email)
				.map(([teamId, member]): [string, KnownMember] => {
					const held = heldIn.get(teamId);
					return [
						teamId,
						held && !held.spellingUntold ? member : { ...member, spellingUntold: true },
					];
				});
			for (const [teamId, member] of members) await rosters.wrote(teamId, member);
			return members;
		},
	);
	for await (const row of rows) turns.take(row);
	await turns.sendHeld(pool);
}

/**
 * The row's choice (`choose`) from what it knows; where it fails on a spelling conflict while a team holds the
 * person under a spelling the node sent there (`untold`, or a member marked spellingUntold), those teams are read
 * again (`readAgain`) and the row chooses once more: a service comparing e-mails without case then lists the one
 * spelling, an exact one the second account, and the conflict stands.
 */
async function decidedAgain<T>(
	choose: (held: Held) => Promise<T>,
	{ current, heldAs }: Held,
	untold: ReadonlySet<string>,
	readAgain: (teamId: string) => Promise<RosterMember>,
): Promise<T> {
	const notTold = new Set(untold);
	const first = await attempt(
		choose({
			heldAs,
			current: async (teamId) => {
				const member = await current(teamId);
				if (member?.spellingUntold) notTold.add(teamId);
				return member;
			},
		}),
	);
	if ('done' in first) return first.done;
	if (!isSpellingConflict(first.failed) || notTold.size === 0) throw first.failed;
	const fresh = new Map<string, RosterMember>();
	const heldAgain = new Map(heldAs);
	for (const teamId of notTold) {
		const member = await readAgain(teamId);
		fresh.set(teamId, member);
		if (member) heldAgain.set(teamId, member.email);
		else heldAgain.delete(teamId);
	}
	return await choose({
		heldAs: heldAgain,
		current: async (teamId) => (fresh.has(teamId) ? fresh.get(teamId) : await current(teamId)),
	});
}
