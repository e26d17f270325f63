/**
 * Dynamic Link > Create: the v1 interface's answer is not published (NOTES: "return what the service answers").
 * Whatever JSON object a success carries, with or without the `{success, data}` envelope and with or without an
 * `id`, is the item (in camelCase); the link was created, so the item must not fail.
 */
import type { NodeApiError } from 'n8n-workflow';

import { runAction } from '../../../support/actionRequests';
import type { FakeAnswer } from '../../../support/fakeContext';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

async function createAnswered(answer: FakeAnswer) {
	return await runAction(
		'dynamicLink',
		'create',
		{ destinationUrl: 'https://example.com' },
		() => answer,
	);
}

it('a record in data without an id is the item', async () => {
	const run = await createAnswered({
		status: 200,
		body: { success: true, data: { qr_id: 'q9', short_url: 'https://qr.example/x' } },
	});

	expect(run.error).toBeUndefined();
	expect(run.output?.[0][0].json).toEqual({
		qrId: 'q9',
		shortUrl: 'https://qr.example/x',
		result: 'created',
	});
});

it('a bare record without the envelope is the item', async () => {
	const run = await createAnswered({
		status: 201,
		body: { id: 'link_9', short_url: 'https://qr.example/y' },
	});

	expect(run.error).toBeUndefined();
	expect(run.output?.[0][0].json).toEqual({
		id: 'link_9',
		shortUrl: 'https://qr.example/y',
		result: 'created',
	});
});

it('a success whose data is not a record is the whole answer', async () => {
	const run = await createAnswered({
		status: 200,
		body: { success: true, data: 'https://qr.example/z' },
	});

	expect(run.error).toBeUndefined();
	expect(run.output?.[0][0].json).toEqual({
		success: true,
		data: 'https://qr.example/z',
		result: 'created',
	});
});

it('a refusal answered with success false still fails the item', async () => {
	const run = await createAnswered({
		status: 200,
		body: { success: false, message: 'Plan limit reached' },
	});

	expect(run.error?.message).toContain('Plan limit reached');
});

it.each([
	['in data', { success: true, data: { id: 'l1', destination_url: 'https://other.example/b' } }],
	['without the envelope', { id: 'l1', destinationUrl: 'https://other.example/b' }],
	[
		"as the code it made (the contract's qrRedirectUrl)",
		{ success: true, data: { id: 'l1', qrType: 'WEB', qrRedirectUrl: 'https://other.example/b' } },
	],
	[
		'beside an empty destination field and its own short link',
		{
			success: true,
			data: {
				id: 'l1',
				qrRedirectUrl: '',
				shortUrl: 'https://qr.example/l1',
				destination_url: 'https://other.example/b',
			},
		},
	],
	[
		'in one of two spellings',
		{
			success: true,
			data: {
				id: 'l1',
				destination_url: 'https://example.com',
				destinationUrl: 'https://other.example/b',
			},
		},
	],
])(
	'an answer %s naming another destination than asked fails: the link was probably made, leading elsewhere',
	async (_case, body) => {
		const run = await createAnswered({ status: 200, body });

		expect(run.output).toBeUndefined();
		expect(run.error?.message).toBe(
			`QRTRAC's answer to Create Dynamic Link (POST /v1/qr/create) names another destination: the dynamic link was probably created`,
		);
		const { description } = run.error as NodeApiError;
		expect(description).toContain('"https://other.example/b"');
		expect(description).toContain('"https://example.com"');
		expect(description).toContain('QR Code > Get Many');
		expect(run.sent).toHaveLength(1);
	},
);

it('an answer spelling the destination its own way is the item', async () => {
	const run = await createAnswered({
		status: 200,
		body: { success: true, data: { id: 'l1', destination_url: 'https://EXAMPLE.com/' } },
	});

	expect(run.error).toBeUndefined();
	expect(run.output?.[0][0].json).toEqual({
		id: 'l1',
		destinationUrl: 'https://EXAMPLE.com/',
		result: 'created',
	});
});

it.each([
	[
		'an empty qrRedirectUrl beside the destination asked',
		{ id: 'l1', destination_url: 'https://example.com', qrRedirectUrl: '' },
	],
	[
		'a qrRedirectUrl holding the short link its shortUrl names',
		{
			...{ id: 'l1', destination_url: 'https://example.com' },
			...{ short_url: 'https://qr.example/Ab3', qrRedirectUrl: 'https://qr.example/Ab3' },
		},
	],
	[
		"a qrRedirectUrl holding the short link of its domain and Display ID (the contract's baseUrl + displayId)",
		{
			...{ id: 'l1', baseUrl: 'https://go.acme.example/', displayId: 'Ab3' },
			...{ destinationUrl: 'https://example.com', qrRedirectUrl: 'https://go.acme.example/Ab3' },
		},
	],
	[
		"a qrRedirectUrl holding a link to its own ID on its short link's host",
		{
			...{
				id: 'l1',
				destination_url: 'https://example.com',
				short_url: 'https://qr.example/r/Ab3',
			},
			qrRedirectUrl: 'https://qr.example/l1',
		},
	],
	[
		'a qrRedirectUrl holding its own Display ID in another case (a short link, one path part)',
		{ id: 'l1', displayId: 'ab12', qrRedirectUrl: 'https://qrtr.ac/AB12' },
	],
	[
		'a qrRedirectUrl ending in its own ID, with no short link to tell its host',
		{ id: 'l1', qrRedirectUrl: 'https://elsewhere.example/l1' },
	],
])('an answer with %s names no other destination: it is the item', async (_case, data) => {
	const run = await createAnswered({ status: 200, body: { success: true, data } });

	expect(run.error).toBeUndefined();
	expect(run.output?.[0][0].json).toMatchObject({ id: 'l1', result: 'created' });
	expect(run.sent).toHaveLength(1);
});

it.each([
	[
		'a destination_url on another host ending in its own ID',
		{ id: 'Ab3dE9q', destination_url: 'https://elsewhere.example/promo/Ab3dE9q' },
		'https://elsewhere.example/promo/Ab3dE9q',
	],
	[
		'a destination_url holding its own short link (a loop)',
		{ id: 'l1', short_url: 'https://qr.example/Ab3', destination_url: 'https://qr.example/Ab3' },
		'https://qr.example/Ab3',
	],
	['an empty destination_url', { id: 'l1', destination_url: '' }, ''],
	[
		'a qrRedirectUrl ending in its own ID under a deeper path on another host (a destination)',
		{ id: 'l1', qrRedirectUrl: 'https://elsewhere.example/promo/l1' },
		'https://elsewhere.example/promo/l1',
	],
	[
		"a qrRedirectUrl of a shop's product page that happens to end in its own ID",
		{ id: '1042', qrRedirectUrl: 'https://shop.example/products/1042' },
		'https://shop.example/products/1042',
	],
	[
		"a qrRedirectUrl on another host than its short link's, under a path, ending in its own ID",
		{
			id: 'ab12',
			short_url: 'https://qrtr.ac/ab12',
			qrRedirectUrl: 'https://api.qrtrac.com/r/ab12',
		},
		'https://api.qrtrac.com/r/ab12',
	],
	[
		'an empty destinationUrl beside an empty qrRedirectUrl',
		{ id: 'l1', destinationUrl: '', qrRedirectUrl: '' },
		'',
	],
])(
	'an answer with %s names another destination than asked: the item fails',
	async (_case, data, answered) => {
		// before: each was `created`; only the contract's qrRedirectUrl may be empty or hold the link itself
		const run = await createAnswered({ status: 200, body: { success: true, data } });

		expect(run.output).toBeUndefined();
		expect(run.error?.message).toBe(
			`QRTRAC's answer to Create Dynamic Link (POST /v1/qr/create) names another destination: the dynamic link was probably created`,
		);
		const { description } = run.error as NodeApiError;
		expect(description).toContain(`${JSON.stringify(answered)}`);
		expect(description).toContain('"https://example.com"');
		expect(run.sent).toHaveLength(1);
	},
);

it.each([
	[
		"a code record without a short-link field (the contract's Qr), its qrRedirectUrl ending in its Display ID",
		{ id: 'q1', displayId: 'ab12', qrType: 'dynamic', qrRedirectUrl: 'https://qrtr.ac/ab12' },
	],
])(
	'a success with %s is the item (before: failed "names another destination")',
	async (_case, data) => {
		const run = await createAnswered({ status: 200, body: { success: true, data } });

		expect(run.error).toBeUndefined();
		expect(run.output?.[0][0].json).toMatchObject({
			qrRedirectUrl: data.qrRedirectUrl,
			result: 'created',
		});
		expect(run.sent).toHaveLength(1);
	},
);

it('a destination_url ending in its own ID on another host still names another destination', async () => {
	// the strict rule stays for the request's own field: only qrRedirectUrl may hold the link itself
	const run = await createAnswered({
		status: 200,
		body: {
			id: 'ab12',
			short_url: 'https://qrtr.ac/ab12',
			destination_url: 'https://api.qrtrac.com/r/ab12',
		},
	});

	expect(run.output).toBeUndefined();
	expect(run.error?.message).toContain('names another destination');
});

it('a record whose "success" is no boolean fails as an unknown outcome, quoted: "false" may deny, "ok" confirm', async () => {
	for (const success of ['false', 'ok', 0]) {
		const run = await createAnswered({
			status: 200,
			body: { success, message: 'Plan limit reached', short_url: 'https://qr.example/ok' },
		});

		// before: read as a refusal ("Plan limit reached"), though the link may have been made
		expect(run.error?.message).toContain(
			`a "success" that is neither true nor false: {"success":${JSON.stringify(success)}`,
		);
		expect((run.error as NodeApiError).description).toMatch(
			/The outcome of this POST is unknown .*It was not sent again/,
		);
		expect(run.sent).toHaveLength(1);
	}
});
