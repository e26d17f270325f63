import { z } from 'zod';

import { entryAt, MODEL_WORDS, MUST_BE_TEXT, type ListWord } from './nodeWords';

/** The largest whole number JavaScript holds exactly; past it a sheet's long ID has already lost digits. */
const LARGEST_EXACT = '9007199254740991';

/** Whom a refused number's words are for, and what the field takes. */
export interface NumberWords {
	/** An AI agent's model filled the field (toModel): it has no sheet, so none is named. */
	model?: boolean;
	/** False for a field of text only (the trigger's QR Types): no number is offered as the way out. */
	takesNumbers?: boolean;
}

/**
 * Why a number is not taken as text, or undefined when it is: only a number whose text a sheet shows is its text
 * (any whole number up to 9007199254740991, or any number of at most the 15 significant digits a sheet keeps, as
 * JavaScript writes it without an exponent). NaN (an empty cell through parseInt), Infinity, 1e+21 or
 * 0.30000000000000004 are JavaScript's, not the sheet's. The one message of a field or a list's entry refusing such
 * a number, read after the field's name.
 */
export function refusedNumber(
	value: unknown,
	{ model = false, takesNumbers = true }: NumberWords = {},
): string | undefined {
	if (typeof value !== 'number') return undefined;
	const give = takesNumbers ? 'give text or a number' : 'give text';
	if (Number.isNaN(value))
		return model
			? `got NaN, which is no number: ${give}`
			: `got NaN, a number no sheet shows (parseInt of an empty cell, or Number of text that is no number?): ${give}`;
	if (!Number.isFinite(value))
		return model ? `got ${value}: ${give}` : `got ${value}, a number no sheet shows: ${give}`;
	const text = String(value);
	if (/e/i.test(text))
		return model
			? `got a number written with an exponent (${text}): give it as text`
			: `got a number JavaScript writes with an exponent (${text}), not as the sheet shows it: give it as text`;
	if (Number.isSafeInteger(value) || Number(value.toPrecision(15)) === value) return undefined;
	if (Number.isInteger(value))
		return `got a whole number past ${LARGEST_EXACT} (${text}), which JavaScript does not hold exactly: give it as text`;
	if (model) return `got a number past 15 significant digits (${text}): give it as text`;
	return `got a number past 15 significant digits (${text}), not what the sheet shows: ${takesNumbers ? 'round it or ' : ''}give it as text`;
}

/**
 * The issue of a field or a list's entry (its index) refusing such a number, in people's words, carrying the
 * model's (MODEL_WORDS) for a refusal of what an AI agent's model filled; undefined when the number is its text.
 */
export function refusedNumberIssue(
	value: unknown,
	{ index, takesNumbers, word }: { index?: number; takesNumbers?: boolean; word?: ListWord } = {},
): z.IssueData | undefined {
	const refused = refusedNumber(value, { takesNumbers });
	if (refused === undefined) return undefined;
	const at = entryAt(index, word);
	const model = refusedNumber(value, { model: true, takesNumbers });
	return {
		code: z.ZodIssueCode.custom,
		message: `${at}${refused}`,
		fatal: true,
		params: { [MODEL_WORDS]: `${at}${model}` },
	};
}

/**
 * A number given for a text field is its text: a spreadsheet's postal code or phone number, an expression giving
 * 2026. A number refusedNumber names stays a number, as anything else does (a boolean is no text). As a schema's
 * preprocess (`context` given), such a number is refused here with refusedNumber's words: only a field that takes
 * numbers says why it refuses one; a field that takes none (Password) says it must be text.
 */
export function asText(value: unknown, context?: z.RefinementCtx): unknown {
	if (typeof value !== 'number') return value;
	const refused = refusedNumberIssue(value);
	if (refused === undefined) return String(value);
	context?.addIssue(refused);
	return value;
}

/**
 * An entry of a list of text that takes no number (the trigger's QR Types: no QR type is one), refused by its
 * number (from 1) in the message too: a number no sheet shows saying why (refusedNumber, offering text only), any
 * other number (2026, which would match nothing) and anything else not text (true, an empty variable) `entry 2
 * must be text`.
 */
export const textOnlyEntrySchema = z.unknown().transform((value, context): string => {
	if (typeof value === 'string') return value;
	const position = context.path.at(-1);
	context.addIssue(entryNotText(value, typeof position === 'number' ? position : undefined, false));
	return z.NEVER;
});

/**
 * The refusal of a list's entry (its index) that is no text: a number no sheet shows saying why
 * (refusedNumber), anything else `entry 2 must be text`.
 */
export function entryNotText(
	value: unknown,
	index: number | undefined,
	takesNumbers = true,
	word?: ListWord,
): z.IssueData {
	return (
		refusedNumberIssue(value, { index, takesNumbers, word }) ?? {
			code: z.ZodIssueCode.custom,
			message: `${entryAt(index, word)}${MUST_BE_TEXT}`,
			fatal: true,
		}
	);
}
