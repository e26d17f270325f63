import { z } from 'zod';

import { idSchema } from '../validation';
import { entryAt, shownValue, type ListWord } from './nodeWords';
import { asText, entryNotText } from './text';

/** More IDs than this in one item is almost surely a mistake (a whole export pasted in); it is refused up front. */
export const MAX_IDS_PER_ITEM = 10_000;

/**
 * A list of IDs as users give it: one string with IDs separated by commas, spaces or new lines, a JSON array
 * written as text (as an AI agent may send it), or an array (from an expression). Entries are trimmed, empty ones dropped, repeats kept once in first-seen order;
 * every entry must be a valid ID and there must be between 1 and MAX_IDS_PER_ITEM of them.
 */
export const idListSchema = idListOf('entry');

/** The ID list whose places are called `word` in its refusals (`row` where the form shows rows). */
export function idListOf(word: ListWord) {
	return z.unknown().transform((raw, ctx): string[] => idsOf(raw, ctx, word));
}

function idsOf(raw: unknown, ctx: z.RefinementCtx, word: ListWord): string[] {
	// empty entries stay until the count, so that an entry is numbered as the list gives it
	const entries = splitIdList(raw);
	if (entries === undefined) {
		ctx.addIssue({
			code: z.ZodIssueCode.custom,
			message: 'must be IDs separated by commas, or an array of IDs',
		});
		return z.NEVER;
	}
	const given = entries.filter((entry) => entry !== '').length;
	if (given === 0) {
		ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'must list at least one ID' });
		return z.NEVER;
	}
	if (given > MAX_IDS_PER_ITEM) {
		ctx.addIssue({
			code: z.ZodIssueCode.custom,
			message: `must list at most ${MAX_IDS_PER_ITEM.toLocaleString('en-US')} IDs (got ${given.toLocaleString('en-US')}); split the list across several items`,
		});
		return z.NEVER;
	}
	const ids: string[] = [];
	for (const [index, entry] of entries.entries()) {
		if (entry === '') continue;
		if (entry === null || entry === undefined) {
			// an expression's entry that gave nothing (`[$json.a, $json.b]`, no "b") is refused: dropped, its code
			// would be left out without a word, as a picker row giving no ID would be (codeSelection.ts)
			ctx.addIssue({
				code: z.ZodIssueCode.custom,
				message: `${entryAt(index, word)}gives no ID (${shownValue(entry)})`,
			});
			return z.NEVER;
		}
		if (typeof entry !== 'string') {
			// a number is left here only when asText refused it, saying why; an object or a switch is named by its
			// position as any other entry, not the whole list refused as no list
			ctx.addIssue(entryNotText(entry, index, true, word));
			return z.NEVER;
		}
		const result = idSchema
			.refine((id) => !/["'[\]{}]/.test(id), 'must not contain quotes or brackets')
			.safeParse(entry);
		if (!result.success) {
			ctx.addIssue({
				code: z.ZodIssueCode.custom,
				message: `${entryAt(index, word)}(${shownValue(entry)}) ${result.error.issues[0].message}`,
			});
			return z.NEVER;
		}
		ids.push(entry);
	}
	return [...new Set(ids)];
}

/**
 * The entries of a list as text, a number as its text (asText: a sheet's column of numeric IDs); a number no sheet
 * shows (NaN from an empty cell) stays a number, refused, never sent as the ID "NaN", and any other entry (an
 * object, true, null) stays as given, refused by its position. An array's blank entries are kept ('') for the
 * numbering; text split at its separators has none between IDs.
 */
function splitIdList(raw: unknown): unknown[] | undefined {
	if (Array.isArray(raw))
		return raw
			.map((entry) => asText(entry))
			.map((entry) => (typeof entry === 'string' ? entry.trim() : entry));
	if (typeof raw === 'number') return [asText(raw)];
	if (typeof raw !== 'string') return undefined;
	if (raw.trim().startsWith('[')) return splitJsonList(raw);
	return raw
		.split(/[\s,;]+/)
		.map((entry) => entry.trim())
		.filter((entry) => entry !== '');
}

/** `["qr_a", "qr_b"]` as text: the array's entries, or undefined when it is not a JSON array. */
function splitJsonList(raw: string): unknown[] | undefined {
	try {
		const parsed: unknown = JSON.parse(raw);
		return Array.isArray(parsed) ? splitIdList(parsed) : undefined;
	} catch {
		return undefined;
	}
}
