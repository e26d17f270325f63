import type { IDataObject } from 'n8n-workflow';

import { setOwnField } from './plainObject';

/**
 * Keeps the credential's secrets out of everything the service says. A service may quote a request header
 * back (an error naming the "invalid client secret" it got, a field echoing the API key): whatever it wrote
 * reaches error titles, error items, output items and logs. Rule: every text that came from the service is
 * redacted once, where it enters (the transport's reading of an answer), in the forms a secret can take
 * there: as sent, URL-encoded, escaped as inside JSON text (`\/`, `\u002B`, `\u00e9` too), escaped as inside HTML (a
 * proxy's error page), inside base64 (a basic-auth pair quoted back), and any of these wrapped over a line break; a
 * secret with Latin-1 letters, sent as one byte each, also in its Latin-1 bytes (`%E9`, base64) and those read as UTF-8;
 * each form in any case.
 */

export const REDACTED = '[redacted]';

/** Shorter values are not redacted: blanking every occurrence of two or three characters would garble the answer. */
const MIN_SECRET_LENGTH = 4;

/** Forms this long are matched in any case; a shorter one in another case may be a word of the answer (`demo`). */
const MIN_CASELESS_LENGTH = 12;

/**
 * Room left past a cut of service text before it is redacted, so that a secret the cut splits is never partly
 * shown: secrets are shorter than this (`cutMargin` makes room for longer ones).
 */
export const CUT_MARGIN_CHARS = 1024;

/**
 * The room to leave past a cut of text shown up to the cut, before the text is redacted: enough for the longest
 * form of the secrets (`forms` longest first) even with line breaks inside it, whatever its length.
 */
export function cutMargin(forms: readonly string[]): number {
	return CUT_MARGIN_CHARS + 2 * (forms[0]?.length ?? 0);
}

/** Shorter values are not looked for inside base64: a few base64 characters match by chance in any long base64. */
const MIN_BASE64_SECRET_LENGTH = 8;

/** Every form in which the secrets can appear in service text, longest first (a form may contain another). */
export function secretForms(secrets: readonly string[]): string[] {
	const forms = new Set<string>();
	for (const secret of secrets) {
		if (secret.length < MIN_SECRET_LENGTH) continue;
		const encodings = byteEncodings(secret);
		for (const text of readBack(secret, encodings)) {
			forms.add(text);
			forms.add(JSON.stringify(text).slice(1, -1));
			for (const hex of [lowerHex, upperHex]) forms.add(unicodeEscaped(text, hex));
			for (const apostrophe of ['&#39;', '&#x27;', '&apos;'])
				forms.add(htmlEscaped(text, apostrophe));
		}
		for (const encoding of encodings) {
			const bytes = Buffer.from(secret, encoding);
			for (const hex of [upperHex, lowerHex]) forms.add(percentEncoded(bytes, hex));
			if (secret.length >= MIN_BASE64_SECRET_LENGTH)
				for (const core of base64Cores(bytes)) {
					forms.add(core);
					forms.add(core.replace(/\+/g, '-').replace(/\//g, '_'));
				}
		}
	}
	// a derived form (a Latin-1 secret read back as UTF-8) may be shorter than the secret: the same minimum applies
	return [...forms]
		.filter((form) => form.length >= MIN_SECRET_LENGTH)
		.sort((a, b) => b.length - a.length);
}

/**
 * The byte encodings a secret may travel or be quoted in: UTF-8, and Latin-1 when it holds Latin-1 letters (a
 * header carries `é` as the one byte E9, see connection.ts `headerTextProblem`).
 */
function byteEncodings(secret: string): BufferEncoding[] {
	const codes = [...secret].map((character) => character.codePointAt(0)!);
	return codes.some((code) => code > 0x7f) && codes.every((code) => code <= 0xff)
		? ['utf8', 'latin1']
		: ['utf8'];
}

/** The secret as a service may read it back: as sent, and its Latin-1 bytes read as UTF-8 (`é` becomes U+FFFD). */
function readBack(secret: string, encodings: readonly BufferEncoding[]): string[] {
	if (!encodings.includes('latin1')) return [secret];
	// a read-back shorter than the minimum is ordinary text (`Ã©Ã©` reads back as `éé`): neither it nor its escapes
	const read = Buffer.from(secret, 'latin1').toString('utf8');
	return read.length >= MIN_SECRET_LENGTH ? [secret, read] : [secret];
}

const lowerHex = (code: number, width: number) => code.toString(16).padStart(width, '0');
const upperHex = (code: number, width: number) => lowerHex(code, width).toUpperCase();

/** JSON-escaped as writers that escape every character above U+007F write it (`\u00e9`, or `\u00E9`). */
function unicodeEscaped(text: string, hex: typeof lowerHex): string {
	return JSON.stringify(text)
		.slice(1, -1)
		.replace(/[\u0080-\uffff]/g, (unit) => `\\u${hex(unit.charCodeAt(0), 4)}`);
}

/** URL-encoded byte by byte as `encodeURIComponent` does (`%C3%A9` from UTF-8, `%E9` from Latin-1), either case of hex. */
function percentEncoded(bytes: Buffer, hex: typeof lowerHex): string {
	let encoded = '';
	for (const byte of bytes) {
		const character = String.fromCharCode(byte);
		encoded += /[A-Za-z0-9\-_.!~*'()]/.test(character) ? character : `%${hex(byte, 2)}`;
	}
	return encoded;
}

/** The secret as an HTML page shows it: `&`, `<`, `>`, `"` and `'` written as entities. */
function htmlEscaped(secret: string, apostrophe: string): string {
	return secret
		.replace(/&/g, '&amp;')
		.replace(/</g, '&lt;')
		.replace(/>/g, '&gt;')
		.replace(/"/g, '&quot;')
		.replace(/'/g, apostrophe);
}

/**
 * The base64 characters that only the secret's bytes (UTF-8 or Latin-1) make, at each of the three places base64 may start it
 * (`user:secret`, `Bearer secret`): whatever precedes or follows it, these appear in the encoded text. Only a few
 * bits of the secret stay beside the REDACTED that replaces them.
 */
function base64Cores(bytes: Buffer): string[] {
	return [0, 1, 2].map((offset) => {
		const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64');
		return encoded.slice(
			Math.ceil((offset * 8) / 6),
			Math.floor(((offset + bytes.length) * 8) / 6),
		);
	});
}

/**
 * A line break as a page or a log wraps text: raw, escaped as in JSON, or an HTML <br>. The spaces around it are
 * taken in code (`lineBreaks`): a pattern starting with `[ \t]*` would scan a long run of spaces again from each of
 * its characters.
 */
const LINE_BREAK = /\r\n|\r|\n|\\r\\n|\\r|\\n|<br\s*\/?>/gi;

/** Each line break of the text with the spaces and tabs around it, as [start, end) in the text. */
function lineBreaks(text: string): Array<[number, number]> {
	const found: Array<[number, number]> = [];
	let kept = 0;
	for (const match of text.matchAll(LINE_BREAK)) {
		let start = match.index;
		let end = start + match[0].length;
		while (start > kept && isBlank(text.charCodeAt(start - 1))) start--;
		while (end < text.length && isBlank(text.charCodeAt(end))) end++;
		const last = found[found.length - 1];
		if (last && start <= last[1]) last[1] = end;
		else found.push([start, end]);
		kept = end;
	}
	return found;
}

function isBlank(code: number): boolean {
	return code === 32 || code === 9;
}

/**
 * The text with every form of every secret replaced by REDACTED, also where a line break splits one, and where a
 * JSON writer escaped its characters (`jsonEscapesRead`).
 */
export function redactText(text: string, forms: readonly string[]): string {
	const redacted = redactForms(text, forms);
	if (forms.length === 0 || !redacted.includes('\\')) return redacted;
	const read = jsonEscapesRead(redacted);
	if (read === redacted) return redacted;
	const readRedacted = redactForms(read, forms);
	// Escapes are read only where that reveals a secret: other text keeps its escapes as they were.
	return readRedacted === read ? redacted : readRedacted;
}

function redactForms(text: string, forms: readonly string[]): string {
	let redacted = text;
	for (const pattern of caselessPatterns(forms)) redacted = redacted.replace(pattern, REDACTED);
	return redactAcrossLineBreaks(redacted, forms);
}

/** Each form's pattern, built once per list of forms (a reading redacts many strings with the same list). */
const patternsOf = new WeakMap<readonly string[], RegExp[]>();

/**
 * The forms as patterns, long ones matching in any case: a service may quote a secret upper-cased or lower-cased
 * (an error shouting the header it got), which gives it away as well. Global, so callers reset `lastIndex`.
 */
function caselessPatterns(forms: readonly string[]): RegExp[] {
	let patterns = patternsOf.get(forms);
	if (!patterns) {
		patterns = forms.map(
			(form) =>
				new RegExp(
					form.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
					form.length >= MIN_CASELESS_LENGTH ? 'gi' : 'g',
				),
		);
		patternsOf.set(forms, patterns);
	}
	return patterns;
}

/** A JSON escape: an escaped backslash (kept, so that `\\/` stays a backslash and a slash), `\/`, or `\uXXXX`. */
const JSON_ESCAPE = /\\(\\|\/|u[0-9a-fA-F]{4})/g;

/**
 * The text with the escapes JSON writers add to printable ASCII read: `\/` (PHP) and `\u002B` (.NET, Go's `\u003c`),
 * in either case of hex, as in a body that is no object or JSON text held as a string. `\u0022` and `\u005C` become
 * `\"` and `\\`, which the secret's JSON-escaped form holds; control characters stay escaped, so JSON text stays JSON.
 */
function jsonEscapesRead(text: string): string {
	return text.replace(JSON_ESCAPE, (escape, what: string) => {
		if (what === '/') return '/';
		if (what === '\\') return escape;
		const code = parseInt(what.slice(1), 16);
		if (code === 0x22 || code === 0x5c) return `\\${String.fromCharCode(code)}`;
		return code >= 0x20 && code < 0x7f ? String.fromCharCode(code) : escape;
	});
}

/**
 * Forms split by line breaks: looked for in the text with its line breaks left out, and replaced in the text
 * from the first to the last character of each (the breaks between them included). Forms not split are gone.
 */
function redactAcrossLineBreaks(text: string, forms: readonly string[]): string {
	if (forms.length === 0 || text.search(LINE_BREAK) === -1) return text;
	// the text's runs between line breaks: where each starts in the text and in the text without them
	const runs: Array<{ at: number; joinedAt: number }> = [];
	const parts: string[] = [];
	let joinedLength = 0;
	let from = 0;
	for (const [start, end] of lineBreaks(text)) {
		runs.push({ at: from, joinedAt: joinedLength });
		parts.push(text.slice(from, start));
		joinedLength += start - from;
		from = end;
	}
	runs.push({ at: from, joinedAt: joinedLength });
	parts.push(text.slice(from));
	const joined = parts.join('');
	const inText = (joinedIndex: number): number => {
		let low = 0;
		let high = runs.length - 1;
		while (low < high) {
			const middle = Math.ceil((low + high) / 2);
			if (runs[middle].joinedAt <= joinedIndex) low = middle;
			else high = middle - 1;
		}
		return runs[low].at + joinedIndex - runs[low].joinedAt;
	};
	const spans: Array<[number, number]> = [];
	for (const pattern of caselessPatterns(forms)) {
		pattern.lastIndex = 0;
		// each start, overlapping ones too: the spans are merged below
		for (let found = pattern.exec(joined); found; found = pattern.exec(joined)) {
			spans.push([inText(found.index), inText(found.index + found[0].length - 1) + 1]);
			pattern.lastIndex = found.index + 1;
		}
	}
	if (spans.length === 0) return text;
	spans.sort((a, b) => a[0] - b[0]);
	let result = '';
	let kept = 0;
	for (const [start, end] of spans) {
		if (end <= kept) continue;
		result += start >= kept ? `${text.slice(kept, start)}${REDACTED}` : '';
		kept = end;
	}
	return result + text.slice(kept);
}

/**
 * A URL's host (a redirect's target, an image address) with every form of every secret replaced by REDACTED: URL parsing lowers a
 * host's case and decodes its escapes, so a secret the service put there is looked for in lower case.
 */
export function redactHost(host: string, forms: readonly string[]): string {
	let redacted = host.toLowerCase();
	for (const form of forms) {
		const lower = form.toLowerCase();
		if (redacted.includes(lower)) redacted = redacted.split(lower).join(REDACTED);
	}
	return redacted;
}

/**
 * Whether raw answer text may hold a secret: a form of it, an escape that could hide one, or an HTML line break
 * that could split one inside a JSON string.
 */
export function mayHoldSecret(text: string, forms: readonly string[]): boolean {
	return (
		forms.length > 0 &&
		(text.includes('\\') ||
			/<br/i.test(text) ||
			caselessPatterns(forms).some((pattern) => text.search(pattern) !== -1))
	);
}

/** A copy of a parsed answer with every string (keys included) redacted; values without a secret are kept as they are. */
export function redactDeep<T>(value: T, forms: readonly string[]): T {
	if (forms.length === 0) return value;
	return redactValue(value, forms) as T;
}

function redactValue(value: unknown, forms: readonly string[]): unknown {
	if (typeof value === 'string') return redactText(value, forms);
	if (Array.isArray(value)) return value.map((entry) => redactValue(entry, forms));
	if (value === null || typeof value !== 'object') return value;
	const copy: IDataObject = {};
	// a field named `__proto__` (JSON.parse makes it one) stays a field of the copy
	for (const [key, entry] of Object.entries(value))
		setOwnField(copy, redactText(key, forms), redactValue(entry, forms));
	return copy;
}
