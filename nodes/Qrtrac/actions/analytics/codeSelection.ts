import type { IExecuteFunctions } from 'n8n-workflow';
import { z } from 'zod';

import { listTeamQrs, type QrCode } from '../../../shared/api';
import { idListSchema } from '../../../shared/validation/idList';

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
};

interface RawSelection {
	codeSelection: 'all' | 'list' | 'picked';
	qrCodeIds?: unknown;
}

/** Picked or listed IDs become unique, valid IDs (at most 10,000); "all" leaves `qrCodeIds` to be read when the row runs. */
export function withCodeSelection<T extends RawSelection>(
	value: T,
	ctx: z.RefinementCtx,
): Omit<T, 'qrCodeIds'> & { qrCodeIds?: string[] } {
	const { qrCodeIds, ...rest } = value;
	if (value.codeSelection === 'all') return rest;
	const ids = idListSchema.safeParse(qrCodeIds);
	if (!ids.success) {
		ctx.addIssue({
			code: z.ZodIssueCode.custom,
			path: ['qrCodeIds'],
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
			}).then((codes) => codes.filter((code) => code.deleted !== true));
			this.reads.set(key, read);
		}
		return read;
	}
}
