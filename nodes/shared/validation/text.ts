import { z } from 'zod';

/** The largest whole number JavaScript holds exactly; past it a sheet's long ID has already lost digits. */
const LARGEST_EXACT = '9007199254740991';

/**
 * Why a number is not taken as text, or undefined when it is: only a number whose text a sheet shows is its text
 * (any whole number up to 9007199254740991, or any number of at most the 15 significant digits a sheet keeps, as
 * JavaScript writes it without an exponent). NaN (an empty cell through parseInt), Infinity, 1e+21 or
 * 0.30000000000000004 are JavaScript's, not the sheet's. The one message of a field or a list's entry refusing such
 * a number, read after the field's name.
 */
export function refusedNumber(value: unknown): string | undefined {
	if (typeof value !== 'number') return undefined;
	if (Number.isNaN(value))
		return 'got NaN, a number no sheet shows (parseInt of an empty cell, or Number of text that is no number?): give text or a number';
	if (!Number.isFinite(value))
		return `got ${value}, a number no sheet shows: give text or a number`;
	const text = String(value);
	if (/e/i.test(text))
		return `got a number JavaScript writes with an exponent (${text}), not as the sheet shows it: give it as text`;
	if (Number.isSafeInteger(value) || Number(value.toPrecision(15)) === value) return undefined;
	return Number.isInteger(value)
		? `got a whole number past ${LARGEST_EXACT} (${text}), which JavaScript does not hold exactly: give it as text`
		: `got a number past 15 significant digits (${text}), not what the sheet shows: round it or give it as text`;
}

/**
 * A number given for a text field is its text: a spreadsheet's postal code or phone number, an expression giving
 * 2026. A number refusedNumber names stays a number, as anything else does (a boolean is no text). As a schema's
 * preprocess (`context` given), such a number is refused here with refusedNumber's words: only a field that takes
 * numbers says why it refuses one; a field that takes none (Password) says it must be text.
 */
export function asText(value: unknown, context?: z.RefinementCtx): unknown {
	if (typeof value !== 'number') return value;
	const refused = refusedNumber(value);
	if (refused === undefined) return String(value);
	context?.addIssue({ code: z.ZodIssueCode.custom, message: refused, fatal: true });
	return value;
}
