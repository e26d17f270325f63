import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { apiPath } from '../../shared/apiPath';
import { qrtracApiRequest } from '../../shared/transport';
import { KeyedQueue, TeamRecords } from './teamRecords';

/** What a run knows about one member of one team. */
export interface KnownMember {
	email: string;
	name?: string;
	role: string;
	/** pending (invitation not accepted), active or paused, where the service tells it. */
	status?: string;
}

/** What an add does for one person in one team, decided from the members read before. */
export type MemberChange = 'added' | 'roleChanged' | 'unchanged';

export function planMemberChange(current: KnownMember | undefined, role: string): MemberChange {
	if (!current) return 'added';
	return current.role === role ? 'unchanged' : 'roleChanged';
}

/**
 * A member's status: pending until the invitation is accepted, then active or paused in this team.
 * The contract lists only name, email and role; status fields are read when the service sends them.
 */
export function memberStatus(member: IDataObject): string | undefined {
	if (typeof member.status === 'string') return member.status;
	if (member.userState === 'pending') return 'pending';
	return typeof member.state === 'string' ? member.state : undefined;
}

export function normalizeEmail(email: string): string {
	return email.trim().toLowerCase();
}

/**
 * The members of the teams a run touches, read ONCE per execution (GET /teams-api/{id}) and kept current as the
 * run changes them, so that a re-run of the same list sends no writes. A team that could not be read fails
 * only the items that need it. Work on one person is serialized: a second item for the same e-mail waits for
 * the first, then decides from what the first did.
 */
export class TeamRoster {
	private readonly queue = new KeyedQueue();

	private constructor(private readonly records: TeamRecords<KnownMember>) {}

	/** Reads each team once; `teamItems` maps a team to the first item needing it, named in the error of a failed read. */
	static async read(ctx: IExecuteFunctions, teamItems: Map<string, number>): Promise<TeamRoster> {
		return new TeamRoster(
			await TeamRecords.read(teamItems, async (teamId, itemIndex) => await readMembers(ctx, teamId, itemIndex)),
		);
	}

	/** The member as known now, or undefined when not in the team; throws the read error of a team that failed. */
	member(teamId: string, email: string): KnownMember | undefined {
		return this.records.team(teamId)?.get(normalizeEmail(email));
	}

	/** Records a change this run made, so that later items see it. */
	record(teamId: string, member: KnownMember): void {
		this.records.set(teamId, normalizeEmail(member.email), member);
	}

	/** Runs `task` after every earlier task for the same e-mail has settled. */
	async forPerson<T>(email: string, task: () => Promise<T>): Promise<T> {
		return await this.queue.run(normalizeEmail(email), task);
	}
}

/** The person's role in each of the teams (undefined where not a member), read now. */
export async function readMemberRoles(
	ctx: IExecuteFunctions,
	teamIds: string[],
	email: string,
	itemIndex: number,
): Promise<Map<string, string | undefined>> {
	const roles = new Map<string, string | undefined>();
	for (const teamId of teamIds) {
		roles.set(teamId, (await readMembers(ctx, teamId, itemIndex)).get(normalizeEmail(email))?.role);
	}
	return roles;
}

async function readMembers(ctx: IExecuteFunctions, teamId: string, itemIndex: number): Promise<Map<string, KnownMember>> {
	const { data } = await qrtracApiRequest(ctx, {
		method: 'GET',
		path: apiPath`/teams-api/${teamId}`,
		teamId,
		itemIndex,
	});
	const members = Array.isArray(data?.members) ? (data.members as IDataObject[]) : [];
	const byEmail = new Map<string, KnownMember>();
	for (const member of members) {
		if (typeof member.email !== 'string' || typeof member.role !== 'string') continue;
		byEmail.set(normalizeEmail(member.email), {
			email: member.email,
			name: typeof member.name === 'string' ? member.name : undefined,
			role: member.role,
			status: memberStatus(member),
		});
	}
	return byEmail;
}
