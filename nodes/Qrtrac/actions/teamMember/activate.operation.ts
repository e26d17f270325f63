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

export const description = updateDisplayOptions({ show: { resource: ['teamMember'], operation: ['activate'] } }, properties);

const inputSchema = z.object(memberTargetShape);

type Input = z.infer<typeof inputSchema>;

export function parse(this: IExecuteFunctions, itemIndex: number): Input {
	return validateParameters(this, inputSchema, memberTargetInput(this, itemIndex), itemIndex);
}

/** Lets a paused member work in the team again; the service refuses a member who is not paused. */
export async function execute(this: IExecuteFunctions, input: Input, itemIndex: number): Promise<IDataObject> {
	await qrtracApiRequest(this, {
		method: 'PUT',
		path: apiPath`/teams-api/${input.teamId}/members/${input.email}/activate`,
		teamId: input.teamId,
		itemIndex,
	});
	return { email: input.email, teamId: input.teamId, status: 'active', result: 'activated' };
}
