/**
 * Keeps the credential's secrets out of everything the service says. A service may quote a request header
 * back (an error naming the "invalid client secret" it got, a field echoing the API key): whatever it wrote
 * reaches error titles, error items, output items and logs. Rule: every text that came from the service is
 * redacted once, where it enters (the transport's reading of an answer), in the forms a secret can take
 * there: as sent, URL-encoded, escaped as inside JSON text, and escaped as inside HTML (a proxy's error page).
 */

export const REDACTED = '[redacted]';

/** Shorter values are not redacted: blanking every occurrence of two or three characters would garble the answer. */
const MIN_SECRET_LENGTH = 4;

/** Every form in which the secrets can appear in service text, longest first (a form may contain another). */
export function secretForms(secrets: readonly string[]): string[] {
	const forms = new Set<string>();
	for (const secret of secrets) {
		if (secret.length < MIN_SECRET_LENGTH) continue;
		forms.add(secret);
		forms.add(encodeURIComponent(secret));
		forms.add(JSON.stringify(secret).slice(1, -1));
		for (const apostrophe of ['&#39;', '&#x27;', '&apos;'])
			forms.add(htmlEscaped(secret, apostrophe));
	}
	return [...forms].sort((a, b) => b.length - a.length);
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

/** The text with every form of every secret replaced by REDACTED. */
export function redactText(text: string, forms: readonly string[]): string {
	let redacted = text;
	for (const form of forms)
		if (redacted.includes(form)) redacted = redacted.split(form).join(REDACTED);
	return redacted;
}

/** Whether raw answer text may hold a secret: a form of it, or an escape that could hide one. */
export function mayHoldSecret(text: string, forms: readonly string[]): boolean {
	return forms.length > 0 && (text.includes('\\') || forms.some((form) => text.includes(form)));
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
	const copy: Record<string, unknown> = {};
	for (const [key, entry] of Object.entries(value))
		copy[redactText(key, forms)] = redactValue(entry, forms);
	return copy;
}
