/**
 * Credentials never leave the Base URL's origin, and travel only encrypted (issue 11, points 2 and 3), through
 * n8n's engine over real sockets:
 * - a Base URL that redirects to another origin gets a clear error naming where it pointed, and the server it
 *   pointed to receives nothing: not the client secret, not the API key, not even a request (every operation kind,
 *   the credential test, the trigger and the pickers);
 * - a redirect within the origin is followed, with the credentials;
 * - http:// is refused for anything but this machine, before any request; values are trimmed;
 * - Download Image sends no credential, follows http(s) only, refuses more than 10 MB and anything not an image.
 */
import {
	callLoadOptions,
	pollTrigger,
	runNode,
	testCredential,
	type HarnessCredentials,
} from '../../support/n8nHarness';
import {
	startFileServer,
	startRecorder,
	startRedirector,
	startServer,
	type FixtureServer,
} from '../../support/httpFixtures';
import { useSimulator } from '../../support/simulatorSuite';

const suite = useSimulator();

let recorder: FixtureServer;
let redirector: FixtureServer;
let credentials: HarnessCredentials;

beforeAll(async () => {
	recorder = await startRecorder();
	redirector = await startRedirector((path) => `${recorder.url}${path}`);
	credentials = { ...suite.credentials, baseUrl: redirector.url };
});

afterAll(async () => {
	await redirector.close();
	await recorder.close();
});

beforeEach(() => {
	recorder.received.length = 0;
	redirector.received.length = 0;
});

const SECRET_HEADERS = ['x-request-client-id', 'x-request-client-secret', 'authorization'];

function expectNothingReachedRecorder(): void {
	expect(recorder.received).toEqual([]);
}

describe('a Base URL that redirects to another origin', () => {
	const operations: Array<[string, Record<string, unknown>]> = [
		['a read (Get Many)', { resource: 'qrCode', operation: 'getMany', returnAll: true }],
		[
			'a create (POST)',
			{
				resource: 'qrCode',
				operation: 'create',
				qrType: 'WEB',
				name: 'Moved',
				qrRedirectUrl: 'https://example.com/m',
			},
		],
		[
			'a member change (PUT)',
			{
				resource: 'teamMember',
				operation: 'pause',
				teamId: { __rl: true, mode: 'id', value: 'team_x' },
				email: 'a@example.com',
			},
		],
		[
			'a batch (Create or Update, sync)',
			{
				resource: 'qrCode',
				operation: 'createOrUpdate',
				displayId: 'moved-1',
				qrType: 'WEB',
				qrRedirectUrl: 'https://example.com/m',
			},
		],
		[
			'the simple interface (API key)',
			{ resource: 'dynamicLink', operation: 'create', destinationUrl: 'https://example.com/d' },
		],
	];

	it.each(operations)(
		'fails %s with an error naming the target, and sends it nothing',
		async (_name, parameters) => {
			const result = await runNode({ nodeType: 'qrtrac', credentials, parameters });

			expect(result.error?.message).toContain(`another host (http://127.0.0.1:${recorder.port})`);
			expect(JSON.stringify(result.error)).not.toContain(suite.credentials.clientSecret!);
			expect(redirector.received.length).toBeGreaterThan(0);
			expectNothingReachedRecorder();
		},
	);

	it('fails the credential test without following the redirect', async () => {
		const result = await testCredential(credentials);

		expect(result).toMatchObject({ status: 'Error' });
		expect(result.message).toContain('redirect');
		expect(redirector.received).toHaveLength(1);
		expect(redirector.received[0].headers['x-request-client-secret']).toBe(
			suite.credentials.clientSecret,
		);
		expectNothingReachedRecorder();
	});

	it('fails a trigger poll and a picker the same way', async () => {
		await expect(
			pollTrigger({ parameters: { triggerOn: 'codeChanges' }, credentials, staticData: {} }),
		).rejects.toThrow(`another host (http://127.0.0.1:${recorder.port})`);
		await expect(
			callLoadOptions('qrtrac', 'searchQrCodes', { kind: 'listSearch', credentials }),
		).rejects.toThrow('another host');
		expectNothingReachedRecorder();
	});

	it('does not follow a switch of scheme on the same host either (http -> https is another origin)', async () => {
		const toHttps = await startRedirector(
			(path) => `https://127.0.0.1:${recorder.port}${path}`,
			308,
		);
		try {
			const result = await runNode({
				nodeType: 'qrtrac',
				credentials: { ...credentials, baseUrl: toHttps.url },
				parameters: { resource: 'designTemplate', operation: 'getMany', returnAll: true },
			});
			expect(result.error?.message).toContain(`another host (https://127.0.0.1:${recorder.port})`);
		} finally {
			await toHttps.close();
		}
		expectNothingReachedRecorder();
	});
});

describe('a redirect within the origin', () => {
	it('is followed with the credentials, and the answer read', async () => {
		const moved = await startServer((request, res) => {
			if (request.url.startsWith('/api/qr-templates-api')) {
				res.writeHead(307, { Location: '/api/v2/templates' });
				res.end();
				return;
			}
			res.writeHead(200, { 'Content-Type': 'application/json' });
			res.end(
				JSON.stringify({ success: true, data: [{ id: 'tpl_moved', name: 'Moved template' }] }),
			);
		});
		try {
			const result = await runNode({
				nodeType: 'qrtrac',
				credentials: { ...credentials, baseUrl: moved.url },
				parameters: { resource: 'designTemplate', operation: 'getMany', returnAll: true },
			});

			expect(result.error).toBeUndefined();
			expect(result.items.map((item) => item.json)).toEqual([
				{ id: 'tpl_moved', name: 'Moved template' },
			]);
			expect(moved.received.map((request) => request.url)).toEqual([
				'/api/qr-templates-api',
				'/api/v2/templates',
			]);
			expect(
				moved.received.every(
					(request) =>
						request.headers['x-request-client-secret'] === suite.credentials.clientSecret,
				),
			).toBe(true);
		} finally {
			await moved.close();
		}
	});
});

describe('a redirect within the origin but out of the Base URL’s path (a gateway mounting QRTRAC at /qrtrac)', () => {
	it('is not followed: no credential reaches the other path', async () => {
		const gateway = await startServer((request, res) => {
			res.writeHead(307, { Location: '/billing/collect' });
			res.end();
		});
		try {
			const result = await runNode({
				nodeType: 'qrtrac',
				credentials: { ...credentials, baseUrl: `${gateway.url}/qrtrac` },
				parameters: { resource: 'designTemplate', operation: 'getMany', returnAll: true },
			});

			expect(result.error?.message).toContain(
				"a redirect out of the credential's Base URL (/qrtrac)",
			);
			expect(gateway.received.map((request) => request.url)).toEqual([
				'/qrtrac/api/qr-templates-api',
			]);
		} finally {
			await gateway.close();
		}
	});
});

describe('a redirect within the Base URL’s path spelt with other percent-escapes (RFC 3986 6.2.2.2)', () => {
	it.each([
		['/%7Eqrtrac', '/~qrtrac/api/qr-templates-api/'],
		['/~qrtrac', '/%7eqrtrac/api/qr-templates-api/'],
		['/q%c3%a9', '/q%C3%A9/api/qr-templates-api/'],
	])('is followed: Base URL path %s, Location %s', async (basePath, location) => {
		const gateway = await startServer((request, res) => {
			if (request.url === `${basePath}/api/qr-templates-api`) {
				res.writeHead(308, { Location: location });
				res.end();
				return;
			}
			res.writeHead(200, { 'Content-Type': 'application/json' });
			res.end(JSON.stringify({ success: true, data: [] }));
		});
		try {
			const result = await runNode({
				nodeType: 'qrtrac',
				credentials: { ...credentials, baseUrl: `${gateway.url}${basePath}` },
				parameters: { resource: 'designTemplate', operation: 'getMany', returnAll: true },
			});

			expect(result.error?.message).toBeUndefined();
			expect(gateway.received.map((request) => request.url)).toEqual([
				`${basePath}/api/qr-templates-api`,
				location,
			]);
		} finally {
			await gateway.close();
		}
	});

	it('a reserved escape is not its character: /qrtrac%2Fx is out of /qrtrac', async () => {
		const gateway = await startServer((_request, res) => {
			res.writeHead(307, { Location: '/qrtrac%2Fx/api/qr-templates-api' });
			res.end();
		});
		try {
			const result = await runNode({
				nodeType: 'qrtrac',
				credentials: { ...credentials, baseUrl: `${gateway.url}/qrtrac/x` },
				parameters: { resource: 'designTemplate', operation: 'getMany', returnAll: true },
			});

			expect(result.error?.message).toContain(
				"a redirect out of the credential's Base URL (/qrtrac/x)",
			);
			expect(gateway.received).toHaveLength(1);
		} finally {
			await gateway.close();
		}
	});
});

describe('the Base URL must be https (http only for this machine)', () => {
	it('refuses http:// to another host before any request, in a run and in the credential test', async () => {
		const plain = { ...suite.credentials, baseUrl: `http://qrtrac.example:${recorder.port}` };

		const run = await runNode({
			nodeType: 'qrtrac',
			credentials: plain,
			parameters: { resource: 'qrCode', operation: 'getMany' },
		});
		const test = await testCredential(plain);

		const expected = 'must start with https:// so that the client secret travels encrypted';
		expect(run.error?.message).toContain(expected);
		expect(test).toMatchObject({ status: 'Error' });
		expect(test.message).toContain(expected);
		expectNothingReachedRecorder();
	});

	it('refuses a Base URL with a user name and password, a query or a fragment before any request', async () => {
		for (const baseUrl of [
			recorder.url.replace('http://', 'http://user:pw-SECRET@'),
			`${recorder.url}/?region=eu`,
			`${recorder.url}#top`,
		]) {
			const credentials = { ...suite.credentials, baseUrl };
			const run = await runNode({
				nodeType: 'qrtrac',
				credentials,
				parameters: { resource: 'designTemplate', operation: 'getMany', returnAll: true },
			});
			const test = await testCredential(credentials);

			expect(run.error?.message).toMatch(/Base URL must not hold/);
			expect(test).toMatchObject({ status: 'Error', message: run.error?.message });
			expect(JSON.stringify([run.error, test])).not.toContain('pw-SECRET');
		}
		expectNothingReachedRecorder();
	});

	it('accepts http:// for localhost, and trims every credential value', async () => {
		const padded: HarnessCredentials = {
			...suite.credentials,
			baseUrl: `  ${suite.sim.url.replace('127.0.0.1', 'localhost')}/  `,
			teamId: ` ${suite.credentials.teamId} `,
			clientId: `${suite.credentials.clientId}\t`,
			clientSecret: ` ${suite.credentials.clientSecret} `,
		};

		const run = await runNode({
			nodeType: 'qrtrac',
			credentials: padded,
			parameters: { resource: 'designTemplate', operation: 'getMany', returnAll: true },
		});
		const test = await testCredential(padded);

		expect(run.error).toBeUndefined();
		expect(run.items.length).toBeGreaterThan(0);
		expect(test).toMatchObject({ status: 'OK' });
		expect(suite.sim.requestLog.every((entry) => entry.status === 200)).toBe(true);
	});
});

describe('a credential value or Team (Override) holding a character a header cannot carry as typed', () => {
	const create = {
		resource: 'qrCode',
		operation: 'create',
		qrType: 'WEB',
		name: 'Pasted',
		qrRedirectUrl: 'https://example.com/p',
	};

	it('is refused before any request, naming the field and the character, in a run and in the credential test', async () => {
		const cases: Array<[keyof HarnessCredentials, string, string]> = [
			// a zero-width space pasted with an ID from a web page: trim() keeps it
			['teamId', `${suite.credentials.teamId}\u200b`, "'Team ID'"],
			[
				'clientSecret',
				`${suite.credentials.clientSecret!.slice(0, 6)}\u200b${suite.credentials.clientSecret!.slice(6)}`,
				"'Client Secret'",
			],
			// a letter beyond Latin-1, which a header cannot carry as one byte
			['clientId', `${suite.credentials.clientId}\u0107`, "'Client ID'"],
			// a control character inside Latin-1 (NEL)
			['teamId', `${suite.credentials.teamId}\u0085x`, "'Team ID'"],
		];
		for (const [field, value, label] of cases) {
			suite.sim.clearRequestLog();
			const credentials = { ...suite.credentials, [field]: value };
			const codesBefore = suite.sim.state.listQrs(suite.credentials.teamId!).length;

			const run = await runNode({ nodeType: 'qrtrac', credentials, parameters: create });
			const test = await testCredential(credentials);

			expect(run.error?.message).toContain(label);
			expect(run.error?.message).toMatch(/U\+(200B|0107|0085)/);
			expect(test).toMatchObject({ status: 'Error', message: run.error?.message });
			expect(JSON.stringify([run.error, test])).not.toContain(
				suite.credentials.clientSecret!.slice(6),
			);
			expect(suite.sim.requestLog).toEqual([]);
			expect(suite.sim.state.listQrs(suite.credentials.teamId!)).toHaveLength(codesBefore);
		}
	});

	it('a Latin-1 letter in the Client ID (é), which a header carries as one byte, is no such character: run and Test pass', async () => {
		const client = suite.sim.state.clients.get(suite.credentials.clientId!)!;
		const clientId = `${client.clientId}_é`;
		suite.sim.state.clients.set(clientId, { ...client, clientId });
		const latin1 = { ...suite.credentials, clientId };
		const codesBefore = suite.sim.state.listQrs(suite.credentials.teamId!).length;

		const run = await runNode({ nodeType: 'qrtrac', credentials: latin1, parameters: create });
		const test = await testCredential(latin1);

		expect(run.error).toBeUndefined();
		expect(test).toMatchObject({ status: 'OK' });
		// only the client `…_é` exists beside the suite's: the simulator read the letter back as typed
		expect(suite.sim.state.listQrs(suite.credentials.teamId!)).toHaveLength(codesBefore + 1);
	});

	it('is refused in a Team (Override) before any request', async () => {
		const run = await runNode({
			nodeType: 'qrtrac',
			credentials: suite.credentials,
			parameters: {
				...create,
				options: {
					teamOverride: { __rl: true, mode: 'id', value: `${suite.credentials.teamId}\u200b` },
				},
			},
		});

		expect(run.error?.message).toBe(
			`The team ID "${suite.credentials.teamId}<U+200B>" holds an invisible character or line break (U+200B), which a request header cannot carry as typed`,
		);
		expect(run.error?.description).toContain('Check the Team (Override)');
		expect(suite.sim.requestLog).toEqual([]);
	});
});

describe('Download Image', () => {
	function codeWithImageAt(url: string): string {
		const code = suite.sim.state.createQr(suite.credentials.teamId!, {
			qrType: 'WEB',
			qrRedirectUrl: 'https://example.com/i',
		});
		suite.sim.state.qrs.get(code.id)!.qrImageUrl = url;
		return code.id;
	}

	async function download(qrCodeId: string) {
		return await runNode({
			nodeType: 'qrtrac',
			credentials: suite.credentials,
			parameters: {
				resource: 'qrCode',
				operation: 'downloadImage',
				qrCodeId: { __rl: true, mode: 'id', value: qrCodeId },
				binaryPropertyName: 'data',
			},
		});
	}

	it('sends no credential to the image host, and refuses an answer that is not an image', async () => {
		const page = await startFileServer(Buffer.from('<html>not an image</html>'), 'image/png');
		try {
			const result = await download(codeWithImageAt(`${page.url}/qr.png`));

			expect(result.error?.message).toContain('did not answer with an image');
			expect(page.received).toHaveLength(1);
			for (const header of [...SECRET_HEADERS, 'x-request-team-id'])
				expect(page.received[0].headers[header]).toBeUndefined();
		} finally {
			await page.close();
		}
	});

	it('refuses an image of more than 10 MB while it streams in', async () => {
		const png = Buffer.alloc(12 * 1024 * 1024);
		Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(png);
		const huge = await startFileServer(png, 'image/png');
		try {
			const result = await download(codeWithImageAt(`${huge.url}/huge.png`));
			expect(result.error?.message).toBe(
				'The QR image is larger than 10 MB and was not downloaded',
			);
		} finally {
			await huge.close();
		}
	});

	it('follows http(s) redirects only: never to file:, ftp: or data:', async () => {
		const toFile = await startRedirector(() => 'file:///etc/passwd', 302);
		try {
			const redirected = await download(codeWithImageAt(`${toFile.url}/qr.png`));
			const ftp = await download(codeWithImageAt('ftp://127.0.0.1/qr.png'));

			expect(redirected.error?.message).toContain('is not an http(s) URL');
			expect(ftp.error?.message).toContain('is not an http(s) URL');
			expect(toFile.received).toHaveLength(1);
		} finally {
			await toFile.close();
		}
	});

	it('downloads a real image through an http redirect, typed by its bytes', async () => {
		const code = suite.sim.state.createQr(suite.credentials.teamId!, {
			qrType: 'WEB',
			qrRedirectUrl: 'https://example.com/real',
		});
		const realImage = code.qrImageUrl;
		const hop = await startRedirector(() => realImage, 302);
		try {
			suite.sim.state.qrs.get(code.id)!.qrImageUrl = `${hop.url}/qr.png`;
			const result = await download(code.id);

			expect(result.error).toBeUndefined();
			expect(result.items[0].binary?.data).toMatchObject({
				mimeType: 'image/png',
				fileName: `${code.displayId}.png`,
			});
		} finally {
			await hop.close();
		}
	});
});
