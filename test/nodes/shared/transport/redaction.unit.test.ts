/**
 * Every form of a credential's secret is blanked out of service text: as sent, URL-encoded, JSON-escaped, HTML-escaped,
 * inside base64 (a basic-auth pair) and split over a line break.
 */
import { excerptOf } from '../../../../nodes/shared/api/answers';
import { interpretAnswer } from '../../../../nodes/shared/answerBody';
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

	it("keeps a field of the answer named __proto__ as a field, never the copy's prototype", () => {
		const answer = JSON.parse(
			`{"id":"qr1","__proto__":{"note":"service field"},"echo":${JSON.stringify(`has ${SECRET} inside`)}}`,
		) as Record<string, unknown>;

		const copy = redactDeep(answer, forms) as Record<string, unknown>;

		expect(Object.keys(copy)).toEqual(['id', '__proto__', 'echo']);
		expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
		expect(Object.getOwnPropertyDescriptor(copy, '__proto__')?.value).toEqual({
			note: 'service field',
		});
		expect(copy.echo).toBe('has [redacted] inside');
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

	it('an excerpt writes only the start of a large answer, as JSON.stringify writes it, and says it was cut', () => {
		const values: unknown[] = [
			{
				a: [1, 'two', null, undefined, () => 3, { b: true }],
				c: undefined,
				d: new Date(0),
				e: NaN,
			},
			[[], {}, '', 'quote " and \\ and \u00e9', -0, 1e21],
			'text',
			42,
		];
		for (const value of values) expect(excerptOf(value, [], 10_000)).toBe(JSON.stringify(value));
		const events = Array.from({ length: 200_000 }, (_, index) => ({
			qrId: `qr_${index}`,
			n: index,
		}));
		const excerpt = excerptOf({ error: 'Bad Request', data: events }, [], 100);
		expect(excerpt).toBe(
			`${JSON.stringify({ error: 'Bad Request', data: events }).slice(0, 100)}... (its fields: error, data)`,
		);
		expect(excerptOf({ error: 'x'.repeat(400) }, [], 100)).toMatch(
			/^\{"error":"x+\.\.\. \(its fields: error\)$/,
		);
	});

	it("an excerpt never shows a scan's IP address", () => {
		const answer = { data: [{ qrId: 'qr_1', scanTime: null, ipAddress: '203.0.113.7' }] };
		const excerpt = excerptOf(answer, []);
		expect(excerpt).not.toContain('203.0.113.7');
		expect(excerpt).toContain('"ipAddress":"(withheld)"');
	});
	it('an excerpt never shows an IP address under any name the IP Address option treats as one', () => {
		const event = { qrId: 'qr_1', scanTime: null, ip: '203.0.113.8', client_ip: '203.0.113.9' };
		const excerpt = excerptOf({ data: [{ ...event, IPAddress: '2001:db8::7' }] }, []);
		for (const address of ['203.0.113.8', '203.0.113.9', '2001:db8::7'])
			expect(excerpt).not.toContain(address);
		expect(excerpt).toContain('"ip":"(withheld)"');
	});
	it('an excerpt never shows a value that is an IP address, under any other name or in a list', () => {
		const event = {
			qrId: 'qr_1',
			ipv6: '2001:db8::7',
			hops: ['203.0.113.10:443', 'edge'],
			os: '1.2',
		};
		const excerpt = excerptOf({ data: [event] }, []);
		expect(excerpt).toBe(
			'{"data":[{"qrId":"qr_1","ipv6":"(withheld)","hops":["(withheld)","edge"],"os":"1.2"}]}',
		);
	});
	it('an excerpt never shows an address with a zone index, inside escaped JSON text, or in a list of several', () => {
		const event = {
			qrId: 'qr_1',
			remote: 'fe80::0%eth0',
			raw: JSON.stringify({ ipAddress: '192.0.2.70', agent: 'x' }),
			xff: '203.0.113.9, [2001:db8::1]:443',
		};
		const excerpt = excerptOf({ data: [event] }, []);
		expect(excerpt).toBe(
			'{"data":[{"qrId":"qr_1","remote":"(withheld)","raw":"{\\"ipAddress\\":\\"(withheld)\\",\\"agent\\":\\"x\\"}","xff":"(withheld)"}]}',
		);
	});
	describe('encoded or wrapped by the service', () => {
		const clientId = 'cl_reliability_0a1b2c3d4e5f';
		const clientSecret = 'sk_live_SECRET_9f8e7d6c5b4a39281706';
		const credential = secretForms([clientSecret, clientId]);

		it('blanks base64 of a basic-auth pair, whichever user part comes first (standard and URL-safe alphabets)', () => {
			for (const user of [clientId, 'team_1', 'x', 'ab']) {
				const basic = Buffer.from(`${user}:${clientSecret}`).toString('base64');
				for (const encoded of [basic, basic.replace(/\+/g, '-').replace(/\//g, '_')]) {
					const redacted = redactText(`Authorization: Basic ${encoded} refused`, credential);
					expect(redacted).toContain('[redacted]');
					// no 4 bytes of the secret survive: what is left decodes to the user part and at most a few bits
					const left = redacted.replace('[redacted]', ' ');
					expect(Buffer.from(left.split(' ')[2], 'base64').toString()).not.toContain('sk_l');
					expect(left).not.toContain(Buffer.from(clientSecret).toString('base64').slice(0, 8));
				}
			}
		});

		it('blanks a secret split over a line break: a plain, a CRLF with indentation, an escaped \\n, an HTML <br>', () => {
			const [head, tail] = [clientSecret.slice(0, 20), clientSecret.slice(20)];
			for (const text of [
				`secret ${head}\n${tail} refused`,
				`secret ${head}  \r\n    ${tail} refused`,
				`secret ${head}\\n${tail} refused`,
				`secret ${head}<br/>${tail} refused`,
			]) {
				const redacted = redactText(text, credential);
				expect(redacted).toBe('secret [redacted] refused');
			}
		});

		it('leaves text that only looks like a wrapped secret as it was', () => {
			const text = `line one\nline two ${clientSecret.slice(0, 10)}\nand more`;
			expect(redactText(text, credential)).toBe(text);
		});

		it('keeps a wrapped or base64 secret out of a parsed answer and out of the excerpt of a page that is not JSON', () => {
			const reading = {
				secretForms: credential,
				acceptUnsuccessful: false,
				envelopeOptional: false,
				operation: 'GET /api/qrs-api/x',
			};
			const basic = Buffer.from(`${clientId}:${clientSecret}`).toString('base64');
			const json = JSON.stringify({
				success: false,
				message: `refused ${clientSecret.slice(0, 12)}\n${clientSecret.slice(12)} (Basic ${basic})`,
			});
			const page = `<html><body><pre>client secret ${clientSecret.slice(0, 12)}\n${clientSecret.slice(12)}\nBasic ${basic}</pre></body></html>`;
			for (const [status, text] of [
				[401, json],
				[401, page],
			] as const) {
				const answer = interpretAnswer(status, text, reading);
				const shown = JSON.stringify(answer);
				expect(shown).toContain('[redacted]');
				expect(shown).not.toContain(clientSecret.slice(12));
				expect(shown).not.toContain(clientSecret.slice(0, 12));
				expect(shown).not.toContain(basic.slice(8, 24));
			}
		});

		it('keeps a secret split by an HTML <br> inside a JSON string out of the parsed answer', () => {
			const reading = {
				secretForms: credential,
				acceptUnsuccessful: false,
				envelopeOptional: false,
				operation: 'GET /api/qrs-api/x',
			};
			const json = JSON.stringify({
				success: false,
				message: `refused ${clientSecret.slice(0, 12)}<br/>${clientSecret.slice(12)}`,
			});
			expect(json).not.toContain('\\');
			expect(mayHoldSecret(json, credential)).toBe(true);
			const shown = JSON.stringify(interpretAnswer(400, json, reading));
			expect(shown).toContain('refused [redacted]');
			expect(shown).not.toContain(clientSecret.slice(12));
		});

		it('blanks a secret a JSON writer escaped: `\\/` (PHP), `\\u002B` (.NET), in a body that is no object and in JSON text held as a string', () => {
			const base64Secret = 'aB3+x/Yz9Q==Kp7';
			const forms = secretForms([base64Secret]);
			const reading = {
				secretForms: forms,
				acceptUnsuccessful: false,
				envelopeOptional: false,
				operation: 'GET /api/qrs-api/x',
			};
			const php = 'aB3+x\\/Yz9Q==Kp7';
			const dotNet = 'aB3\\u002Bx/Yz9Q==Kp7';
			const lowerHex = 'aB3\\u002bx\\/Yz9Q\\u003D=Kp7';
			for (const escaped of [php, dotNet, lowerHex]) {
				for (const [status, text] of [
					[401, `["invalid client secret ${escaped}"]`],
					[401, `"invalid client secret ${escaped}"`],
					[400, JSON.stringify({ success: false, message: `{"secret":"${escaped}"}` })],
				] as const) {
					const shown = interpretAnswer(status, text, reading);
					expect(JSON.stringify(shown)).toContain('[redacted]');
					expect(JSON.stringify(shown)).not.toContain('Yz9Q');
				}
			}
			// escapes of other text are left as they were, and an escaped backslash before a slash is no `\\/`
			expect(redactText('{"path":"a\\/b","q":"\\u0022x\\\\/"}', forms)).toBe(
				'{"path":"a\\/b","q":"\\u0022x\\\\/"}',
			);
		});

		it('blanks a secret holding `"` or `\\` that a JSON writer escaped as `\\u0022` or `\\u005C` (.NET)', () => {
			const quoted = 'pa"ss\\word+Kp7Q';
			const forms = secretForms([quoted]);
			const reading = {
				secretForms: forms,
				acceptUnsuccessful: false,
				envelopeOptional: false,
				operation: 'GET /api/qrs-api/x',
			};
			for (const escaped of [
				'pa\\u0022ss\\u005Cword\\u002BKp7Q',
				'pa\\u0022ss\\\\word+Kp7Q',
				'pa\\"ss\\u005cword+Kp7Q',
			]) {
				expect(redactText(`secret ${escaped} refused`, forms)).toBe('secret [redacted] refused');
				for (const [status, text] of [
					[401, `["invalid client secret ${escaped}"]`],
					[401, `"invalid client secret ${escaped}"`],
					[400, JSON.stringify({ success: false, message: `{"secret":"${escaped}"}` })],
				] as const) {
					const shown = JSON.stringify(interpretAnswer(status, text, reading));
					expect(shown).toContain('[redacted]');
					expect(shown).not.toContain('word');
				}
			}
		});

		it('blanks a secret with a Latin-1 letter in the forms its single byte takes: \\u00e9, U+FFFD, %E9, Latin-1 base64', () => {
			// the header sends `é` as the one byte E9 (connection.ts lets Latin-1 letters through)
			const secret = 'Sécret-Key-12345';
			const forms = secretForms([secret]);
			const reading = {
				secretForms: forms,
				acceptUnsuccessful: false,
				envelopeOptional: false,
				operation: 'GET /api/qrs-api/x',
			};
			const basic = (user: string) => Buffer.from(`${user}:${secret}`, 'latin1').toString('base64');
			for (const echoed of [
				secret,
				'S\\u00e9cret-Key-12345',
				'S\\u00E9cret-Key-12345',
				'S\uFFFDcret-Key-12345',
				'S\\ufffdcret-Key-12345',
				'S%E9cret-Key-12345',
				'S%e9cret-Key-12345',
				'S%C3%A9cret-Key-12345',
				`Basic ${basic('client')}`,
				`Basic ${basic('cl')}`,
				`Basic ${basic('c')}`,
			]) {
				const text = `["invalid client secret ${echoed}"]`;
				const redacted = redactText(text, forms);
				expect(redacted).toContain('[redacted]');
				expect(redacted).not.toMatch(/cret-Key|Key-1234/);
				// what base64 is left beside [redacted] decodes to no 4 bytes of the secret
				for (const left of redacted.split(/\[redacted\]|Basic |"/))
					expect(Buffer.from(left, 'base64').toString('latin1')).not.toMatch(/cret|Key-|1234/);
				const shown = JSON.stringify(interpretAnswer(401, text, reading));
				expect(shown).toContain('[redacted]');
				expect(shown).not.toContain('cret-Key');
			}
		});

		it('takes no derived form shorter than the minimum: a secret read back as two letters blanks no ordinary text', () => {
			// `Ã©Ã©` as its Latin-1 bytes read as UTF-8 is `éé`: before, every `éé` of the answer was blanked
			const forms = secretForms(['Ã©Ã©']);
			expect(forms.every((form) => form.length >= 4)).toBe(true);
			expect(redactText('Le café est prêt: éé', forms)).toBe('Le café est prêt: éé');
			expect(redactText('key Ã©Ã© refused', forms)).toBe('key [redacted] refused');
			// nor its escapes, which a body that is not JSON shows as written (before: `cr[redacted]e`)
			expect(redactText('{"message":"\\u00c9quipe cr\\u00e9\\u00e9e", "trunc', forms)).toBe(
				'{"message":"\\u00c9quipe cr\\u00e9\\u00e9e", "trunc',
			);
		});

		it('reads long runs of spaces and a page of megabytes in linear time, the excerpt still redacted', () => {
			const spaces = `${' '.repeat(400_000)}x\n${' '.repeat(400_000)}`;
			const started = Date.now();
			expect(redactText(spaces, credential)).toBe(spaces);
			const page = `<html><body><p>secret ${clientSecret}</p>${'<p>row</p>\n'.repeat(500_000)}</body></html>`;
			const answer = interpretAnswer(502, page, {
				secretForms: credential,
				acceptUnsuccessful: false,
				envelopeOptional: false,
				operation: 'GET /api/qrs-api/x',
			});
			// a pattern rescanning each run of spaces took minutes here; the whole test is well under a second
			expect(Date.now() - started).toBeLessThan(5_000);
			const shown = JSON.stringify(answer);
			expect(shown).toContain('secret [redacted] row row');
			expect(shown).not.toContain(clientSecret);
		});
	});
});
