/** Every form of a credential's secret is blanked out of service text: as sent, URL-encoded, JSON-escaped. */
import { excerptOf } from '../../../../nodes/shared/api/answers';
import {
	mayHoldSecret,
	redactDeep,
	redactText,
	secretForms,
} from '../../../../nodes/shared/redaction';

const SECRET = 'sk_live/SECRET "q" 42';

describe('redaction', () => {
	const forms = secretForms([SECRET, 'abc']);

	it('blanks the secret as sent, URL-encoded and JSON-escaped; values under 4 characters are left', () => {
		const text = `got ${SECRET}, ${encodeURIComponent(SECRET)} and ${JSON.stringify(SECRET)}; abc`;
		const redacted = redactText(text, forms);
		expect(redacted).not.toContain('SECRET');
		expect(redacted).toContain('abc');
		expect(redacted.split('[redacted]')).toHaveLength(4);
	});

	it('blanks the secret as an HTML page escapes it, whichever entity it uses for the apostrophe', () => {
		const html = secretForms([`p&q"r's<t>`]);
		for (const apostrophe of ['&#39;', '&#x27;', '&apos;']) {
			const page = `<p>key p&amp;q&quot;r${apostrophe}s&lt;t&gt; refused</p>`;
			expect(redactText(page, html)).toBe('<p>key [redacted] refused</p>');
		}
	});

	it('redacts every string of a parsed answer, keys included, and keeps the rest as it was', () => {
		const answer = { success: false, message: `bad ${SECRET}`, data: [{ [SECRET]: 1, n: 2 }] };
		expect(redactDeep(answer, forms)).toEqual({
			success: false,
			message: 'bad [redacted]',
			data: [{ '[redacted]': 1, n: 2 }],
		});
	});

	it('tells raw text that may hold a secret (a form, or an escape that could hide one)', () => {
		expect(mayHoldSecret('{"a":"plain"}', forms)).toBe(false);
		expect(mayHoldSecret(JSON.stringify({ a: SECRET }), forms)).toBe(true);
		expect(mayHoldSecret('{"a":"\\u0073k"}', forms)).toBe(true);
	});

	it('an excerpt never keeps part of a secret cut at its 300-character edge', () => {
		const value = { padding: 'x'.repeat(290), secret: SECRET };
		const excerpt = excerptOf(value, [SECRET]);
		expect(excerpt).not.toContain('sk_live');
	});

	it("an excerpt never shows a scan's IP address", () => {
		const answer = { data: [{ qrId: 'qr_1', scanTime: null, ipAddress: '203.0.113.7' }] };
		const excerpt = excerptOf(answer, []);
		expect(excerpt).not.toContain('203.0.113.7');
		expect(excerpt).toContain('"ipAddress":"(withheld)"');
	});
});
