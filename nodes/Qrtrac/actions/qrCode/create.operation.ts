import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { qrtracApiRequest } from '../../../shared/transport';
import { simplifyOption } from '../../descriptions/common';
import {
	additionalFieldsCollection,
	additionalJsonFirstLayoutField,
	createTypeFields,
	displayIdCreateField,
	nameField,
	qrCodeOptionsCollection,
	qrTypeField,
	redirectUrlField,
	settingsCollection,
} from '../../descriptions/qrCodeFields';
import { getTeamOverride } from '../../helpers/parameters';
import { buildQrBody } from '../../helpers/qrCodeBody';
import { readQrCodeFields } from '../../helpers/qrCodeForm';
import { findQrByDisplayId } from '../../helpers/qrCodeLookup';
import { simplifyQr } from '../../helpers/simplify';

const properties: INodeProperties[] = [
	qrTypeField,
	nameField,
	displayIdCreateField,
	redirectUrlField,
	...createTypeFields,
	additionalFieldsCollection(true),
	settingsCollection,
	additionalJsonFirstLayoutField,
	simplifyOption,
	qrCodeOptionsCollection,
];

export const description = updateDisplayOptions({ show: { resource: ['qrCode'], operation: ['create'] } }, properties);

interface Input {
	body: IDataObject;
	simplify: boolean;
	teamId?: string;
}

export function parse(this: IExecuteFunctions, itemIndex: number): Input {
	return {
		body: buildQrBody(readQrCodeFields(this, itemIndex, 'create')),
		simplify: this.getNodeParameter('simplify', itemIndex, true) as boolean,
		teamId: getTeamOverride(this, itemIndex),
	};
}

export async function execute(this: IExecuteFunctions, input: Input, itemIndex: number): Promise<IDataObject> {
	const displayId = typeof input.body.displayId === 'string' ? input.body.displayId : undefined;
	const { data } = await qrtracApiRequest(this, {
		method: 'POST',
		path: '/qrs-api',
		body: input.body,
		teamId: input.teamId,
		itemIndex,
		// With a Display ID, an unknown outcome can be settled by looking the code up; without one it cannot.
		verifyUnknownOutcome: displayId
			? async () => (await findQrByDisplayId(this, displayId, input.teamId, itemIndex)) ?? null
			: undefined,
	});
	return input.simplify ? simplifyQr(data) : data;
}
