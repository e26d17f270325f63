import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeApiError, updateDisplayOptions } from 'n8n-workflow';

import { apiPath } from '../../../shared/apiPath';
import { qrtracApiRequest } from '../../../shared/transport';
import { simplifyOption, teamOverrideOption } from '../../descriptions/common';
import {
	additionalFieldsCollection,
	additionalJsonField,
	createTypeFields,
	displayIdKeyField,
	nameField,
	qrTypeField,
	redirectUrlField,
	settingsCollection,
} from '../../descriptions/qrCodeFields';
import { getTeamOverride } from '../../helpers/parameters';
import { buildQrBody } from '../../helpers/qrCodeBody';
import { changedFields } from '../../helpers/qrCodeCompare';
import { readQrCodeFields } from '../../helpers/qrCodeForm';
import { findQrByDisplayId } from '../../helpers/qrCodeLookup';
import { simplifyQr } from '../../helpers/simplify';

/**
 * Upsert keyed by Display ID, so that re-running the same rows never creates a code twice:
 * the team's code with that Display ID is updated with the row's fields, or created when there is none.
 * A create refused because the Display ID was taken meanwhile (another run created it between the look-up
 * and the write) turns into an update of that code.
 */

const properties: INodeProperties[] = [
	displayIdKeyField,
	qrTypeField,
	nameField,
	redirectUrlField,
	...createTypeFields,
	additionalFieldsCollection(false),
	settingsCollection,
	additionalJsonField,
	simplifyOption,
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Skip Unchanged',
				name: 'skipUnchanged',
				type: 'boolean',
				default: true,
				description:
					'Whether to leave a code that already matches the row untouched (its output says "unchanged") instead of writing it again',
			},
			teamOverrideOption,
		],
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['qrCode'], operation: ['createOrUpdate'] } },
	properties,
);

type UpsertOutcome = 'created' | 'updated' | 'unchanged';

interface Input {
	displayId: string;
	body: IDataObject;
	simplify: boolean;
	skipUnchanged: boolean;
	teamId?: string;
}

export function parse(this: IExecuteFunctions, itemIndex: number): Input {
	const fields = readQrCodeFields(this, itemIndex, 'createOrUpdate');
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	return {
		displayId: fields.displayId!,
		body: buildQrBody(fields),
		simplify: this.getNodeParameter('simplify', itemIndex, true) as boolean,
		skipUnchanged: options.skipUnchanged === true,
		teamId: getTeamOverride(this, itemIndex),
	};
}

export async function execute(this: IExecuteFunctions, input: Input, itemIndex: number): Promise<IDataObject> {
	const existing = await findQrByDisplayId(this, input.displayId, input.teamId, itemIndex);
	const { code, operation } = existing
		? await updateExisting(this, input, existing, itemIndex)
		: await createOrTakeOver(this, input, itemIndex);
	return { ...(input.simplify ? simplifyQr(code) : code), operation };
}

async function updateExisting(
	ctx: IExecuteFunctions,
	input: Input,
	existing: IDataObject,
	itemIndex: number,
): Promise<{ code: IDataObject; operation: UpsertOutcome }> {
	if (input.skipUnchanged && changedFields(input.body, existing).length === 0) {
		return { code: existing, operation: 'unchanged' };
	}
	return { code: await putRow(ctx, input, String(existing.id), itemIndex), operation: 'updated' };
}

async function createOrTakeOver(
	ctx: IExecuteFunctions,
	input: Input,
	itemIndex: number,
): Promise<{ code: IDataObject; operation: UpsertOutcome }> {
	const attempt = await createRow(ctx, input, itemIndex).then(
		(code) => ({ code }),
		(error: unknown) => ({ error }),
	);
	if ('code' in attempt) return { code: attempt.code, operation: 'created' };
	const refused = attempt.error instanceof NodeApiError && attempt.error.httpCode === '400';
	if (!refused) throw attempt.error;
	// Refused: when another run took the Display ID meanwhile, the code is now in the team: update it.
	const winner = await findQrByDisplayId(ctx, input.displayId, input.teamId, itemIndex);
	if (!winner) throw attempt.error;
	return await updateExisting(ctx, input, winner, itemIndex);
}

async function createRow(ctx: IExecuteFunctions, input: Input, itemIndex: number): Promise<IDataObject> {
	const response = await qrtracApiRequest(ctx, {
		method: 'POST',
		path: '/qrs-api',
		body: input.body,
		teamId: input.teamId,
		itemIndex,
		verifyUnknownOutcome: async () => (await findQrByDisplayId(ctx, input.displayId, input.teamId, itemIndex)) ?? null,
	});
	// A code recovered after an unknown outcome may not hold this row yet: write the row to it.
	return response.recovered ? await putRow(ctx, input, String(response.data.id), itemIndex) : response.data;
}

async function putRow(ctx: IExecuteFunctions, input: Input, qrCodeId: string, itemIndex: number): Promise<IDataObject> {
	const { data } = await qrtracApiRequest(ctx, {
		method: 'PUT',
		path: apiPath`/qrs-api/${qrCodeId}`,
		body: input.body,
		teamId: input.teamId,
		itemIndex,
	});
	return data;
}
