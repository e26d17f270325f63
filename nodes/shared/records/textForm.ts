/**
 * Text as a service may store what it was sent: Unicode composed (NFC), spaces around trimmed, runs of spaces
 * squeezed to one. Case is kept: whether it counts is each caller's rule.
 */
export function storedForm(text: string): string {
	return text.normalize('NFC').trim().replace(/\s+/g, ' ');
}

/** Whether `shown`, text an answer holds, is `asked` as sent or in its stored form: never the other way round. */
export function isStoredFormOf(shown: unknown, asked: string): boolean {
	return shown === asked || shown === storedForm(asked);
}
