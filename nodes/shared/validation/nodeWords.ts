import { z } from 'zod';

/** The words of a text field of the wrong kind, for a caller giving it a hint of its own (the Trigger). */
export const MUST_BE_TEXT = 'must be text';

/**
 * What a text field of the wrong kind (null, a list, an object, a switch) is told, in the node's words, whichever
 * schema checks it: zod's own ("Expected string, received null") names no rule a user knows. A schema's own message
 * for it (a URL's) stays: zod applies this map after the schema's, so it keeps any message not zod's default. The one
 * owner of that rule: checkItem passes it to every parse of an item's input.
 */
export const inNodeWords: z.ZodErrorMap = (issue, context) => {
	const textExpected =
		issue.code === z.ZodIssueCode.invalid_type && issue.expected === z.ZodParsedType.string;
	const zodDefault = context.defaultError === z.defaultErrorMap(issue, context).message;
	return { message: textExpected && zodDefault ? MUST_BE_TEXT : context.defaultError };
};
