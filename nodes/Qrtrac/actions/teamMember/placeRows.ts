import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { ItemResults, ParsedItem, Rows, TaskPool } from '../../../shared/executor';
import { placementTurns, READ_AGAIN, type LeftInTeam } from './personTurns';
import { Rosters, type KnownMember, type RosterMember } from './rosters';

/** How Add or Add to Teams puts a row's person into its teams. */
export interface RowPlacing<Input extends { email: string }> {
	teamIds: (input: Input) => readonly string[];
	/**
	 * Sends the row and answers its output: `current` reads the person in a team as the person's rows so far left
	 * them, `heldAs` their spellings by team (rosters.ts spellingHeld); `sending` is called with the e-mail sent just
	 * before the request goes out.
	 */
	write: (
		row: ParsedItem<Input>,
		place: {
			rosters: Rosters;
			current: (teamId: string) => Promise<RosterMember>;
			heldAs: ReadonlyMap<string, string>;
			sending: (email: string) => void;
		},
	) => Promise<IDataObject>;
	/** The members a row that succeeded leaves, sent as `sentAs`, by team. */
	left: (input: Input, sentAs: string) => Array<readonly [string, KnownMember]>;
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
			const sending = (email: string) => (sentAs = email);
			try {
				await results.settle(
					row.itemIndex,
					pool.run(async () => await placing.write(row, { rosters, current, heldAs, sending })),
				);
			} catch {
				for (const teamId of teamIds) await rosters.forget(teamId);
				return sentAs === undefined ? [] : teamIds.map((teamId) => [teamId, READ_AGAIN] as const);
			}
			// A row that succeeded sent its request (write calls `sending` first): `sentAs` is the e-mail it sent.
			const members = placing.left(row.input, sentAs ?? row.input.email);
			for (const [teamId, member] of members) await rosters.wrote(teamId, member);
			return members;
		},
	);
	for await (const row of rows) turns.take(row);
	await turns.sendHeld(pool);
}
