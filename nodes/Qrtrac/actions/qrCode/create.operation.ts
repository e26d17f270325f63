import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { createQr, shownExcerpt, type QrCode } from '../../../shared/api';
import { sectionsFor } from '../../../shared/records/menuSections';
import { contradictedFields, valueAt } from '../../../shared/records/qrCode';
import {
	additionalFieldsCollection,
	displayIdCreateField,
	nameField,
	qrCodeFormEnd,
	qrTypeField,
	redirectUrlField,
} from '../../descriptions/qrCodeFields';
import { createTypeFields } from '../../descriptions/qrCodeTypeForms';
import { reported } from '../../helpers/outcome';
import { getTeamOverride } from '../../helpers/parameters';
import { buildQrBody } from '../../helpers/qrCodeBody';
import { readQrCodeFields } from '../../helpers/qrCodeForm';
import { qrCodeOutput, qrCodeSwitches } from '../../helpers/qrCodeTarget';
import { apiError } from '../../../shared/nodeErrors';

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
		body: sectionsFor(buildQrBody(readQrCodeFields(this, itemIndex, 'create'))),
		simplify: qrCodeSwitches(this, itemIndex).simplify,
		teamId: getTeamOverride(this, itemIndex),
	};
}

/**
 * Creates the code; with a Display ID, an unknown outcome is settled by looking the code up (see createQr). A code
 * found so is this row's only when it holds nothing against what the row sent (records/qrCode.ts
 * `contradictedFields`): one with other values was there before (a re-run, another writer), and reporting it as
 * created would hide that.
 */
export async function execute(
	this: IExecuteFunctions,
	input: Input,
	itemIndex: number,
): Promise<IDataObject> {
	const { code, recovered } = await createQr(this, {
		body: input.body,
		teamId: input.teamId,
		itemIndex,
	});
	if (recovered) await refuseOtherCode(this, input.body, code, itemIndex);
	return reported(this, qrCodeOutput(this, code, input.simplify), 'created');
}

/** How long each value in the error may be: enough to tell two names or URLs apart. */
const VALUE_EXCERPT_CHARS = 80;

async function refuseOtherCode(
	ctx: IExecuteFunctions,
	body: IDataObject,
	found: QrCode,
	itemIndex: number,
): Promise<void> {
	const differing = contradictedFields(body, found);
	if (differing.length === 0) return;
	const displayId = String(body.displayId);
	const values = await Promise.all(
		differing.map(async (field) => {
			// A password is never shown, whichever side holds it.
			if (/password/i.test(field)) return `${field} (values not shown)`;
			const sent = await shownExcerpt(ctx, valueAt(body, field), VALUE_EXCERPT_CHARS);
			const held = await shownExcerpt(ctx, valueAt(found, field), VALUE_EXCERPT_CHARS);
			return `${field}: this row sent ${sent}, the code holds ${held}`;
		}),
	);
	throw apiError(
		ctx.getNode(),
		{ success: false, message: 'Display ID held by another code' },
		{
			message: `The answer to Create QR Code was lost, and Display ID "${displayId}" is held by a code with other values than this row's`,
			description: `A look-up by the Display ID found code ${String(found.id)}, whose ${differing.join(', ')} differ from what this row sent (${values.join('; ')}): it existed before this request (a re-run, another writer), or QRTRAC changed the values. The create was not sent again and nothing was changed. Check that code; Create or Update makes it match the row.`,
			itemIndex,
		},
	);
}
