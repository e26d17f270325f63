import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { createQr } from '../../../shared/api';
import { readParameter } from '../../../shared/parameters';
import {
	additionalFieldsCollection,
	createTypeFields,
	displayIdCreateField,
	nameField,
	qrCodeFormEnd,
	qrTypeField,
	redirectUrlField,
} from '../../descriptions/qrCodeFields';
import { reported } from '../../helpers/outcome';
import { getTeamOverride } from '../../helpers/parameters';
import { buildQrBody } from '../../helpers/qrCodeBody';
import { readQrCodeFields } from '../../helpers/qrCodeForm';
import { qrCodeOutput } from '../../helpers/qrCodeTarget';

const properties: INodeProperties[] = [
	qrTypeField,
	nameField,
	displayIdCreateField,
	redirectUrlField,
	...createTypeFields,
	additionalFieldsCollection(true),
	...qrCodeFormEnd,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['qrCode'], operation: ['create'] } },
	properties,
);

interface Input {
	body: IDataObject;
	simplify: boolean;
	teamId?: string;
}

export function parse(this: IExecuteFunctions, itemIndex: number): Input {
	return {
		body: buildQrBody(readQrCodeFields(this, itemIndex, 'create')),
		simplify: readParameter<boolean>(this, 'simplify', itemIndex, true),
		teamId: getTeamOverride(this, itemIndex),
	};
}

/** Creates the code; with a Display ID, an unknown outcome is settled by looking the code up (see createQr). */
export async function execute(
	this: IExecuteFunctions,
	input: Input,
	itemIndex: number,
): Promise<IDataObject> {
	const { code } = await createQr(this, { body: input.body, teamId: input.teamId, itemIndex });
	return reported(this, qrCodeOutput(code, input.simplify), 'created');
}
