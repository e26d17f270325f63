import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { apiPath } from '../../../shared/apiPath';
import { qrtracApiRequest } from '../../../shared/transport';
import { idSchema, validateParameters } from '../../../shared/validation';
import { qrCodeLocator, simplifyOption } from '../../descriptions/common';
import {
	additionalJsonFirstLayoutField,
	qrCodeOptionsCollection,
	qrTypeUpdateField,
	settingsCollection,
	updateFieldsCollection,
} from '../../descriptions/qrCodeFields';
import { isQrType } from '../../descriptions/qrCodeTypes';
import { getLocatorValue, getTeamOverride } from '../../helpers/parameters';
import { buildQrUpdateBody, typeFieldsOfOtherTypes } from '../../helpers/qrCodeBody';
import { readQrCodeFields } from '../../helpers/qrCodeForm';
import type { QrCodeFields } from '../../helpers/qrCodeSchemas';
import { simplifyQr } from '../../helpers/simplify';

/**
 * Changes the given fields of a code. The code is read first: the PUT must carry its type (and, for Website
 * and Short Link codes, its redirect URL), and metadata/settings are merged onto the stored ones so that
 * fields the user did not touch are kept.
 */

const properties: INodeProperties[] = [
	qrCodeLocator,
	qrTypeUpdateField,
	updateFieldsCollection,
	settingsCollection,
	additionalJsonFirstLayoutField,
	simplifyOption,
	qrCodeOptionsCollection,
];

export const description = updateDisplayOptions({ show: { resource: ['qrCode'], operation: ['update'] } }, properties);

interface Input {
	qrCodeId: string;
	fields: QrCodeFields;
	simplify: boolean;
	teamId?: string;
}

export function parse(this: IExecuteFunctions, itemIndex: number): Input {
	const qrCodeId = validateParameters(this, idSchema.describe('QR Code'), getLocatorValue(this, 'qrCodeId', itemIndex), itemIndex);
	const fields = readQrCodeFields(this, itemIndex, 'update');
	if (!hasChanges(fields)) {
		throw new NodeOperationError(this.getNode(), `Item ${itemIndex}: nothing to update`, {
			itemIndex,
			description: 'Choose a QR Type, add an Update Field or a Scan Rule, or fill Options > Other API Fields (JSON).',
		});
	}
	return {
		qrCodeId,
		fields,
		simplify: this.getNodeParameter('simplify', itemIndex, true) as boolean,
		teamId: getTeamOverride(this, itemIndex),
	};
}

export async function execute(this: IExecuteFunctions, input: Input, itemIndex: number): Promise<IDataObject> {
	const { data: stored } = await qrtracApiRequest(this, {
		method: 'GET',
		path: apiPath`/qrs-api/teams/${input.qrCodeId}`,
		teamId: input.teamId,
		itemIndex,
	});
	const qrType = input.fields.qrType ?? (isQrType(stored.qrType) ? stored.qrType : undefined);
	const misplaced = qrType ? typeFieldsOfOtherTypes(input.fields, qrType) : [];
	if (misplaced.length > 0) {
		throw new NodeOperationError(
			this.getNode(),
			`Item ${itemIndex}: ${misplaced.map((label) => `"${label}"`).join(', ')} cannot be set on a ${String(qrType)} code`,
			{ itemIndex, description: 'Set QR Type to the type these fields belong to, or remove them.' },
		);
	}
	const { data } = await qrtracApiRequest(this, {
		method: 'PUT',
		path: apiPath`/qrs-api/${input.qrCodeId}`,
		body: buildQrUpdateBody(input.fields, stored),
		teamId: input.teamId,
		itemIndex,
	});
	return input.simplify ? simplifyQr(data) : data;
}

function hasChanges(fields: QrCodeFields): boolean {
	const { typeFields, settings, extra, ...common } = fields;
	return [common, typeFields, settings, extra].some((group) =>
		Object.values(group).some((value) => value !== undefined),
	);
}
