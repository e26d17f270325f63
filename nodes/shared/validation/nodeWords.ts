import { z } from 'zod';

import { expressionGaveNo } from '../parameters';

/** The words of a text field of the wrong kind, for a caller giving it a hint of its own (the Trigger). */
export const MUST_BE_TEXT = 'must be text';

/** The words of a list whose entries are not all text (Tags, the Trigger's list filters). */
export const MUST_HOLD_TEXT = 'must hold text only';

/** Said of a value missing: an argument an AI agent's model left out (`toModel`). */
const MISSING = 'is missing';

/**
 * The words of a field given nothing at all (undefined: `{{ $json.title }}` of an item without "title"): a value
 * missing, not one of the wrong kind, said as the nodes say an expression that gave nothing (gaveNothing).
 */
export const IS_MISSING = `${MISSING} (${expressionGaveNo('value')})`;

/**
 * The key of a refusal's `params` holding its words for an AI agent's model, where people's would name what the
 * model has not got (a sheet: refusedNumberIssue).
 */
export const MODEL_WORDS = 'modelWords';

/** A refusal's own words for the model, as checkItem keeps them beside people's (`modelMessage`), if it has any. */
export function modelWords(issue: z.ZodIssue): { modelMessage?: string } {
	const words: unknown =
		issue.code === z.ZodIssueCode.custom ? issue.params?.[MODEL_WORDS] : undefined;
	return typeof words === 'string' ? { modelMessage: words } : {};
}

/**
 * A refusal of a part (a tag, an ID of a list) re-issued by the schema of the whole, in `message` (its own words
 * unless given), carrying its words for the model (MODEL_WORDS) when it has them, so that they reach toModel.
 */
export function reissued(issue: z.ZodIssue, message = issue.message): z.IssueData {
	const { modelMessage } = modelWords(issue);
	return {
		code: z.ZodIssueCode.custom,
		message,
		...(modelMessage === undefined ? {} : { params: { [MODEL_WORDS]: modelMessage } }),
	};
}

/**
 * A field's refusal as the model reads it when it filled the field (a `$fromAI` argument): its own words for the
 * model when it has them (MODEL_WORDS); it wrote no expression, so an argument left out is only missing. Any other
 * refusal is the same words.
 */
export function toModel(issue: { message: string; modelMessage?: string }): string {
	if (issue.modelMessage !== undefined) return issue.modelMessage;
	return issue.message === IS_MISSING ? MISSING : issue.message;
}

/** Whether a value's path ends at a position in a list (an entry, named by its number), not at a field. */
function isListEntry(path: ReadonlyArray<string | number>): boolean {
	return typeof path.at(-1) === 'number';
}

/**
 * What a field of the wrong kind (null, a list, an object, a switch for text) or given nothing is told, in the
 * node's words, whichever schema checks it: zod's own ("Expected string, received null", "Required") names no rule
 * a user knows. A number is told why only by a field that takes numbers as text (asText says it); to any other it
 * is of the wrong kind. A schema's own message for it (a URL's) stays: zod applies this map after the schema's, so
 * it keeps any message not zod's default. The one owner of that rule: checkItem passes it to every parse of an
 * item's input.
 */
export const inNodeWords: z.ZodErrorMap = (issue, context) => {
	if (context.defaultError !== z.defaultErrorMap(issue, context).message)
		return { message: context.defaultError };
	if (issue.code === z.ZodIssueCode.invalid_enum_value)
		return { message: notAnOption(issue.options, issue.received, { path: issue.path }) };
	if (issue.code !== z.ZodIssueCode.invalid_type) return { message: context.defaultError };
	// an entry of a list of text is no field missing: it is told as the list's others
	const textEntry = issue.expected === z.ZodParsedType.string && isListEntry(issue.path);
	if (issue.received === z.ZodParsedType.undefined && !textEntry) return { message: IS_MISSING };
	return {
		message: issue.expected === z.ZodParsedType.string ? MUST_BE_TEXT : context.defaultError,
	};
};

/** Characters of a refused value quoted back: enough to recognise it, not a pasted page. */
const GIVEN_CHARS = 60;

/**
 * A refused value as shown in its refusal: text in quotes (cut with an ellipsis inside them), a symbol as JavaScript
 * writes it (`Symbol(x)`), a function said to be one, anything else as JSON; JSON has no words for the first two,
 * which would be shown as nothing given.
 */
export function shownValue(value: unknown): string {
	if (typeof value === 'string')
		return JSON.stringify(value.length > GIVEN_CHARS ? `${value.slice(0, GIVEN_CHARS)}…` : value);
	if (typeof value === 'function') return 'a function';
	if (typeof value === 'bigint') return `${value}n`;
	const json = typeof value === 'symbol' ? value.toString() : jsonOrNothing(value);
	if (json === undefined) return value === undefined ? 'nothing' : 'an object JSON cannot write';
	return json.length > GIVEN_CHARS ? `${json.slice(0, GIVEN_CHARS)}…` : json;
}

/** JSON of a value, or undefined for one JSON cannot write (a circular object): a refusal never fails itself. */
function jsonOrNothing(value: unknown): string | undefined {
	try {
		return JSON.stringify(value);
	} catch {
		return undefined;
	}
}

/** Where a refused option sits, and what its field adds to the options (why one is missing from them). */
export interface OptionPlace {
	/** The value's path: a list's entry (the path ends at its position) is named by its number, from 1. */
	path?: ReadonlyArray<string | number>;
	/** Said after the options, e.g. "owner can never be assigned". */
	note?: string;
}

/**
 * The words of a value that is none of a field's options (`DESC` for Sort Order, `FAX` for QR Type, a role): the
 * values it takes, as an expression must give them, the value given (shownValue), and the one meant when only the
 * case differs (an option field matches exactly). The one owner of them: every option field (optionSchema), the
 * caseless choices (roles, statuses) and any other enum a parse refuses (inNodeWords).
 */
export function notAnOption(
	options: readonly unknown[],
	given: unknown,
	{ path = [], note }: OptionPlace = {},
): string {
	const entry = entryOf(path);
	const meant = caselessOption(options, given);
	const listed = options.map((option) => JSON.stringify(option)).join(', ');
	const spaced = typeof given === 'string' && given.trim() !== given;
	const hint =
		meant === undefined
			? ''
			: ` (${spaced ? 'written exactly' : 'the case counts'}: ${JSON.stringify(meant)})`;
	return `${entry}must be one of ${listed}${note === undefined ? '' : ` (${note})`}, not ${shownValue(given)}${hint}`;
}

/** `entry 2 ` for a list's entry at this path (numbered from 1), nothing for a field itself. */
export function entryOf(path: ReadonlyArray<string | number>): string {
	return entryAt(isListEntry(path) ? (path.at(-1) as number) : undefined);
}

/**
 * `entry 2 ` for the entry at this index of a list (0: `entry 1 `), nothing for a field itself: the one wording;
 * `row 2 ` where the form shows the list as rows (the 1.2 code picker).
 */
export function entryAt(index: number | undefined, word: ListWord = 'entry'): string {
	return index === undefined ? '' : `${word} ${index + 1} `;
}

/** What one place of a list is called in a refusal: as the form shows it. */
export type ListWord = 'entry' | 'row';

/** The option `given` is, ignoring case and surrounding spaces (a sheet's `Editor`, a saved `web`); undefined if none. */
export function caselessOption<T>(options: readonly T[], given: unknown): T | undefined {
	if (typeof given !== 'string') return undefined;
	const read = given.trim().toLowerCase();
	return options.find((option) => String(option).toLowerCase() === read);
}

/**
 * An option field (an options parameter an expression may set): one of `options` exactly, anything else (another
 * value, null, a number) refused in notAnOption's words rather than zod's ("Expected 'a' | 'b', received null").
 * A field given nothing is left to inNodeWords, which calls it missing, as it does any field; an entry of a list
 * given nothing (Breakdowns `["country", $json.nothing]`) is not: the list was given, so that entry is named.
 */
export function optionSchema<U extends string, T extends Readonly<[U, ...U[]]>>(options: T) {
	return z.enum(options, {
		errorMap: (issue, context) =>
			issue.code === z.ZodIssueCode.invalid_type &&
			issue.received === z.ZodParsedType.undefined &&
			!isListEntry(issue.path)
				? { message: context.defaultError }
				: { message: notAnOption(options, context.data, { path: issue.path }) },
	});
}
