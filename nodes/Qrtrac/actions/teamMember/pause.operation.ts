import type { IExecuteFunctions } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { memberChangeHolds, pauseMember } from '../../../shared/api';
import { prefixDescription } from '../../../shared/nodeErrors';
import {
	memberTargetProperties,
	parseMemberTarget,
	type MemberTarget,
} from '../../helpers/memberTarget';
import { attempt, refusedWith } from '../../helpers/outcome';
import { memberChangeRun } from './memberChange';

export const description = updateDisplayOptions(
	{ show: { resource: ['teamMember'], operation: ['pause'] } },
	memberTargetProperties,
);

export const parse = parseMemberTarget;

export const kind = 'batch' as const;

/** QRTRAC keeps every member active in at least one team; its refusal says so, not what to do instead. */
const NO_ACTIVE_TEAM = /no active team|at least one active team/i;

/**
 * Pauses a member in the team; a member paused there already is `unchanged` (1.2). The service refuses the owner
 * and a pause that would leave the member with no active team.
 */
export const run = memberChangeRun<MemberTarget>({
	name: 'Pause',
	done: 'paused',
	holds: (member) => memberChangeHolds.pause(member),
	alreadyHeld: /already paused/i,
	send: async (ctx: IExecuteFunctions, input, itemIndex) => {
		const sent = await attempt(pauseMember(ctx, { ...input, itemIndex }));
		if ('done' in sent) return sent.done;
		if (refusedWith(sent.failed, NO_ACTIVE_TEAM))
			prefixDescription(
				sent.failed,
				"A member must stay active in at least one team, and this is their last active one. To take their access here, activate them in another team (or add them to one) first and pause them here then, or use Delete Completely to take them out of the organization (Remove From Team is refused for a member's last team).",
			);
		throw sent.failed;
	},
	after: (member) => (member ? { ...member, state: 'paused' } : member),
	output: (input, result) => ({
		email: input.email,
		teamId: input.teamId,
		status: 'paused',
		result,
	}),
});
