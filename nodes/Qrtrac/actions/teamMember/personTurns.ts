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
 * Rows of one person that change their place in teams (Add, Add to Teams, Pause, Activate, Change Role, Remove From
 * Team). A row starts in each team from the member as the person's last row there that succeeded left them, else
 * from the team's members as this run read them (`fromRoster`: a read that failed fails every row that needs it,
 * never passing for "not in the team"). `send` answers the member it left in each team it changed; a row that failed
 * answers none and leaves what the rows before it left, so a row that never started reads nothing.
 */
export function placementTurns<Input extends { email: string }>(
	fromRoster: (teamId: string, row: ParsedItem<Input>) => Promise<RosterMember>,
	send: (
		row: ParsedItem<Input>,
		current: (teamId: string) => Promise<RosterMember>,
	) => Promise<Iterable<readonly [string, RosterMember]>>,
): PersonTurns<Input, Placement> {
	return new PersonTurns<Input, Placement>(async (row, before) => {
		const earlier: Placement = before ? await before : new Map();
		const current = async (teamId: string): Promise<RosterMember> =>
			earlier.has(teamId) ? earlier.get(teamId) : await fromRoster(teamId, row);
		// The row's own outcome is already recorded (results.settle): a failure here leaves nothing new.
		const left = await send(row, current).catch(() => []);
		return new Map([...earlier, ...left]);
	});
}
