import type { IExecuteFunctions, INode, NodeOperationError } from 'n8n-workflow';
import { z } from 'zod';

import { executionNode } from './executionNode';
import {
	caselessOption,
	inNodeWords,
	modelWords,
	notAnOption,
	toModel,
} from './validation/nodeWords';
import { CUSTOM_DOMAIN } from './records/simplify';
import { countSchema } from './validation/count';
import { asText } from './validation/text';
import { uriProblem } from './validation/uri';
import { isToolNode, operationError } from './nodeErrors';

/**
 * Input rules shared by the operations, written once with zod. Every schema field carries its form label via
 * `.describe()`, so an error can name the field as the user sees it, and the item it came from, before any
 * request is sent.
 */

/** displayId as the service accepts it; dot-only values are refused because they are path navigation. */
export const displayIdSchema = z
	.string()
	.trim()
	.min(1, 'must not be empty')
	.max(200, 'must be at most 200 characters')
	.regex(/^[a-zA-Z0-9\-_.~%]+$/, 'may contain only letters, digits and - _ . ~ %')
	.refine((value) => !/^\.+$/.test(value), 'must not be only dots')
	.refine(
		(value) => !/%(?![0-9a-fA-F]{2})/.test(value),
		'must use % only as a complete %XX escape',
	);

export const httpUrlSchema = z
	.string({ invalid_type_error: 'must be a full http(s) URL such as https://example.com/page' })
	.trim()
	.min(1, 'must not be empty')
	.refine(isHttpUrl, 'must be a full http(s) URL such as https://example.com/page');

/**
 * An http(s) URL where the contract says `format: uri` (Redirect URL, Custom Domain, the simple interface's
 * Destination and Logo URL): RFC 3986 allows no space, no letter such as ü, no `|`, `{`, `}`, no `[`, `]` outside
 * an IPv6 host and one `#` at most. A strict service refuses such a URL after the item was sent, so it is refused
 * before, with the encoded form. The types' URLs inside `metadata` are untyped in the contract and keep the
 * http(s) rule only.
 */
export const uriSchema = httpUrlSchema.superRefine((value, context) => {
	const problem = isHttpUrl(value) ? uriProblem(value) : undefined;
	if (problem !== undefined) context.addIssue({ code: z.ZodIssueCode.custom, message: problem });
});

/** A custom domain root for short links: http(s), ending with `/`. */
export const baseUrlSchema = uriSchema.refine(
	(value) => CUSTOM_DOMAIN.test(value),
	'must be a domain root ending with "/", e.g. https://qr.example.com/',
);

/** What a text field of the wrong kind is told lives in validation/nodeWords.ts. */
export { MUST_BE_TEXT, MUST_HOLD_TEXT } from './validation/nodeWords';

/** The e-mail rule (Email, a vCard's e-mail) lives in validation/email.ts. */
export { emailSchema } from './validation/email';

/**
 * A value of a fixed list read without case or surrounding spaces (a sheet's `Editor`, an AI agent's `Viewer`, a
 * saved trigger's `web`), as the option is written; a refusal quotes what was given, as typed (notAnOption), with
 * `note`.
 */
export function caselessChoice<T extends readonly [string, ...string[]]>(values: T, note?: string) {
	return z.unknown().transform((value, context): T[number] => {
		const option = caselessOption(values, value);
		if (option !== undefined) return option;
		context.addIssue({
			code: z.ZodIssueCode.custom,
			message: notAnOption(values, value, { path: context.path, note }),
		});
		return z.NEVER;
	});
}

/** Roles that can be assigned; owner never can. */
export const assignableRoleSchema = caselessChoice(
	['admin', 'editor', 'viewer'],
	'owner can never be assigned',
);

/** Every role a member may hold, and every status, for filters. */
export const MEMBER_ROLES: ['owner', 'admin', 'editor', 'viewer'] = [
	'owner',
	'admin',
	'editor',
	'viewer',
];
export const MEMBER_STATUSES: ['active', 'paused', 'pending'] = ['active', 'paused', 'pending'];
export const memberRoleSchema = caselessChoice(MEMBER_ROLES);
export const memberStatusSchema = caselessChoice(MEMBER_STATUSES);

/** Identifiers used as a path segment (QR code id, team id): no separators, no dot-only values. */
export const idSchema = z
	.string()
	.trim()
	.min(1, 'must not be empty')
	.max(200, 'must be at most 200 characters')
	.regex(/^[^/\\?#%\s]+$/, 'must not contain / \\ ? # % or spaces')
	.refine((value) => !/^\.+$/.test(value), 'must not be only dots');

/** Which numbers a text field takes as their text lives in validation/text.ts. */
export { asText, refusedNumber, textOnlyEntrySchema } from './validation/text';

/**
 * An ID a sheet may give as a number (a column of numeric IDs): a number is its text (asText), one no sheet shows
 * refused saying why. The pickers (QR Code, Team), Team (Override), the teams of Add to Teams, a QR code's Design
 * Template and Folder ID read IDs so.
 */
export const textIdSchema = z.preprocess(asText, idSchema);

export const nonEmptyTextSchema = z.string().trim().min(1, 'must not be empty');

/** The switch rule (Return All, Simplify, an option turned on) lives in validation/flag.ts. */
export { flagSchema, switchValue } from './validation/flag';

/**
 * The name of a team or a person: what people read, so a bounded line of text. A number is its text (asText), as
 * for a Title: a sheet's column of years or numbered teams.
 */
export const nameSchema = z.preprocess(
	asText,
	nonEmptyTextSchema.max(200, 'must be at most 200 characters'),
);

export const hexColourSchema = z
	.string()
	.trim()
	.regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'must be a hex colour such as #0A66C2');

/** The rule of a tag, and of a list of tags, lives in validation/tags.ts. */
export { tagSchema, tagsSchema } from './validation/tags';

/** A page's size the service takes: 1 to 100 (its text too, as every count). */
export const limitSchema = countSchema(100);

/** Whether `value` is a full http(s) URL with a host: what a field takes, and what a picker may offer as a link. */
export function isHttpUrl(value: string): boolean {
	try {
		const url = new URL(value);
		return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
	} catch {
		return false;
	}
}

/** One refused field, named as the form labels it. */
export interface FieldIssue {
	label: string;
	message: string;
	/** The refusal in words for an AI agent's model, when they differ from people's (toModel). */
	modelMessage?: string;
	/** Where the value sits in what was checked (list rows by position); never shown as such. */
	path: Array<string | number>;
}

/** Every refused field of `raw`, or the checked value; nothing is thrown. */
export function checkItem<S extends z.ZodTypeAny>(
	schema: S,
	raw: unknown,
): { data: z.infer<S>; issues?: undefined } | { issues: FieldIssue[] } {
	const result = schema.safeParse(raw, { errorMap: inNodeWords });
	if (result.success) return { data: result.data };
	return {
		issues: result.error.issues.map((issue) => ({
			label: labelFor(schema, issue.path) ?? schema.description ?? 'Input',
			message: issue.message,
			...modelWords(issue),
			path: issue.path,
		})),
	};
}

/**
 * The refusal of an item's input, naming every refused field at once as the form labels it (a list row by its
 * number), e.g. `Item 3: "Display ID" may contain only letters, digits and - _ . ~ %; "Name" must not be empty`.
 * When the node runs as an AI agent's tool, the item number means nothing to the model: each field is named with
 * the argument the model filled (`"Display ID" (the "displayId" argument) may contain ...`).
 */
export function refuseItem(
	node: INode,
	issues: readonly FieldIssue[],
	itemIndex: number,
	/** The description when a request was sent before the refusal (the default says none was). */
	description?: string,
): NodeOperationError {
	const tool = isToolNode(node);
	const seen = new Set<string>();
	const parts: string[] = [];
	for (const issue of issues) {
		// One refusal per field: a value can break several rules of one field at once.
		const where = JSON.stringify(issue.path);
		if (seen.has(where)) continue;
		seen.add(where);
		// A row of a list of fields (Links, Images) is named by its position in the list.
		const rows = issue.path.filter(
			(part, index): part is number => typeof part === 'number' && index < issue.path.length - 1,
		);
		const row = rows.length > 0 ? ` (row ${rows.map((index) => index + 1).join(', ')})` : '';
		const argument = tool ? fromAiArgument(node.parameters, issue.path) : undefined;
		const subject = `"${issue.label}"${row}${argument ? ` (the "${argument}" argument)` : ''}`;
		parts.push(`${subject} ${argument ? toModel(issue) : issue.message}`);
	}
	const message = parts.join('; ');
	return operationError(node, tool ? message : `Item ${itemIndex}: ${message}`, {
		itemIndex,
		description:
			description ??
			(tool
				? 'Nothing was sent to QRTRAC; send the call again with corrected values.'
				: 'Nothing was sent to QRTRAC for this item: correct the fields named above.'),
	});
}

/** Validates one item's raw parameters; on failure throws the refusal of every refused field (refuseItem). */
export function validateItem<S extends z.ZodTypeAny>(
	node: INode,
	schema: S,
	raw: unknown,
	itemIndex: number,
): z.infer<S> {
	const checked = checkItem(schema, raw);
	if (checked.issues) throw refuseItem(node, checked.issues, itemIndex);
	return checked.data;
}

/** Convenience for handlers: reads nothing itself, validates what the handler gathered. */
export function validateParameters<S extends z.ZodTypeAny>(
	ctx: IExecuteFunctions,
	schema: S,
	raw: unknown,
	itemIndex: number,
): z.infer<S> {
	return validateItem(executionNode(ctx), schema, raw, itemIndex);
}

/**
 * A refusal of one item's input found while it runs (after reading the code, say): `Item 3: <message>`, or just
 * the message when the node runs as a tool, where the model knows no items.
 */
export function itemInputError(
	node: INode,
	itemIndex: number,
	message: string,
	description?: string,
): NodeOperationError {
	return operationError(node, isToolNode(node) ? message : `Item ${itemIndex}: ${message}`, {
		itemIndex,
		description,
	});
}

/**
 * A `$fromAI` call as n8n 2.41.1 finds one (from-ai-parse-utils `/\$fromAI\s*\(/i`; the data proxy also runs
 * `$fromai` and `$fromAi`), with its key when written as a literal.
 */
const FROM_AI_CALL = /\$fromai\s*\(\s*(?:['"`]([^'"`]+)['"`])?/i;

/** Whether a parameter's text calls `$fromAI`: on a tool, the model fills it. */
export function callsFromAi(text: string): boolean {
	return FROM_AI_CALL.test(text);
}

/**
 * The `$fromAI('<name>', ...)` argument that fills the parameter the issue's path names, wherever that parameter
 * sits in the node's parameters: its last key, else an earlier one (a row inside a JSON list the model gave as one
 * argument); undefined when no model fills any.
 */
function fromAiArgument(parameters: unknown, path: Array<string | number>): string | undefined {
	const keys = path.filter((part): part is string => typeof part === 'string').reverse();
	for (const key of keys) {
		const found = findParameter(parameters, key);
		const text =
			typeof found === 'string'
				? found
				: typeof found === 'object' && found !== null
					? String((found as { value?: unknown }).value ?? '')
					: '';
		const argument = FROM_AI_CALL.exec(text)?.[1];
		if (argument !== undefined) return argument;
	}
	return undefined;
}

function findParameter(parameters: unknown, key: string): unknown {
	if (typeof parameters !== 'object' || parameters === null) return undefined;
	for (const [name, value] of Object.entries(parameters)) {
		if (name === key) return value;
		const nested = findParameter(value, key);
		if (nested !== undefined) return nested;
	}
	return undefined;
}

/** Finds the `.describe()` label of the field at `path`, walking through objects, arrays and wrappers. */
function labelFor(schema: z.ZodTypeAny, path: Array<string | number>): string | undefined {
	let current: z.ZodTypeAny | undefined = schema;
	let label: string | undefined;
	for (const key of path) {
		current = unwrap(current);
		if (current instanceof z.ZodObject) {
			current = (current.shape as Record<string, z.ZodTypeAny>)[String(key)];
		} else if (current instanceof z.ZodArray) {
			current = current.element;
		} else {
			break;
		}
		label = current?.description ?? label;
	}
	return label;
}

function unwrap(schema: z.ZodTypeAny | undefined): z.ZodTypeAny | undefined {
	let current = schema;
	for (;;) {
		if (current instanceof z.ZodOptional || current instanceof z.ZodNullable)
			current = current.unwrap();
		else if (current instanceof z.ZodDefault) current = current.removeDefault();
		else if (current instanceof z.ZodEffects) current = current.innerType();
		else if (current instanceof z.ZodPipeline)
			current = (current._def as { out: z.ZodTypeAny }).out;
		else return current;
	}
}
