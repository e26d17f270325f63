import { z } from 'zod';

/** The text a switch may be given as: exactly true or false, in any case, spaces around trimmed. */
const SWITCH_TEXT = /^\s*(true|false)\s*$/i;

/**
 * A switch's value as the node reads it: the text "true" or "false" (a Google Sheets cell, a `$fromAI` of type
 * `string`, "TRUE" from a sheet) is that switch, since its meaning is not in doubt; anything else stays as given,
 * for `flagSchema` to accept or refuse. Code that acts on a switch before the check reads it through this.
 */
export function switchValue(value: unknown): unknown {
	return typeof value === 'string' && SWITCH_TEXT.test(value)
		? value.trim().toLowerCase() === 'true'
		: value;
}

/**
 * A switch of the form (Return All, Simplify, an option turned on): true or false, or that text. Any other text
 * ("yes", "1", "on") is refused under the field's label, never guessed as on or off.
 */
export function flagSchema(label: string) {
	const message = 'must be true or false';
	return z
		.preprocess(switchValue, z.boolean({ invalid_type_error: message, required_error: message }))
		.describe(label);
}
