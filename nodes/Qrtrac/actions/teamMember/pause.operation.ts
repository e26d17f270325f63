import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { z } from 'zod';

import { apiPath } from '../../../shared/apiPath';
import { qrtracApiRequest } from '../../../shared/transport';
import { validateParameters } from '../../../shared/validation';
import { teamLocator } from '../../descriptions/common';
import { memberEmailField } from '../../descriptions/member';
import { memberTargetInput, memberTargetShape } from '../../helpers/memberTarget';

const properties: INodeProperties[] = [teamLocator, memberEmailField];

export const description = updateDisplayOptions({ show: { resource: ['teamMember'], operation: ['pause'] } }, properties);

const inputSchema = z.object(memberTargetShape);

type Input = z.infer<typeof inputSchema>;

export function parse(this: IExecuteFunctions, itemIndex: number): Input {
	return validateParameters(this, inputSchema, memberTargetInput(this, itemIndex), itemIndex);
}

/** Pauses a member in the team; the service refuses the owner and a member who would be left with no active team. */
export async function execute(this: IExecuteFunctions, input: Input, itemIndex: number): Promise<IDataObject> {
	await qrtracApiRequest(this, {
		method: 'PUT',
		path: apiPath`/teams-api/${input.teamId}/members/${input.email}/pause`,
		teamId: input.teamId,
		itemIndex,
	});
	return { email: input.email, teamId: input.teamId, status: 'paused', result: 'paused' };
}
