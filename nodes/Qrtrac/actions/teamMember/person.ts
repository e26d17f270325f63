import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { readParameter } from '../../../shared/parameters';
import { nameSchema } from '../../../shared/validation';
import { memberTargetShape } from '../../helpers/memberTarget';

/** Zod fields of the person both adds (Add, Add to Teams) bring in: their name and e-mail. */
export const personShape = {
	name: nameSchema.describe('Name'),
	email: memberTargetShape.email,
};

export function personInput(
	ctx: IExecuteFunctions,
	itemIndex: number,
): { name: unknown; email: unknown } {
	return {
		name: readParameter(ctx, 'name', itemIndex, ''),
		email: readParameter(ctx, 'email', itemIndex, ''),
	};
}

/** Options > Always Send of both adds: send even where the team's members show the change in place. */
export function alwaysSendInput(ctx: IExecuteFunctions, itemIndex: number): unknown {
	return readParameter<IDataObject>(ctx, 'options', itemIndex, {}).alwaysSend ?? false;
}
