import { updateDisplayOptions } from 'n8n-workflow';

import { activateMember, memberChangeHolds } from '../../../shared/api';
import {
	memberTargetProperties,
	parseMemberTarget,
	type MemberTarget,
} from '../../helpers/memberTarget';
import { memberChangeRun } from './memberChange';

export const description = updateDisplayOptions(
	{ show: { resource: ['teamMember'], operation: ['activate'] } },
	memberTargetProperties,
);

export const parse = parseMemberTarget;

export const kind = 'batch' as const;

/** Lets a paused member work in the team again; a member active there already is `unchanged` (1.2). */
export const run = memberChangeRun<MemberTarget>({
	name: 'Activate',
	done: 'activated',
	holds: (member) => memberChangeHolds.activate(member),
	alreadyHeld: /not paused|already active/i,
	send: async (ctx, input, itemIndex) => await activateMember(ctx, { ...input, itemIndex }),
	after: (member) => (member ? { ...member, state: 'active' } : member),
	output: (input, result) => ({
		email: input.email,
		teamId: input.teamId,
		status: 'active',
		result,
	}),
});
