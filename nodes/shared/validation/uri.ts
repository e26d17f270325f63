/**
 * What RFC 3986 allows in a URI (the contract's `format: uri`), and the message for what it does not: the first
 * offending character in words, and the URL with each offending character escaped as a strict service takes it.
 * Pure.
 */

/** Why `value` (already an http(s) URL) is not a URI, or undefined when it is one. */
export function uriProblem(value: string): string | undefined {
	return isUri(value) ? undefined : notAUri(value);
}

const URI_CHARACTERS = /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]*$/;
/** Scheme, user information and an IPv6 host: the only place `[` and `]` may stand. */
const URI_START = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/(?:[^@/?#[\]]*@)?(?:\[[0-9A-Fa-f:.]+\])?/;

function isUri(value: string): boolean {
	const fragment = value.indexOf('#');
	return (
		URI_CHARACTERS.test(value) &&
		!/%(?![0-9a-fA-F]{2})/.test(value) &&
		(fragment < 0 || !value.includes('#', fragment + 1)) &&
		!/[[\]]/.test(value.replace(URI_START, ''))
	);
}

/** The message: what the URL holds that a URI may not, and the URL as a strict service takes it when one can be written. */
function notAUri(value: string): string {
	const hint = encodedUri(value);
	return `contains ${offenceIn(value)}, which a URL here may not hold: write it as ${hint ?? 'a %XX escape (e.g. %20 for a space)'}`;
}

/** The first thing in `value` a URI does not allow, in words (n8n shows `<` and `>` as HTML in its notices). */
function offenceIn(value: string): string {
	const character = [...value].find((each) => !URI_CHARACTERS.test(each));
	if (character !== undefined) return NAMED_CHARACTERS[character] ?? `"${character}"`;
	if (/%(?![0-9a-fA-F]{2})/.test(value)) return 'a "%" that starts no %XX escape';
	if (value.indexOf('#') !== value.lastIndexOf('#')) return 'a second "#"';
	return 'a "[" or "]" outside an IPv6 host';
}

const NAMED_CHARACTERS: Record<string, string> = {
	' ': 'a space',
	'<': 'an angle bracket',
	'>': 'an angle bracket',
	'"': 'a double quote',
	'\\': 'a backslash',
};

function encodedUri(value: string): string | undefined {
	const start = URI_START.exec(value)?.[0] ?? '';
	const afterStart = value.slice(start.length);
	const hostEnd = afterStart.search(/[/?#]/);
	const rawHost = hostEnd < 0 ? afterStart : afterStart.slice(0, hostEnd);
	const host = asciiHost(rawHost);
	if (host === undefined) return undefined;
	const tail = [...afterStart.slice(rawHost.length)];
	const encoded = `${start}${host}${tail.map((character, index) => escapedForUri(character, index, tail)).join('')}`;
	return isUri(encoded) ? encoded : undefined;
}

/** A host with letters such as ü in its ASCII (punycode) form, as browsers send it. */
function asciiHost(host: string): string | undefined {
	if (/^[\x20-\x7e]*$/.test(host)) return host;
	try {
		return new URL(`http://${host}`).host;
	} catch {
		return undefined;
	}
}

/** One character of a URL's path, query or fragment as a URI writes it. */
function escapedForUri(character: string, index: number, all: string[]): string {
	if (character === '%')
		return /^[0-9a-fA-F]{2}$/.test(all.slice(index + 1, index + 3).join('')) ? '%' : '%25';
	if (character === '#') return all.indexOf('#') === index ? '#' : '%23';
	return /^[A-Za-z0-9\-._~:/?@!$&'()*+,;=]$/.test(character)
		? character
		: encodeURIComponent(character);
}
