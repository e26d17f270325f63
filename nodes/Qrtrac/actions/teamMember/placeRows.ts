import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { ItemResults, ParsedItem, Rows, TaskPool } from '../../../shared/executor';
import { placementTurns, READ_AGAIN, type LeftInTeam } from './personTurns';
import { Rosters, type KnownMember, type RosterMember } from './rosters';

/** How Add or Add to Teams puts a row's person into its teams. */
export interface RowPlacing<Input extends { email: string }> {
	teamIds: (input: Input) => readonly string[];
	/**
	 * Sends the row and answers its output: `current` reads the person in a team as the person's rows so far left
	 * them, `heldAs` their spellings by team (spellings.ts spellingHeld); `sending` is called with the e-mail sent
	 * just before the request goes out, and by team the spelling each of the row's teams lists the person under.
	 */
	write: (
		row: ParsedItem<Input>,
		place: {
			rosters: Rosters;
			current: (teamId: string) => Promise<RosterMember>;
			heldAs: ReadonlyMap<string, string>;
			sending: (email: string, listed?: ReadonlyMap<string, string>) => void;
		},
	) => Promise<IDataObject>;
	/** The members a row that succeeded leaves, by team, each under the e-mail `sentIn` gives for its team. */
	left: (input: Input, sentIn: (teamId: string) => string) => Array<readonly [string, KnownMember]>;
}

/**
 * Rows of Add and Add to Teams, each person's one after another (placementTurns) from the teams' members read once.
 * A row that succeeded leaves its members for the person's next row and in the rosters; one that failed once its
 * request may have gone out (an add that may have landed, a bulk add in some teams) leaves READ_AGAIN in each of its
 * teams, which the rosters forget so later runs read them again; one that failed before it leaves nothing.
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
		async (row, current, heldAs): Promise<Array<readonly [string, LeftInTeam]>> => {
			const teamIds = placing.teamIds(row.input);
			let sentAs: string | undefined;
			let listedAs: ReadonlyMap<string, string> = new Map();
			const sending = (email: string, listed?: ReadonlyMap<string, string>) => {
				sentAs = email;
				listedAs = listed ?? listedAs;
			};
			try {
				await results.settle(
					row.itemIndex,
					pool.run(async () => await placing.write(row, { rosters, current, heldAs, sending })),
				);
			} catch {
				for (const teamId of teamIds) await rosters.forget(teamId);
				return sentAs === undefined ? [] : teamIds.map((teamId) => [teamId, READ_AGAIN] as const);
			}
			// A row that succeeded called `sending` first. A team keeps the spelling it lists the person under: a bulk
			// add sends one e-mail, and a team of it listing another spelling was not sent (Add to Teams).
			const members = placing.left(
				row.input,
				(teamId) => listedAs.get(teamId) ?? sentAs ?? row.input.email,
			);
			for (const [teamId, member] of members) await rosters.wrote(teamId, member);
			return members;
		},
	);
	for await (const row of rows) turns.take(row);
	await turns.sendHeld(pool);
}
