/**
 * A service may quote a secret back in another case than it was sent (an error upper-casing the header it got, a
 * log line lower-casing it): the text still gives the secret away, so it is blanked in any case, in messages,
 * parsed answers and across a line break alike.
 */
import { qrtracApiRequest } from '../../../../nodes/shared/transport';
import { mayHoldSecret, redactText, secretForms } from '../../../../nodes/shared/redaction';
import { fakeContext, ok, refused } from '../../../support/fakeContext';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

// the fake context's credential
const SECRET = 'secret-value-1';
const API_KEY = 'api-key-value-1';
const get = { method: 'GET' as const, path: '/qr-templates-api', itemIndex: 0 };

/** Everything a run's error or answer carries, as text, in lower case. */
const seen = (value: unknown) =>
	JSON.stringify(value, (_key, entry: unknown) =>
		entry instanceof Error ? { ...entry, message: entry.message } : entry,
	).toLowerCase();

describe('a secret echoed in another case never reaches an error or an answer', () => {
	it.each([
		['upper case', SECRET.toUpperCase()],
		['title case', 'Secret-Value-1'],
		['URL-encoded, upper case', encodeURIComponent(SECRET).toUpperCase()],
	])('a refusal quoting the client secret in %s', async (_how, echoed) => {
		const { ctx } = fakeContext({ answers: [refused(401, `Invalid client secret ${echoed}`)] });

		const error = await qrtracApiRequest(ctx, get).then(
			() => undefined,
			(failure: unknown) => failure,
		);

		expect(error).toBeInstanceOf(Error);
		expect(seen(error)).not.toContain(SECRET);
		expect((error as Error).message).toBe('Invalid client secret [redacted]');
	});

	it('a field of a successful answer holding the API key upper-cased', async () => {
		const { ctx } = fakeContext({
			answers: [ok([{ id: 'tpl_1', note: `key ${API_KEY.toUpperCase()} used` }])],
		});

		const response = await qrtracApiRequest(ctx, get);

		expect(seen(response)).not.toContain(API_KEY);
		expect(response.data).toEqual([{ id: 'tpl_1', note: 'key [redacted] used' }]);
	});

	it('a secret upper-cased and split by a line break', () => {
		const forms = secretForms([SECRET]);
		const text = `got SECRET-VAL\nUE-1 here`;

		expect(mayHoldSecret(SECRET.toUpperCase(), forms)).toBe(true);
		expect(redactText(text, forms)).toBe('got [redacted] here');
	});
});

describe('a short secret is matched in its own case only', () => {
	it('blanks "Demo" but not the words "demo" and "DEMO" of the answer', () => {
		const forms = secretForms(['Demo']);

		expect(redactText('Demo QR for demo day; DEMO', forms)).toBe(
			'[redacted] QR for demo day; DEMO',
		);
	});
});
