import type { INode, NodeApiError } from 'n8n-workflow';
import { z } from 'zod';

import { isPlainObject } from '../plainObject';
import { cutMargin, redactText, secretForms } from '../redaction';
import {
	isIpAddressField,
	isIpAddressText,
	isIpAddressTextStart,
	withheldIpAddressText,
} from './ipAddressFields';
import { apiError } from '../nodeErrors';

/**
 * The error for an answer that is not what the contract says: it names the operation, what was expected and a
 * short excerpt of what came, with the credential's secrets and scan events' IP addresses left out.
 */

/** Where an answer came from, for the error that names it. */
export interface AnswerSource {
	node: INode;
	/** The operation in the user's words, e.g. "Get Many QR Codes (GET /qrs-api/v2/teams/)". */
	operation: string;
	itemIndex?: number;
	/** Values that must never appear in an excerpt (the credential's secrets). */
	redact?: readonly string[];
}

/**
 * The errors of answers off the contract, by identity: `unexpectedAnswer`'s, and the transport's for a 2xx that is
 * not JSON or says nothing (no `success`, no `data`: answerBody.ts), which serviceErrors.ts marks here.
 */
const offContract = new WeakSet<object>();

/** Marks `error` as the failure of an answer off the contract (`isOffContract`). */
export function markOffContract<E extends object>(error: E): E {
	offContract.add(error);
	return error;
}

/**
 * Whether `error` is an answer off the contract: a reader with another way to ask may try it after a refusal or a
 * network failure, never after such an answer, which asking otherwise would only hide.
 */
export function isOffContract(error: unknown): boolean {
	return typeof error === 'object' && error !== null && offContract.has(error);
}

/** The error for an answer that lacks what the caller needs; the excerpt never holds a secret. */
export function unexpectedAnswer(
	source: AnswerSource,
	expected: string,
	value: unknown,
	problem?: string,
): NodeApiError {
	const excerpt = excerptOf(value, source.redact ?? []);
	const error = apiError(
		source.node,
		{ success: false, message: 'unexpected answer' },
		{
			message: `QRTRAC's answer to ${source.operation} does not have the expected shape`,
			description: `Expected ${expected}${problem ? ` (${problem})` : ''}. It was: ${sentence(excerpt)} Nothing was read from it, so that no result is guessed; the service may have changed its answers, please report it.`,
			itemIndex: source.itemIndex,
		},
	);
	return markOffContract(error);
}

/**
 * The error for a change answered success that the record, read afterwards, does not hold: it names the operation,
 * what was asked, what QRTRAC holds and what it answered, never reported as done.
 */
export function changeNotHeld(
	source: AnswerSource,
	asked: object,
	held: object,
	answered: unknown,
): NodeApiError {
	const excerpt = (value: unknown) => excerptOf(value, source.redact ?? []);
	return apiError(
		source.node,
		{ success: false, message: 'change not held' },
		{
			message: `QRTRAC answered success to ${source.operation}, but the record read afterwards does not show the change`,
			description: `Asked for ${excerpt(asked)}; QRTRAC holds ${excerpt(held)}. Its answer was: ${sentence(excerpt(answered))} The change may not have been made: check the record in QRTRAC before running the item again.`,
			itemIndex: source.itemIndex,
		},
	);
}

/**
 * A read that confirms a change QRTRAC answered success to. Its failure must not read as if nothing happened: the
 * item fails saying the change was sent and answered success, with the read's own error as the cause.
 */
export async function readAfterChange<T>(source: AnswerSource, read: () => Promise<T>): Promise<T> {
	try {
		return await read();
	} catch (error) {
		const cause = error as {
			message?: string;
			description?: string | null;
			httpCode?: string | null;
		};
		throw apiError(
			source.node,
			{ success: false, message: 'change not confirmed' },
			{
				message: `QRTRAC answered success to ${source.operation}, but the record could not be read afterwards to confirm the change`,
				description: `The change was sent and answered success; its answer did not show it, and reading the record failed: ${[cause.message, cause.description].filter(Boolean).join(' ')} Check the record in QRTRAC before running the item again.`,
				httpCode: cause.httpCode ?? undefined,
				itemIndex: source.itemIndex,
			},
		);
	}
}

/**
 * Scan events' IP addresses are personal data: an error shows where one was, never the address, whatever the
 * IP Address option says (an error reaches logs and error workflows the option does not govern). Every field the
 * option treats as an address is withheld (ipAddressFields.ts), at any depth, whatever its value holds (text, a
 * list of forwarding hops, an object of v4 and v6): only an empty one is shown as it is; so is any value that is
 * an address, under whatever name, and one inside JSON text held as a string.
 */
function withheldIpAddress(key: string, value: unknown, cut: boolean): unknown {
	const empty = value === null || value === undefined || value === '';
	if ((isIpAddressField(key) && !empty) || isShownAsAddress(value, cut)) return '(withheld)';
	// JSON text held as a string (a raw request): its addresses withheld as in an answer cut short
	return typeof value === 'string' && value.includes('"') ? withheldIpAddressText(value) : value;
}

/** An address, or text cut short (`cut`) that may be the start of addresses. */
function isShownAsAddress(value: unknown, cut: boolean): boolean {
	return (
		isIpAddressText(value) || (cut && typeof value === 'string' && isIpAddressTextStart(value))
	);
}

/**
 * A short excerpt of an answer: JSON cut at `limit` characters (then the object's field names), every form of
 * the secrets replaced before the cut, so that no part of one survives at the edge.
 */
export function excerptOf(value: unknown, redact: readonly string[], limit = 300): string {
	return excerptRedacted(value, secretForms(redact), limit);
}

/** An excerpt that ends a sentence: the cut's "..." ends it, else a full stop does (never "...."). */
export function sentence(excerpt: string): string {
	return excerpt.endsWith('...') ? excerpt : `${excerpt}.`;
}

/**
 * `excerptOf` for a caller that holds the secrets' forms already (redaction.ts `secretForms`, as the transport
 * does). Only the start of the JSON is written, scanned for addresses and redacted: an answer may be megabytes.
 * A field name that is an address (a map keyed by visitors' addresses) is withheld like such a value.
 */
export function excerptRedacted(value: unknown, forms: readonly string[], limit = 300): string {
	// the text is written past the limit by room for a whole secret, so that the redaction finds one the cut splits
	const budget = limit + cutMargin(forms);
	let text: string;
	let whole = true;
	try {
		if (value === undefined) text = 'nothing (no data)';
		else ({ text, whole } = jsonStart(value, budget));
	} catch {
		text = String(value);
	}
	text = redactText(text.slice(0, budget), forms);
	if (!whole || text.length > limit) {
		const keys = isPlainObject(value) ? Object.keys(value) : [];
		const shown = (key: string) => redactText(shownName(key, budget), forms);
		text = `${text.slice(0, limit)}...${keys.length > 0 ? ` (its fields: ${fieldNames(keys, limit, shown)})` : ''}`;
	}
	return text;
}

/** A field name as an excerpt shows it: cut to `room`, withheld when it is an address (or may start with one). */
function shownName(name: string, room: number): string {
	const cut = name.length > room;
	const start = cut ? name.slice(0, room) : name;
	return isShownAsAddress(start, cut) ? '(withheld)' : start;
}

/**
 * The start of `JSON.stringify(value, withheldIpAddress)`, written up to `budget` characters (one value may pass
 * it); `whole` when nothing was left out. A cycle or a BigInt throws, as in JSON.stringify. A text (a value or a
 * field name) longer than the room left is cut to it before it is scanned and written: one may be megabytes.
 */
function jsonStart(value: unknown, budget: number): { text: string; whole: boolean } {
	let text = '';
	let whole = true;
	const open = new Set<object>();
	const room = () => Math.max(0, budget - text.length);
	const write = (key: string, raw: unknown): boolean => {
		let entry = raw;
		const toJSON = (entry as { toJSON?: unknown } | null)?.toJSON;
		if (typeof toJSON === 'function') entry = (toJSON as (key: string) => unknown).call(entry, key);
		const cut = typeof entry === 'string' && entry.length > room();
		if (cut) {
			entry = (entry as string).slice(0, room());
			whole = false;
		}
		entry = withheldIpAddress(key, entry, cut);
		if (entry instanceof Number || entry instanceof String || entry instanceof Boolean)
			entry = entry.valueOf();
		if (entry === undefined || typeof entry === 'function' || typeof entry === 'symbol')
			return false;
		if (entry === null || typeof entry !== 'object') {
			text += JSON.stringify(entry);
			return true;
		}
		if (open.has(entry)) throw new TypeError('cyclic value');
		open.add(entry);
		const list = Array.isArray(entry) ? (entry as unknown[]) : undefined;
		const fields = list ? undefined : Object.keys(entry);
		const count = list ? list.length : fields!.length;
		text += list ? '[' : '{';
		let written = 0;
		for (let index = 0; index < count; index++) {
			if (text.length >= budget) {
				whole = false;
				break;
			}
			const field = fields ? fields[index] : String(index);
			const before = text.length;
			if (written > 0) text += ',';
			if (fields) {
				if (field.length > room()) whole = false;
				text += `${JSON.stringify(shownName(field, room()))}:`;
			}
			if (write(field, (entry as Record<string, unknown>)[field])) written++;
			else if (list) {
				text += 'null';
				written++;
			} else text = text.slice(0, before);
		}
		text += list ? ']' : '}';
		open.delete(entry);
		return true;
	};
	write('', value);
	// one long text value may pass the budget by far: the rest of it is left out like the rest of the answer
	return text.length > budget ? { text: text.slice(0, budget), whole: false } : { text, whole };
}

/**
 * An object's field names as `shown` shows them, up to `limit` characters; an object keyed by IDs may have
 * thousands, so only the names shown are looked at.
 */
function fieldNames(
	keys: readonly string[],
	limit: number,
	shown: (key: string) => string,
): string {
	const names: string[] = [];
	let length = 0;
	for (const key of keys) {
		const name = shown(key);
		if (length + 2 + name.length > limit) {
			// a first name longer than the limit is shown cut, so that one field's name cannot make the error unbounded
			if (names.length === 0) names.push(`${name.slice(0, limit)}…`);
			break;
		}
		length += 2 + name.length;
		names.push(name);
	}
	const more = keys.length - names.length;
	return more > 0 ? `${names.join(', ')} and ${more} more` : names.join(', ');
}

export function firstIssue(error: z.ZodError): string {
	const issue = error.issues[0];
	if (issue.code === z.ZodIssueCode.invalid_union) {
		const inner = issue.unionErrors
			.map((unionError) => unionError.issues[0])
			.sort((a, b) => b.path.length - a.path.length)[0];
		if (inner) return describeIssue(inner);
	}
	return describeIssue(issue);
}

function describeIssue(issue: z.ZodIssue): string {
	const where = issue.path.length > 0 ? `"${issue.path.join('.')}"` : 'the answer';
	return `${where} ${issue.message === 'Required' ? 'is missing' : issue.message}`;
}
