/**
 * Which fields of a scan event carry the address of the person who scanned: the contract's `ipAddress` and the
 * names a service may use beside it (ScanData allows more fields), compared in lower case. One rule for every
 * place that must not show an address: the IP Address option (records/ipPrivacy.ts) and error excerpts
 * (answerErrors.ts). Pure.
 */
const IP_ADDRESS_FIELDS = new Set(['ipaddress', 'ip', 'ip_address', 'clientip', 'client_ip']);

export function isIpAddressField(field: string): boolean {
	return IP_ADDRESS_FIELDS.has(field.toLowerCase());
}

/** A field name in JSON text, with its colon: `"ipAddress":`. */
const FIELD_IN_TEXT = /"([A-Za-z_]+)"\s*:\s*/g;

/**
 * JSON text that could not be parsed (an answer cut short) as an error may quote it: the value of each address
 * field replaced by `"(withheld)"`, whatever it holds (text, a list, an object), also when the text ends inside it.
 */
export function withheldIpAddressText(text: string): string {
	let shown = '';
	let from = 0;
	for (const match of text.matchAll(FIELD_IN_TEXT)) {
		if (match.index < from || !isIpAddressField(match[1])) continue;
		const start = match.index + match[0].length;
		const end = endOfValue(text, start);
		if (/^(""|null)?$/.test(text.slice(start, end).trim())) continue;
		shown += `${text.slice(from, start)}"(withheld)"`;
		from = end;
	}
	return shown + text.slice(from);
}

/** Where the JSON value starting at `start` ends (exclusive): the text's end when it is cut short inside it. */
function endOfValue(text: string, start: number): number {
	let depth = 0;
	let inString = false;
	for (let index = start; index < text.length; index++) {
		const char = text[index];
		if (inString) {
			if (char === '\\') index++;
			else if (char === '"') {
				inString = false;
				if (depth === 0) return index + 1;
			}
		} else if (char === '"') inString = true;
		else if (char === '[' || char === '{') depth++;
		else if (char === ']' || char === '}') {
			if (depth === 0) return index;
			depth--;
			if (depth === 0) return index + 1;
		} else if (char === ',' && depth === 0) return index;
	}
	return text.length;
}
