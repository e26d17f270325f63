import { planMemberChange, type MemberChange } from '../add/plan';
import type { RosterMember } from '../rosters';

export interface TeamRole {
	teamId: string;
	role: string;
}

export interface TeamOutcome extends TeamRole {
	result: MemberChange;
	previousRole?: string;
	status?: string;
}

/**
 * One person into several teams (pure): the outcome per team, and the teams that must be sent (those where the
 * person is missing or has another role, and those whose answer lists no members: `sent`, as version 1.1 sends).
 * Nothing to send means the person is already in place everywhere.
 */
export function planTeams(
	teams: readonly TeamRole[],
	current: ReadonlyArray<RosterMember>,
): { outcomes: TeamOutcome[]; toSend: TeamRole[] } {
	const outcomes = teams.map(({ teamId, role }, index): TeamOutcome => {
		const member = current[index];
		if (member === null) return { teamId, role, result: 'sent' };
		const result = planMemberChange(member, role);
		return {
			teamId,
			role,
			result,
			...(result === 'roleChanged' && member?.role !== undefined
				? { previousRole: member.role }
				: {}),
			...(member?.status ? { status: member.status } : {}),
		};
	});
	return { outcomes, toSend: teams.filter((_, index) => outcomes[index].result !== 'unchanged') };
}
