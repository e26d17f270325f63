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

export const description = updateDisplayOptions({ show: { resource: ['teamMember'], operation: ['remove'] } }, properties);

const inputSchema = z.object(memberTargetShape);

type Input = z.infer<typeof inputSchema>;

export function parse(this: IExecuteFunctions, itemIndex: number): Input {
	return validateParameters(this, inputSchema, memberTargetInput(this, itemIndex), itemIndex);
}

/**
 * Takes the member out of this team only; they keep their other teams. The service refuses the owner and a
 * member's last team (use Delete Completely for that).
 */
export async function execute(this: IExecuteFunctions, input: Input, itemIndex: number): Promise<IDataObject> {
	await qrtracApiRequest(this, {
		method: 'DELETE',
		path: apiPath`/teams-api/${input.teamId}/members/${input.email}`,
		teamId: input.teamId,
		itemIndex,
	});
	return { email: input.email, teamId: input.teamId, result: 'removed' };
}
