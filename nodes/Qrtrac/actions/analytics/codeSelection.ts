import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { z } from 'zod';

import { listTeamQrs, type QrCode } from '../../../shared/api';
import { idListSchema } from '../../../shared/validation/idList';
import { VERSION_1_2 } from '../../descriptions/layoutVersions';
import { atLeastVersion } from '../../helpers/parameters';

/**
 * Which codes a many-code analytics row is about: the codes picked from the list, a list of IDs, or every code of
 * the team. Finish the row's object with `withCodeSelection`.
 */
export const codeSelectionShape = {
	codeSelection: z
		.enum(['all', 'list', 'picked'], {
			errorMap: () => ({ message: 'must be "picked", "list" or "all"' }),
		})
		.describe('Codes'),
	qrCodeIds: z.unknown().describe('QR Code IDs'),
	pickedQrCodes: z.unknown().describe('QR Codes'),
};

interface RawSelection {
	codeSelection: 'all' | 'list' | 'picked';
	qrCodeIds?: unknown;
	/** The codes of the 1.2 picker, where they come from (so that a refusal names that field). */
	pickedQrCodes?: unknown;
}

/** Picked or listed IDs become unique, valid IDs (at most 10,000); "all" leaves `qrCodeIds` to be read when the row runs. */
export function withCodeSelection<T extends RawSelection>(
	value: T,
	ctx: z.RefinementCtx,
): Omit<T, 'qrCodeIds' | 'pickedQrCodes'> & { qrCodeIds?: string[] } {
	const { qrCodeIds, pickedQrCodes, ...rest } = value;
	if (value.codeSelection === 'all') return rest;
	const fromPicker = pickedQrCodes !== undefined;
	const ids = idListSchema.safeParse(fromPicker ? pickedQrCodes : qrCodeIds);
	if (!ids.success) {
		ctx.addIssue({
			code: z.ZodIssueCode.custom,
			path: [fromPicker ? 'pickedQrCodes' : 'qrCodeIds'],
			message: ids.error.issues[0].message,
		});
		return z.NEVER;
	}
	return { ...rest, qrCodeIds: ids.data };
}

export function codeSelectionInput(ctx: IExecuteFunctions, itemIndex: number): RawSelection {
	const codeSelection = ctx.getNodeParameter(
		'codeSelection',
		itemIndex,
		'list',
	) as RawSelection['codeSelection'];
	if (codeSelection === 'picked' && atLeastVersion(ctx, VERSION_1_2)) {
		const entries = ctx.getNodeParameter('pickedQrCodes.code', itemIndex, []) as IDataObject[];
		return { codeSelection, pickedQrCodes: entries.map((entry) => locatorValue(entry.qrCodeId)) };
	}
	const parameter =
		codeSelection === 'picked'
			? 'pickedQrCodeIds'
			: codeSelection === 'list'
				? 'qrCodeIds'
				: undefined;
	return {
		codeSelection,
		qrCodeIds: parameter ? ctx.getNodeParameter(parameter, itemIndex, '') : undefined,
	};
}

/** A picked code's ID: the locator's value (From List, By ID), or the value an expression gave. */
function locatorValue(value: unknown): unknown {
	return typeof value === 'object' && value !== null && 'value' in value
		? (value as { value: unknown }).value
		: value;
}

/**
 * The team's live codes, read at most once per team and execution (every page of the list): the first row that
 * needs them starts the read, later rows of the same team take the same answer. They give "All Codes of the Team"
 * and the names (name, Display ID, short link) that scan rows and totals carry beside the code's internal ID.
 */
export class TeamCodes {
	private readonly reads = new Map<string, Promise<QrCode[]>>();

	constructor(private readonly ctx: IExecuteFunctions) {}

	/** The codes a row asked for: its IDs, or else every live code of its team. */
	async selected(
		input: { qrCodeIds?: string[]; teamId?: string },
		itemIndex: number,
	): Promise<string[]> {
		return input.qrCodeIds ?? (await this.of(input.teamId, itemIndex)).map((code) => code.id);
	}

	of(teamId: string | undefined, itemIndex: number): Promise<QrCode[]> {
		const key = teamId ?? '';
		let read = this.reads.get(key);
		if (!read) {
			read = listTeamQrs(this.ctx, {
				query: { sortBy: 'createdAt', sortOrder: 'asc' },
				walk: { returnAll: true },
				teamId,
				itemIndex,
				purpose: 'All Codes of the Team',
			}).then((codes) => codes.filter((code) => code.deleted !== true));
			this.reads.set(key, read);
		}
		return read;
	}
}
