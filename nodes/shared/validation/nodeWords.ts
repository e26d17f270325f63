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
	if (issue.code === z.ZodIssueCode.invalid_enum_value) return { message: notAnOption(issue) };
	if (issue.code !== z.ZodIssueCode.invalid_type) return { message: context.defaultError };
	// an entry of a list of text (the path ends at its position) is no field missing: it is told as the list's others
	const textEntry =
		issue.expected === z.ZodParsedType.string && typeof issue.path.at(-1) === 'number';
	if (issue.received === z.ZodParsedType.undefined && !textEntry) return { message: IS_MISSING };
	return {
		message: issue.expected === z.ZodParsedType.string ? MUST_BE_TEXT : context.defaultError,
	};
};

/**
 * A choice an expression gave that is none of the field's options (`DESC` for Sort Order): the values it takes, as
 * an expression must give them, and the one it meant when only the case differs (the options are matched exactly).
 */
function notAnOption(issue: z.ZodInvalidEnumValueIssue): string {
	const given = issue.received;
	const meant =
		typeof given === 'string'
			? issue.options.find((option) => String(option).toLowerCase() === given.toLowerCase())
			: undefined;
	const options = issue.options.map((option) => JSON.stringify(option)).join(', ');
	const hint = meant === undefined ? '' : ` (the case counts: ${JSON.stringify(meant)})`;
	return `must be one of ${options}, not ${JSON.stringify(given)}${hint}`;
}
