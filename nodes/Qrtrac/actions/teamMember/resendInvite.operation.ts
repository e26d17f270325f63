import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { z } from 'zod';

import { resendInvite } from '../../../shared/api';
import { readParameter } from '../../../shared/parameters';
import { validateParameters } from '../../../shared/validation';
import { memberEmailField } from '../../descriptions/member';
import { memberTargetShape } from '../../helpers/memberTarget';

const properties: INodeProperties[] = [
	{ ...memberEmailField, description: 'Email address of the invited person' },
];

export const description = updateDisplayOptions(
	{ show: { resource: ['teamMember'], operation: ['resendInvite'] } },
	properties,
);

const inputSchema = z.object({ email: memberTargetShape.email });

type Input = z.infer<typeof inputSchema>;

export function parse(this: IExecuteFunctions, itemIndex: number): Input {
	return validateParameters(
		this,
		inputSchema,
		{ email: readParameter(this, 'email', itemIndex, '') },
		itemIndex,
	);
}

/** Sends the invitation e-mail again to someone who has not accepted it; the service caps how often. */
export async function execute(
	this: IExecuteFunctions,
	input: Input,
	itemIndex: number,
): Promise<IDataObject> {
	await resendInvite(this, { email: input.email, itemIndex });
	return { email: input.email, status: 'pending', result: 'inviteResent' };
}
