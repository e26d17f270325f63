import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { z } from 'zod';

import { getQrById, updateQr } from '../../../shared/api';
import { itemInputError, validateParameters } from '../../../shared/validation';
import { qrCodeLocator } from '../../descriptions/common';
import { sectionsFor } from '../../../shared/records/menuSections';
import { changedFields as changedFieldsOf } from '../../../shared/records/qrCode';
import { qrCodeFormEnd, qrTypeUpdateField } from '../../descriptions/qrCodeFields';
import { updateFieldsCollection } from '../../descriptions/qrCodeTypeForms';
import { qrTypeOf } from '../../../shared/forms/qrCodeTypes';
import { getLocatorValue, getTeamOverride } from '../../helpers/parameters';
import { buildQrBody, typeFieldsOfOtherTypes } from '../../helpers/qrCodeBody';
import { reportsOutcome } from '../../helpers/outcome';
import { readQrCodeFields } from '../../helpers/qrCodeForm';
import {
	codeInTeam,
	liveCodeToChange,
	qrCodeInTeamShape,
	qrCodeOutput,
	qrCodeSwitches,
} from '../../helpers/qrCodeTarget';
import type { QrCodeFields } from '../../helpers/qrCodeSchemas';
import {
	refuseDroppingHiddenPassword,
	refuseLackingEssentials,
} from '../../helpers/qrCodeWriteChecks';

/**
 * Changes the given fields of a code. The code is read first: the PUT carries every field of the stored code with
 * the given ones applied (metadata and settings key by key), so that nothing the user did not touch moves, whether
 * the service merges a PUT or replaces the code with it. From 1.2 a code that holds every given value already is
 * `unchanged` and nothing is sent.
 */

const properties: INodeProperties[] = [
	qrCodeLocator,
	qrTypeUpdateField,
	updateFieldsCollection,
	...qrCodeFormEnd,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['qrCode'], operation: ['update'] } },
	properties,
);

const qrCodeIdSchema = z.object({ qrCodeId: qrCodeInTeamShape.qrCodeId });

interface Input {
	qrCodeId: string;
	fields: QrCodeFields;
	simplify: boolean;
	teamId?: string;
}

export function parse(this: IExecuteFunctions, itemIndex: number): Input {
	const { qrCodeId } = validateParameters(
		this,
		qrCodeIdSchema,
		{ qrCodeId: getLocatorValue(this, 'qrCodeId', itemIndex) },
		itemIndex,
	);
	const fields = readQrCodeFields(this, itemIndex, 'update');
	if (!hasChanges(fields)) {
		throw itemInputError(
			this.getNode(),
			itemIndex,
			'nothing to update',
			'Choose a QR Type, add an Update Field or a Scan Rule, or fill Options > Other API Fields (JSON).',
		);
	}
	return {
		qrCodeId,
		fields,
		simplify: qrCodeSwitches(this, itemIndex).simplify,
		teamId: getTeamOverride(this, itemIndex),
	};
}

export async function execute(
	this: IExecuteFunctions,
	input: Input,
	itemIndex: number,
): Promise<IDataObject> {
	const target = codeInTeam(input, itemIndex);
	const stored = liveCodeToChange(this, await getQrById(this, target), 'Update', itemIndex);
	const qrType = input.fields.qrType ?? qrTypeOf(stored.qrType);
	const misplaced = qrType ? typeFieldsOfOtherTypes(input.fields, qrType) : [];
	if (misplaced.length > 0) {
		throw itemInputError(
			this.getNode(),
			itemIndex,
			`${misplaced.map((label) => `"${label}"`).join(', ')} cannot be set on a ${String(qrType)} code`,
			'Set QR Type to the type these fields belong to, or remove them.',
		);
	}
	if (!qrType) {
		throw itemInputError(
			this.getNode(),
			itemIndex,
			'the code has no known QR type; choose a QR Type',
		);
	}
	// the stored metadata stays unless the type changes (completeUpdateBody): a menu's sections among it
	const changes = sectionsFor(buildQrBody({ ...input.fields, qrType }), stored);
	const refusal =
		refuseLackingEssentials(this.getNode(), itemIndex, changes, stored) ??
		refuseDroppingHiddenPassword(this.getNode(), itemIndex, stored, changes);
	if (refusal) throw refusal;
	const shaped = (code: IDataObject) => qrCodeOutput(this, code, input.simplify);
	if (!reportsOutcome(this)) return shaped(await updateQr(this, { ...target, stored, changes }));
	// The record's rule (records/qrCode.ts): only the fields given count, tags as a set.
	const changedFields = changedFieldsOf(changes, stored);
	if (changedFields.length === 0) return { ...shaped(stored), result: 'unchanged' };
	const code = await updateQr(this, { ...target, stored, changes });
	return { ...shaped(code), result: 'updated', changedFields };
}

function hasChanges(fields: QrCodeFields): boolean {
	const { typeFields, settings, extra, ...common } = fields;
	return [common, typeFields, settings, extra].some((group) =>
		Object.values(group).some((value) => value !== undefined),
	);
}
