import { updateDisplayOptions } from 'n8n-workflow';

import { memberChangeHolds, removeMemberFromTeam } from '../../../shared/api';
import {
	memberTargetProperties,
	parseMemberTarget,
	type MemberTarget,
} from '../../helpers/memberTarget';
import { memberChangeRun } from './memberChange';

export const description = updateDisplayOptions(
	{ show: { resource: ['teamMember'], operation: ['remove'] } },
	memberTargetProperties,
);

export const parse = parseMemberTarget;

export const kind = 'batch' as const;

/**
 * Takes the member out of this team only; they keep their other teams, and someone the team does not list is
 * `unchanged` (1.2). The service refuses the owner and a member's last team (use Delete Completely for that).
 */
export const run = memberChangeRun<MemberTarget>({
	name: 'Remove From Team',
	done: 'removed',
	holds: (member) => memberChangeHolds.remove(member),
	send: async (ctx, input, itemIndex) => await removeMemberFromTeam(ctx, { ...input, itemIndex }),
	after: () => undefined,
	output: (input, result) => ({ email: input.email, teamId: input.teamId, result }),
});
