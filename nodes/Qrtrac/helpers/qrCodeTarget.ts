import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { z } from 'zod';

import { readParameter } from '../../shared/parameters';
import { flagSchema, textIdSchema, validateParameters } from '../../shared/validation';
import { qrCodeLocator, simplifyOption, teamOptionsCollection } from '../descriptions/common';
import { reported, type Outcome } from './outcome';
import { atLeastVersion, getLocatorValue, getTeamOverride } from './parameters';
import {
	simplifyQr,
	verifiedMarker,
	withLinkAndTimes,
	withTimesInMs,
} from '../../shared/records/simplify';
import { VERSION_1_2 } from '../descriptions/layoutVersions';
import { isLive } from '../../shared/records/qrCode';
import { operationError } from '../../shared/nodeErrors';

/** Zod fields of "this QR code in this team", for operations whose output is not the code (Delete). */
export const qrCodeInTeamShape = {
	qrCodeId: textIdSchema.describe('QR Code'),
	teamId: z.string().optional(),
};

const qrCodeInTeamSchema = z.object(qrCodeInTeamShape);

export type QrCodeInTeam = z.infer<typeof qrCodeInTeamSchema>;

/** Zod fields of "this QR code, answered simplified or whole, in this team": the target of many operations. */
export const qrCodeTargetShape = {
	qrCodeId: qrCodeInTeamShape.qrCodeId,
	simplify: flagSchema('Simplify'),
	teamId: qrCodeInTeamShape.teamId,
};

const qrCodeTargetSchema = z.object(qrCodeTargetShape);

const switchesSchema = z.object({
	simplify: qrCodeTargetShape.simplify,
	skipUnchanged: flagSchema('Skip Unchanged'),
});

/**
 * Simplify of the QR code forms checked apart from their fields (Create, Update, Create or Update), and Create or
 * Update's Skip Unchanged where the form shows it (`withSkipUnchanged`: Look Up Each Row); elsewhere it reads as on.
 */
export function qrCodeSwitches(
	ctx: IExecuteFunctions,
	itemIndex: number,
	withSkipUnchanged = false,
): z.infer<typeof switchesSchema> {
	const given = readParameter<IDataObject>(ctx, 'options', itemIndex, {}).skipUnchanged;
	return validateParameters(
		ctx,
		switchesSchema,
		{
			simplify: readParameter(ctx, 'simplify', itemIndex, true),
			skipUnchanged: withSkipUnchanged ? (given ?? true) : true,
		},
		itemIndex,
	);
}

export type QrCodeTarget = z.infer<typeof qrCodeTargetSchema>;

/** The form of an operation on one code: the code, the operation's own `fields`, Simplify, the Team Override. */
export function qrCodeTargetForm(...fields: INodeProperties[]): INodeProperties[] {
	return [qrCodeLocator, ...fields, simplifyOption, teamOptionsCollection];
}

function qrCodeInTeamInput(
	ctx: IExecuteFunctions,
	itemIndex: number,
): Record<keyof QrCodeInTeam, unknown> {
	return {
		qrCodeId: getLocatorValue(ctx, 'qrCodeId', itemIndex),
		teamId: getTeamOverride(ctx, itemIndex),
	};
}

export function qrCodeTargetInput(
	ctx: IExecuteFunctions,
	itemIndex: number,
): Record<keyof QrCodeTarget, unknown> {
	const { qrCodeId, teamId } = qrCodeInTeamInput(ctx, itemIndex);
	return { qrCodeId, simplify: readParameter(ctx, 'simplify', itemIndex, true), teamId };
}

/** `parse` of the operations whose only input is the code in its team (Delete). */
export function parseQrCodeInTeam(this: IExecuteFunctions, itemIndex: number): QrCodeInTeam {
	return validateParameters(
		this,
		qrCodeInTeamSchema,
		qrCodeInTeamInput(this, itemIndex),
		itemIndex,
	);
}

/** `parse` of the operations whose only input is the code target (Get, Duplicate). */
function parseQrCodeTarget(this: IExecuteFunctions, itemIndex: number): QrCodeTarget {
	return validateParameters(
		this,
		qrCodeTargetSchema,
		qrCodeTargetInput(this, itemIndex),
		itemIndex,
	);
}

/** The code as the api functions address it. */
export function codeInTeam(
	input: QrCodeInTeam,
	itemIndex: number,
): { id: string; teamId?: string; itemIndex: number } {
	return { id: input.qrCodeId, teamId: input.teamId, itemIndex };
}

/**
 * The code a change read by its ID, when it is live. One the read shows soft-deleted is no code to change, the rule
 * of Create or Update's rows and the analytics: a value it holds already would be reported `unchanged` on a deleted
 * code, and a write would be refused or land on it. The item fails before anything is sent.
 */
export function liveCodeToChange<Code extends IDataObject>(
	ctx: IExecuteFunctions,
	code: Code,
	operation: string,
	itemIndex: number,
): Code {
	if (isLive(code)) return code;
	throw operationError(
		ctx.getNode(),
		`QR code "${String(code.id)}" is deleted: ${operation} changes only live codes`,
		{
			itemIndex,
			description:
				'QRTRAC read the code by its ID as soft-deleted ("deleted": true), so nothing was sent. Pick a live code: the lists of codes mark deleted ones "Deleted: …".',
		},
	);
}

/**
 * A code as an item: simplified when Simplify is on, keeping the mark of a change verified after an unknown
 * outcome. From 1.2 its times in epoch ms whatever unit QRTRAC wrote, and whole with the short link and ISO twins
 * too, so that one code reads alike here and in the trigger's events; saved nodes keep the record as QRTRAC sent it.
 */
export function qrCodeOutput(
	ctx: IExecuteFunctions,
	code: IDataObject,
	simplify: boolean,
): IDataObject {
	if (!atLeastVersion(ctx, VERSION_1_2))
		return simplify ? { ...simplifyQr(code), ...verifiedMarker(code) } : code;
	const timed = withTimesInMs(code);
	return simplify ? { ...simplifyQr(timed), ...verifiedMarker(code) } : withLinkAndTimes(timed);
}

/**
 * An operation whose only input is the code target and whose output is the code `act` answers with (Get,
 * Duplicate); from 1.2 with `result` when `act` changes something.
 */
export function qrCodeTargetOperation(
	operation: string,
	act: (ctx: IExecuteFunctions, code: ReturnType<typeof codeInTeam>) => Promise<IDataObject>,
	result?: Outcome,
) {
	return {
		description: updateDisplayOptions(
			{ show: { resource: ['qrCode'], operation: [operation] } },
			qrCodeTargetForm(),
		),
		parse: parseQrCodeTarget,
		async execute(
			this: IExecuteFunctions,
			input: QrCodeTarget,
			itemIndex: number,
		): Promise<IDataObject> {
			const record = qrCodeOutput(
				this,
				await act(this, codeInTeam(input, itemIndex)),
				input.simplify,
			);
			return result ? reported(this, record, result) : record;
		},
	};
}
