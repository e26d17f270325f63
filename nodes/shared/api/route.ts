/**
 * Builds a request path whose interpolated values are always encoded as ONE path segment:
 * `apiPath\`/qrs-api/${id}/tags\`` with id `a/b?c` gives `/qrs-api/a%2Fb%3Fc/tags`. Values made only of dots
 * are encoded too, so `..` can never climb out of the intended route.
 */
export function apiPath(strings: TemplateStringsArray, ...values: Array<string | number>): string {
	return strings.reduce((path, literal, index) => {
		if (index === 0) return literal;
		return path + encodePathSegment(String(values[index - 1])) + literal;
	}, '');
}

export function encodePathSegment(value: string): string {
	const encoded = encodeURIComponent(value);
	return /^\.+$/.test(encoded) ? encoded.replace(/\./g, '%2E') : encoded;
}
