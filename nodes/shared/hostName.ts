/**
 * A host name as DNS reads it: without surrounding spaces, case, a trailing `/` or the root's trailing dot, a
 * Unicode (IDN) name as its punycode. Anything with a port, path or other URL part stays as written, for the
 * caller to refuse or compare as it is. The one rule of Set Domains' input and of holdsDomains' comparison. Pure.
 */
export function hostName(value: string): string {
	const host = value.trim().toLowerCase().replace(/\/+$/, '').replace(/\.$/, '');
	if (/[/:?#@%\\\s]/.test(host)) return host;
	try {
		return new URL(`http://${host}`).hostname;
	} catch {
		return host;
	}
}
