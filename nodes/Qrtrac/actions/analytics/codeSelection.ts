import type { IExecuteFunctions } from 'n8n-workflow';
import { z } from 'zod';

import { listTeamQrs } from '../../../shared/api';
import { idListSchema } from '../../../shared/validation/idList';

/** Zod fields of the Codes form (a list of IDs or every code of the team); finish the object with `withCodeSelection`. */
export const codeSelectionShape = {
	codeSelection: z.enum(['all', 'list'], { errorMap: () => ({ message: 'must be "all" or "list"' }) }).describe('Codes'),
	qrCodeIds: z.unknown().describe('QR Code IDs'),
};

interface RawSelection {
	codeSelection: 'all' | 'list';
	qrCodeIds?: unknown;
}

/** A list becomes unique, valid IDs (at most 10,000); "all" leaves `qrCodeIds` undefined, to be read when the item runs. */
export function withCodeSelection<T extends RawSelection>(
	value: T,
	ctx: z.RefinementCtx,
): Omit<T, 'qrCodeIds'> & { qrCodeIds?: string[] } {
	const { qrCodeIds, ...rest } = value;
	if (value.codeSelection === 'all') return rest;
	const ids = idListSchema.safeParse(qrCodeIds);
	if (!ids.success) {
		ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['qrCodeIds'], message: ids.error.issues[0].message });
		return z.NEVER;
	}
	return { ...rest, qrCodeIds: ids.data };
}

export function codeSelectionInput(ctx: IExecuteFunctions, itemIndex: number): RawSelection {
	const codeSelection = ctx.getNodeParameter('codeSelection', itemIndex, 'list') as RawSelection['codeSelection'];
	return {
		codeSelection,
		qrCodeIds: codeSelection === 'list' ? ctx.getNodeParameter('qrCodeIds', itemIndex, '') : undefined,
	};
}

/**
 * "All Codes of the Team", read at most once per team and execution (every page of the list): the first row that
 * needs a team's codes starts the read, later rows of the same team take the same answer.
 */
export class TeamCodeIds {
	private readonly reads = new Map<string, Promise<string[]>>();

	constructor(private readonly ctx: IExecuteFunctions) {}

	/** The codes a row asked for: its list of IDs, or else every live code of its team. */
	async selected(input: { qrCodeIds?: string[]; teamId?: string }, itemIndex: number): Promise<string[]> {
		if (input.qrCodeIds) return input.qrCodeIds;
		const key = input.teamId ?? '';
		let read = this.reads.get(key);
		if (!read) {
			read = listTeamQrs(this.ctx, {
				query: { sortBy: 'createdAt', sortOrder: 'asc' },
				walk: { returnAll: true },
				teamId: input.teamId,
				itemIndex,
			}).then((codes) => codes.filter((code) => code.deleted !== true).map((code) => code.id));
			this.reads.set(key, read);
		}
		return await read;
	}
}
