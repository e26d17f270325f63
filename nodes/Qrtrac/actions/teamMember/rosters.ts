import type { IExecuteFunctions } from 'n8n-workflow';

import { getTeamRoster, memberState, membershipState } from '../../../shared/api';
import { normalizeEmail } from '../../helpers/member';

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
 * The members of each team the rows touch, read once per execution (GET /teams-api/{id}). A team that could not
 * be read fails only the rows that need it. What the run itself changes is not written back here: rows of the
 * same person follow each other and take over what the row before them left.
 */
export class Rosters {
	private readonly teams = new Map<string, Promise<Map<string, KnownMember>>>();

	constructor(private readonly ctx: IExecuteFunctions) {}

	async member(teamId: string, email: string, itemIndex: number): Promise<KnownMember | undefined> {
		return (await this.team(teamId, itemIndex)).get(normalizeEmail(email));
	}

	private team(teamId: string, itemIndex: number): Promise<Map<string, KnownMember>> {
		let read = this.teams.get(teamId);
		if (!read) {
			read = getTeamRoster(this.ctx, { teamId, itemIndex }).then(
				({ members }) =>
					new Map(
						members.map((member) => [
							normalizeEmail(member.email),
							{
								email: member.email,
								name: typeof member.name === 'string' ? member.name : undefined,
								role: member.role,
								status: memberState(member),
								state: membershipState(member),
							},
						]),
					),
			);
			this.teams.set(teamId, read);
		}
		return read;
	}
}
