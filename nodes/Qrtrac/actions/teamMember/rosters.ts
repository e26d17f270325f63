import type { IExecuteFunctions } from 'n8n-workflow';

import { connectionOf, getTeamRoster, memberState, membershipState } from '../../../shared/api';
import { HeldSnapshots, type HeldKey } from '../../../shared/heldSnapshots';
import { normalizeEmail } from '../../../shared/records/member';

/**
 * How long a roster read serves the node's later runs in the same execution (Loop Over Items). No change feed
 * exists for members, so only this bound and the node's own writes keep it honest: shorter than the codes'.
 */
export const ROSTER_MAX_AGE_MS = 2 * 60_000;
/** Most members held across teams and executions of this process; the least recently used teams go first. */
export const HELD_MEMBERS_CEILING = 100_000;

const held = new HeldSnapshots<Map<string, KnownMember>>({
	ceiling: HELD_MEMBERS_CEILING,
	maxAgeMs: ROSTER_MAX_AGE_MS,
});

/** What a run knows about one member of one team. */
export interface KnownMember {
	email: string;
	name?: string;
	role: string;
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
	private readonly teams = new Map<string, Promise<Map<string, KnownMember>>>();

	constructor(private readonly ctx: IExecuteFunctions) {}

	async member(teamId: string, email: string, itemIndex: number): Promise<KnownMember | undefined> {
		return (await this.team(teamId, itemIndex)).get(normalizeEmail(email));
	}

	/** The member as a write left them (the role set), keeping what the roster told of their status. */
	async wrote(teamId: string, member: KnownMember): Promise<void> {
		const roster = await this.teams.get(teamId)?.catch(() => undefined);
		if (!roster) return;
		const email = normalizeEmail(member.email);
		const before = roster.get(email);
		roster.set(email, { ...before, ...member, name: member.name ?? before?.name });
		held.resize(await this.keyOf(teamId), roster.size);
	}

	/** The team's roster is no longer known: the node's later runs read it again. */
	async forget(teamId: string): Promise<void> {
		held.delete(await this.keyOf(teamId));
	}

	private team(teamId: string, itemIndex: number): Promise<Map<string, KnownMember>> {
		let read = this.teams.get(teamId);
		if (!read) {
			read = this.readTeam(teamId, itemIndex);
			this.teams.set(teamId, read);
		}
		return read;
	}

	private async readTeam(teamId: string, itemIndex: number): Promise<Map<string, KnownMember>> {
		const key = await this.keyOf(teamId);
		const kept = held.get(key, Date.now());
		if (kept) return kept;
		const readAtMs = Date.now();
		const { members } = await getTeamRoster(this.ctx, { teamId, itemIndex });
		const roster = new Map(
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
		held.set(key, roster, roster.size, readAtMs);
		return roster;
	}

	private async keyOf(teamId: string): Promise<HeldKey> {
		const { baseUrl, identity } = await connectionOf(this.ctx);
		return { executionId: String(this.ctx.getExecutionId()), baseUrl, identity, teamId };
	}
}
