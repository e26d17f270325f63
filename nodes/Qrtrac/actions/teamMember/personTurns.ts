import type { ParsedItem, TaskPool } from '../../../shared/executor';
import { KeyedTurns } from '../../../shared/keyedTurns';
import { normalizeEmail } from '../../../shared/records/member';
import type { RosterMember } from './rosters';

/**
 * Rows of one person (their e-mail, compared without case) one after another, whatever their team
 * (shared/keyedTurns.ts); other people's rows never wait for them. The first add of someone new creates and invites
 * them, and the contract promises no lock against a second add arriving meanwhile (a second invitation, a second
 * account), nor against two pauses or removals each leaving the other team as the one the person keeps, nor against
 * two resends of one invitation. `send` sends a row from what the person's row before it left (`before`; none for
 * their first row) and answers what it leaves; it never rejects.
 */
export class PersonTurns<Input extends { email: string }, Left> {
	private readonly turns = new KeyedTurns<ParsedItem<Input>, Promise<Left>>();

	constructor(
		private readonly send: (row: ParsedItem<Input>, before?: Promise<Left>) => Promise<Left>,
	) {}

	take(row: ParsedItem<Input>): void {
		this.turns.take(normalizeEmail(row.input.email), row, () => this.send(row));
	}

	async sendHeld(pool: TaskPool): Promise<void> {
		await this.turns.sendHeld(pool, (row, before) => this.send(row, before));
	}
}

/** What the person's rows so far left in each team: the member as the last row there that succeeded left them. */
export type Placement = ReadonlyMap<string, RosterMember>;

/**
 * What a failed row leaves in a team it may have changed (it failed once its request may have gone out: an answer
 * lost after QRTRAC made the change, a bulk add refused part-way): where the person is there is not known.
 */
export const READ_AGAIN = Symbol('read the team again');

/** What a row leaves in one team for the person's next row there. */
export type LeftInTeam = RosterMember | typeof READ_AGAIN;

/**
 * Rows of one person that change their place in teams (Add, Add to Teams, Pause, Activate, Change Role, Remove From
 * Team). A row starts in each team from the member as the person's last row there that succeeded left them, else
 * from the team's members as this run read them (`fromRoster`: a read that failed fails every row that needs it,
 * never passing for "not in the team"); after a row of theirs there that failed once it may have written
 * (READ_AGAIN), from the team read again for it (`fromRoster` with `again`). `send` answers what the row left in
 * each team it changed (READ_AGAIN where it failed once it may have written); a row that failed before sending
 * anything leaves what the rows before it left, so a row that never started reads nothing. `heldAs` is, by team,
 * the e-mail the person's earlier rows left them under, for a row whose team does not list them (spellings.ts
 * spellingHeld); `untold` the teams of it whose e-mail no team listed (rosters.ts spellingUntold).
 */
export function placementTurns<Input extends { email: string }>(
	fromRoster: (teamId: string, row: ParsedItem<Input>, again: boolean) => Promise<RosterMember>,
	send: (
		row: ParsedItem<Input>,
		current: (teamId: string) => Promise<RosterMember>,
		heldAs: ReadonlyMap<string, string>,
		untold: ReadonlySet<string>,
	) => Promise<Iterable<readonly [string, LeftInTeam]>>,
): PersonTurns<Input, ReadonlyMap<string, LeftInTeam>> {
	return new PersonTurns<Input, ReadonlyMap<string, LeftInTeam>>(async (row, before) => {
		const earlier = before ? await before : new Map<string, LeftInTeam>();
		const current = async (teamId: string): Promise<RosterMember> => {
			if (!earlier.has(teamId)) return await fromRoster(teamId, row, false);
			const left = earlier.get(teamId);
			return left === READ_AGAIN ? await fromRoster(teamId, row, true) : left;
		};
		// The row's own outcome is already recorded (results.settle): a failure here leaves nothing new.
		const left = await send(row, current, spellingsLeft(earlier), untoldIn(earlier)).catch(
			() => [],
		);
		return new Map([...earlier, ...left]);
	});
}

/**
 * By team, the e-mail a team lists the person under, or their earlier row made them with, as the person's rows so
 * far left them (not a team to read again).
 */
function spellingsLeft(earlier: ReadonlyMap<string, LeftInTeam>): ReadonlyMap<string, string> {
	const spellings = new Map<string, string>();
	for (const [teamId, left] of earlier)
		if (left && left !== READ_AGAIN) spellings.set(teamId, left.email);
	return spellings;
}

/** The teams the person's rows so far left under a spelling the service did not list (rosters.ts spellingUntold). */
function untoldIn(earlier: ReadonlyMap<string, LeftInTeam>): ReadonlySet<string> {
	const untold = new Set<string>();
	for (const [teamId, left] of earlier)
		if (left && left !== READ_AGAIN && left.spellingUntold) untold.add(teamId);
	return untold;
}
