/**
 * Download Image: which image addresses are fetched, as QRTRAC's answer gives them (fake context, no sockets). The
 * answers are scripted: the code's qrImageUrl and, where there is one, the image host's redirect.
 */
import type { IDataObject } from 'n8n-workflow';

import { PNG_BYTES, runAction, serviceAnswer, STORED_CODE } from '../../../support/actionRequests';
import type { FakeAnswer, SentRequest } from '../../../support/fakeContext';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

const IMAGE: FakeAnswer = {
	status: 200,
	body: PNG_BYTES,
	headers: { 'content-type': 'image/png' },
};

/** Download Image of a code whose qrImageUrl is `qrImageUrl`; the image host answers `image` (a PNG unless set). */
async function download(
	qrImageUrl: string,
	image: (request: SentRequest) => FakeAnswer = () => IMAGE,
	credentials?: IDataObject,
) {
	const run = await runAction(
		'qrCode',
		'downloadImage',
		{ qrCodeId: 'qr_1', binaryPropertyName: 'data' },
		(request) => {
			if (request.anonymous) return image(request);
			if (new URL(request.url).pathname.endsWith('/api/qrs-api/teams/qr_1'))
				return { status: 200, body: { success: true, data: { ...STORED_CODE, qrImageUrl } } };
			return serviceAnswer(request);
		},
		credentials,
	);
	return { ...run, fetched: run.sent.filter((request) => request.anonymous).map(({ url }) => url) };
}

describe('an address with a user name or password (n8n would send them as a Basic Authorization header)', () => {
	it('is not fetched, and the error names its host without them', async () => {
		const run = await download('https://qr-user:Pa55-w0rd@cdn.example.com/qr_1.png');

		expect(run.fetched).toEqual([]);
		expect(run.error?.message).toBe(
			'The QR image address https://cdn.example.com was not fetched: it holds a user name or password, and Download Image sends no credentials.',
		);
		expect(JSON.stringify(run.error)).not.toContain('Pa55-w0rd');
	});

	it('is not followed where the image host redirects to it', async () => {
		const run = await download('https://cdn.example.com/qr_1.png', (request) =>
			request.url.startsWith('https://cdn.example.com/')
				? { status: 302, headers: { location: 'https://:token-123@images.example.org/qr_1.png' } }
				: IMAGE,
		);

		expect(run.fetched).toEqual(['https://cdn.example.com/qr_1.png']);
		expect(run.error?.message).toBe(
			'The QR image address https://images.example.org was not fetched: it holds a user name or password, and Download Image sends no credentials.',
		);
	});
});

describe('a relative qrImageUrl (the contract types it only as a string)', () => {
	it.each([
		['/images/qr_1.png', 'https://rel1.qrtrac.test/gw', 'https://rel1.qrtrac.test/images/qr_1.png'],
		[
			'images/qr_1.png',
			'https://rel2.qrtrac.test/gw',
			'https://rel2.qrtrac.test/gw/images/qr_1.png',
		],
		['//cdn.example.com/qr_1.png', 'https://rel3.qrtrac.test', 'https://cdn.example.com/qr_1.png'],
	])('%s on the Base URL %s is fetched from %s', async (qrImageUrl, baseUrl, fetched) => {
		const run = await download(qrImageUrl, undefined, { baseUrl });

		expect(run.error).toBeUndefined();
		expect(run.fetched).toEqual([fetched]);
		expect(run.output?.[0][0]?.binary?.data.mimeType).toBe('image/png');
	});

	it('on a local Base URL is fetched from its host, which alone may be local', async () => {
		const run = await download('/images/qr_1.png', undefined, {
			baseUrl: 'http://localhost:5701',
		});

		expect(run.error).toBeUndefined();
		expect(run.fetched).toEqual(['http://localhost:5701/images/qr_1.png']);
	});
});

describe("the Base URL's host, which alone may be local", () => {
	it("is the same host spelt with the root's trailing dot or in capitals", async () => {
		const dotted = await download('http://localhost.:5702/images/qr_1.png', undefined, {
			baseUrl: 'http://localhost:5702',
		});
		const capitals = await download('http://LocalHost:5703/images/qr_1.png', undefined, {
			baseUrl: 'http://localhost:5703',
		});

		expect([dotted.error, capitals.error]).toEqual([undefined, undefined]);
		expect([...dotted.fetched, ...capitals.fetched]).toEqual([
			'http://localhost.:5702/images/qr_1.png',
			'http://localhost:5703/images/qr_1.png',
		]);
	});
});

describe('addresses the public internet never routes (n8n’s own SSRF defaults refuse them too)', () => {
	it.each([
		['http://198.18.0.5/qr.png', 'a benchmarking network address (not on the public internet)'],
		['http://3323068421/qr.png', 'a benchmarking network address (not on the public internet)'],
		['http://192.0.0.170/qr.png', 'an IETF protocol address (not on the public internet)'],
		['http://240.0.0.1/qr.png', 'a reserved address (not on the public internet)'],
		['http://255.255.255.255/qr.png', 'a reserved address (not on the public internet)'],
		[
			'http://[::ffff:198.19.1.1]/qr.png',
			'a benchmarking network address (not on the public internet)',
		],
	])('%s is refused as %s', async (qrImageUrl, kind) => {
		const run = await download(qrImageUrl);

		expect(run.fetched).toEqual([]);
		expect(run.error?.message).toContain(`was not fetched: it is ${kind}.`);
	});
});
