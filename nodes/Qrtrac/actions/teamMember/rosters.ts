import type { IExecuteFunctions } from 'n8n-workflow';

import { getTeamById, memberState, membershipState } from '../../../shared/api';
import { HeldSnapshots } from '../../../shared/heldSnapshots';
import { TeamReads } from '../../../shared/teamReads';
import { normalizeEmail } from '../../../shared/records/member';

/**
 * How long a roster read serves the node's later runs in the same execution (Loop Over Items). No change feed
 * exists for members, so only this bound and the node's own writes keep it honest: shorter than the codes'.
 */
export const ROSTER_MAX_AGE_MS = 2 * 60_000;
/** Most members held across teams and executions of this process; the least recently used teams go first. */
export const HELD_MEMBERS_CEILING = 100_000;

/**
 * A team's members by e-mail (compared without case); null when the team's answer lists none (Team.members is
 * optional in the contract): who is in the team is then not known, and changes are sent as version 1.1 sends them.
 */
export type Roster = Map<string, KnownMember> | null;

/** A member as a roster tells them: undefined is not in the team; null is not known (the roster is not told). */
export type RosterMember = KnownMember | undefined | null;

const held = new HeldSnapshots<Roster>({
	ceiling: HELD_MEMBERS_CEILING,
	maxAgeMs: ROSTER_MAX_AGE_MS,
});

/** What a run knows about one member of one team. */
export interface KnownMember {
	email: string;
	name?: string;
	/** Absent where the team lists the member without one (a pending invitee may be). */
	role?: string;
	/** pending (invitation not accepted), active or paused, where the service tells it. */
	status?: string;
	/** active or paused in this team, where the service tells it (a pending person may be either). */
	state?: 'active' | 'paused';
}

/**
 * The members of each team the rows touch, read once per execution (GET /teams-api/{id}) and kept for the
 * node's later runs in it within ROSTER_MAX_AGE_MS. A team that could not be read fails only the rows that need
 * it. Within a run, rows of the same person take over what the row before them left; for later runs, a write
 * puts the member it made in the roster (`wrote`), and a write whose effect is not just that drops the roster
 * (`forget`), so that the next run reads it again.
 */
export class Rosters {
	private readonly reads: TeamReads<Roster>;

	constructor(ctx: IExecuteFunctions) {
		this.reads = new TeamReads(
			ctx,
			{ read: async (_teamId, team, itemIndex) => await readRoster(ctx, team, itemIndex), sizeOf },
			held,
		);
	}

	async member(teamId: string, email: string, itemIndex: number): Promise<RosterMember> {
		const roster = await this.reads.get(teamId, itemIndex);
		return roster === null ? null : roster.get(normalizeEmail(email));
	}

	/** The member as a write left them (the role set), keeping what the roster told of their status and e-mail. */
	async wrote(teamId: string, member: KnownMember): Promise<void> {
		const roster = await this.reads.ifRead(teamId);
		if (!roster) return;
		const email = normalizeEmail(member.email);
		const before = roster.get(email);
		roster.set(email, {
			...before,
			...member,
			email: before?.email ?? member.email,
			name: member.name ?? before?.name,
		});
		await this.reads.resized(teamId, roster);
	}

	/** The team's roster is no longer known: the node's later runs read it again. */
	async forget(teamId: string): Promise<void> {
		await this.reads.forget(teamId);
	}

	/** No roster held for this credential is known any more (Delete Completely reaches every team): read again. */
	async forgetAll(): Promise<void> {
		await this.reads.forgetAllTeams();
	}
}

async function readRoster(
	ctx: IExecuteFunctions,
	teamId: string,
	itemIndex: number,
): Promise<Roster> {
	const { members } = await getTeamById(ctx, { teamId, itemIndex });
	if (!members) return null;
	return new Map(
		members.map((member): [string, KnownMember] => [
			normalizeEmail(member.email),
			{
				email: member.email,
				name: typeof member.name === 'string' ? member.name : undefined,
				role: member.role,
				status: memberState(member),
				state: membershipState(member),
			},
		]),
	);
}

function sizeOf(roster: Roster): number {
	return roster?.size ?? 1;
}
