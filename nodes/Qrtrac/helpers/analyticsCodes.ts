import type { IExecuteFunctions } from 'n8n-workflow';
import { z } from 'zod';

import { idListSchema } from '../../shared/validation/idList';

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
