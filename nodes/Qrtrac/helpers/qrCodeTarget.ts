import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { z } from 'zod';

import { readParameter } from '../../shared/parameters';
import { idSchema, validateParameters } from '../../shared/validation';
import { qrCodeLocator, simplifyOption, teamOptionsCollection } from '../descriptions/common';
import { getLocatorValue, getTeamOverride } from './parameters';

/** Zod fields of "this QR code, answered simplified or whole, in this team": the target of many operations. */
export const qrCodeTargetShape = {
	qrCodeId: idSchema.describe('QR Code'),
	simplify: z.boolean(),
	teamId: z.string().optional(),
};

const qrCodeTargetSchema = z.object(qrCodeTargetShape);

export type QrCodeTarget = z.infer<typeof qrCodeTargetSchema>;

/** The form of an operation on one code: the code, Simplify, and the Team Override option. */
export const qrCodeTargetProperties: INodeProperties[] = [
	qrCodeLocator,
	simplifyOption,
	teamOptionsCollection,
];

export function qrCodeTargetInput(
	ctx: IExecuteFunctions,
	itemIndex: number,
): Record<keyof QrCodeTarget, unknown> {
	return {
		qrCodeId: getLocatorValue(ctx, 'qrCodeId', itemIndex),
		simplify: readParameter(ctx, 'simplify', itemIndex, true),
		teamId: getTeamOverride(ctx, itemIndex),
	};
}

/** `parse` of the operations whose only input is the code target (get, duplicate). */
export function parseQrCodeTarget(this: IExecuteFunctions, itemIndex: number): QrCodeTarget {
	return validateParameters(
		this,
		qrCodeTargetSchema,
		qrCodeTargetInput(this, itemIndex),
		itemIndex,
	);
}
