import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import type { z } from 'zod';

import { excerptOf, sentence } from '../shared/api';
import { operationError } from '../shared/nodeErrors';
import { checkItem } from '../shared/validation';

/** An option written as an expression that gave nothing (shared/parameters.ts `optionOrDefault`), with its hint. */
export function gaveNothingError(ctx: IPollFunctions, message: string, label: string): Error {
	const hint = FIELD_HINTS[label] ?? TEXT_HINT;
	return operationError(ctx.getNode(), message, {
		description: `A variable it reads may be empty here. ${hint} Nothing was read from QRTRAC.`,
	});
}

/** How to give a text field that has no hint of its own. */
const TEXT_HINT = 'Write the text, or an expression giving text.';

/** How to give the Team: a picker from version 1.1, a dropdown without From List in version 1. */
const teamHint = (choose: string) =>
	`${choose}, give its ID, or leave the field empty to watch the credential's team.`;

/** How to give a field that is not text, with an example of its own values. */
const FIELD_HINTS: Record<string, string> = {
	Events:
		'Choose the events in the field, or write an expression giving a list, for example {{ ["created", "deleted"] }}.',
	'QR Types':
		'Choose the values in the field, or write an expression giving a list, for example {{ ["WEB", "PDF"] }}.',
	'Overlap Window (Seconds)':
		'Give a number from 1 to 3600 (keep 15 unless changes or scans go missing), or an expression giving one.',
	'Include Existing Codes on First Poll':
		'Turn the switch on or off, or write an expression giving true or false (or that text).',
	'Teams to Watch':
		'Choose All Teams or One Team in the field, or write an expression giving "all" or "team" (lower case).',
	Team: teamHint('Pick the team From List'),
	'Team Name or ID': teamHint('Choose the team in the field'),
	'IP Address':
		'Choose Hash, Keep or Remove in the field, or write an expression giving "hash", "keep" or "remove" (lower case).',
};

/**
 * `raw` as `schema` reads it; else the first refused field fails the poll and the test event, before any request,
 * showing the value (a number as JavaScript writes it: JSON writes NaN as null).
 */
export function checked<S extends z.ZodTypeAny>(
	ctx: IPollFunctions,
	schema: S,
	raw: unknown,
): z.infer<S> {
	const result = checkItem(schema, raw);
	if (!result.issues) return result.data as z.infer<S>;
	const [issue] = result.issues;
	const value = issue.path.reduce<unknown>(
		(held, key) => (held as IDataObject | undefined)?.[key],
		raw,
	);
	// a field's own hint (the Team's, QR Types') leads, for a number no sheet shows too; the fields without one (the
	// text filters, IP Hash Key) take text
	const hint = FIELD_HINTS[issue.label] ?? TEXT_HINT;
	const given = typeof value === 'number' ? String(value) : excerptOf(value, [], 80);
	const at = issue.path.at(-1);
	const subject = typeof at === 'number' ? `Entry ${at + 1}` : 'It'; // a list's entry, as its refusal names it
	throw operationError(ctx.getNode(), `"${issue.label}" ${issue.message}`, {
		description: `${subject} is ${sentence(given)} ${hint} Nothing was read from QRTRAC.`,
	});
}
