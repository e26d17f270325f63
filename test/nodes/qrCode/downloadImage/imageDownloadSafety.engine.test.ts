/**
 * Download Image fetches only what it should (issue 22, points 6 and 7), through n8n's engine:
 * - no address on this machine or a private network other than the Base URL's host (IP literals in any form,
 *   local names, DNS names resolving there, every redirect hop); tested with loopback addresses other than the
 *   Base URL's (127.0.0.2), never with real private addresses;
 * - the Request Timeout covers the whole exchange, a body that trickles included;
 * - image bytes held at once are bounded across downloads of the process (64 MB), not only per file.
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

import { startRedirector, startServer } from '../../../support/httpFixtures';
import { runNode, type HarnessCredentials } from '../../../support/n8nHarness';
import { useSimulator } from '../../../support/simulatorSuite';

const suite = useSimulator();

/** A server on another loopback address than the Base URL's (127.0.0.1): it counts what reaches it. */
async function startOtherLoopbackHost(): Promise<{
	url: string;
	port: number;
	hits: string[];
	close(): Promise<void>;
}> {
	const hits: string[] = [];
	const server: Server = createServer((req, res) => {
		hits.push(req.url ?? '');
		res.writeHead(200, { 'Content-Type': 'image/png' });
		res.end(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.2', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.2:${port}`,
		port,
		hits,
		close: async () => {
			server.closeAllConnections();
			await new Promise<void>((resolve) => server.close(() => resolve()));
		},
	};
}

function codeWithImageAt(url: string): string {
	const code = suite.sim.state.createQr(suite.credentials.teamId!, {
		qrType: 'WEB',
		qrRedirectUrl: 'https://example.com/img',
	});
	suite.sim.state.qrs.get(code.id)!.qrImageUrl = url;
	return code.id;
}

async function download(qrCodeId: string, credentials: HarnessCredentials = suite.credentials) {
	return await runNode({
		nodeType: 'qrtrac',
		credentials,
		parameters: {
			resource: 'qrCode',
			operation: 'downloadImage',
			qrCodeId: { __rl: true, mode: 'id', value: qrCodeId },
			binaryPropertyName: 'data',
		},
	});
}

function withTimeout(seconds: number): HarnessCredentials {
	return { ...suite.credentials, timeoutSeconds: seconds } as HarnessCredentials;
}

describe('Download Image refuses addresses on this machine or a private network', () => {
	let other: Awaited<ReturnType<typeof startOtherLoopbackHost>>;
	beforeEach(async () => {
		other = await startOtherLoopbackHost();
	});
	afterEach(async () => {
		suite.sim.setImageBaseUrl(undefined);
		await other.close();
	});

	it('refuses a qrImageUrl on another loopback host (simulator mode imageBaseUrl), saying why, and keeps the Base URL host', async () => {
		suite.sim.setImageBaseUrl(other.url);
		const code = suite.sim.state.createQr(suite.credentials.teamId!, {
			qrType: 'WEB',
			qrRedirectUrl: 'https://example.com/mode',
		});

		const result = await download(code.id);

		expect(code.qrImageUrl).toBe(`${other.url}/images/${code.id}.png`);
		expect(result.error?.message).toBe(
			`The QR image address ${other.url} was not fetched: it is a loopback address (this machine). Only the credential's Base URL host (127.0.0.1) may be on this machine or a private network.`,
		);
		expect(other.hits).toEqual([]);

		// The Base URL's own host stays allowed: the simulator's images, and another port of 127.0.0.1.
		suite.sim.setImageBaseUrl(undefined);
		const ownCode = suite.sim.state.createQr(suite.credentials.teamId!, {
			qrType: 'WEB',
			qrRedirectUrl: 'https://example.com/own',
		});
		const sameHost = await startServer((_request, res) => {
			res.writeHead(200, { 'Content-Type': 'image/png' });
			res.end(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]));
		});
		try {
			const own = await download(ownCode.id);
			const otherPort = await download(codeWithImageAt(`${sameHost.url}/qr.png`));
			expect([own.error, otherPort.error]).toEqual([undefined, undefined]);
			expect(own.items[0].binary?.data.mimeType).toBe('image/png');
			expect(sameHost.received).toHaveLength(1);
		} finally {
			await sameHost.close();
		}
	});

	it('reads every spelling of the address as URL parsing does: decimal, hex, short, IPv4-mapped IPv6', async () => {
		const spellings = [
			`http://2130706434:${other.port}/qr.png`,
			`http://0x7f.0.0.2:${other.port}/qr.png`,
			`http://127.2:${other.port}/qr.png`,
			`http://[::ffff:127.0.0.2]:${other.port}/qr.png`,
			`http://localhost:${suite.sim.url.split(':')[2]}/images/x.png`,
			`http://images.localhost:${other.port}/qr.png`,
		];
		const messages: Array<string | undefined> = [];
		for (const spelling of spellings)
			messages.push((await download(codeWithImageAt(spelling))).error?.message);

		expect(
			messages.map((message) => /was not fetched: it is (.*?)\./.exec(message ?? '')?.[1]),
		).toEqual([
			'a loopback address (this machine)',
			'a loopback address (this machine)',
			'a loopback address (this machine)',
			'a loopback address (this machine)',
			'a name only local resolvers answer',
			'a name only local resolvers answer',
		]);
		expect(other.hits).toEqual([]);
	});

	it('names a refused hop without the secrets: a host holding the API key is shown blanked', async () => {
		const apiKey = 'Sk-LIVE-Secret.Xy7Q2f9a';
		const hop = await startRedirector(() => `http://${apiKey}.localhost/qr.png`, 302);
		try {
			const result = await download(codeWithImageAt(`${hop.url}/qr.png`), {
				...suite.credentials,
				apiKey,
			} as HarnessCredentials);

			expect(result.error?.message).toContain(
				'The QR image address http://[redacted].localhost was not fetched',
			);
			expect(result.error?.message.toLowerCase()).not.toContain(apiKey.toLowerCase());
		} finally {
			await hop.close();
		}
	});

	it('checks every redirect hop: a redirect from an allowed host to another loopback host is not followed', async () => {
		const hop = await startRedirector(() => `${other.url}/secret.png`, 302);
		try {
			const result = await download(codeWithImageAt(`${hop.url}/qr.png`));

			expect(hop.received).toHaveLength(1);
			expect(result.error?.message).toContain(`The QR image address ${other.url} was not fetched`);
			expect(other.hits).toEqual([]);
		} finally {
			await hop.close();
		}
	});

	it('refuses a DNS name that n8n resolves to a loopback address (n8n egress filter, enforced)', async () => {
		// n8n-core's own copy of its network package: its resolver answers the egress filter's look-ups.
		const network = jest.requireActual<{ DnsResolver: { prototype: { lookup: unknown } } }>(
			require.resolve('@n8n/backend-network', {
				paths: [path.dirname(require.resolve('n8n-core'))],
			}),
		);
		const lookup = jest
			.spyOn(network.DnsResolver.prototype as { lookup: () => Promise<unknown> }, 'lookup')
			.mockResolvedValue([{ address: '127.0.0.2', family: 4 }]);
		try {
			const result = await download(
				codeWithImageAt(`http://images.qrtrac-test.example:${other.port}/qr.png`),
			);

			expect(result.error?.message).toContain(
				`The QR image address http://images.qrtrac-test.example:${other.port} was not fetched: it is a name that resolves to 127.0.0.2`,
			);
			expect(other.hits).toEqual([]);
		} finally {
			lookup.mockRestore();
		}
	});
});

describe('Download Image bounds the whole exchange and the bytes in flight', () => {
	it('times out a body that trickles, within the Request Timeout, on every attempt', async () => {
		const connections: Array<{ start: number; end?: number }> = [];
		const trickle = await startServer((_request, res: ServerResponse) => {
			const connection: { start: number; end?: number } = { start: Date.now() };
			connections.push(connection);
			res.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': '100000' });
			res.write(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
			let sent = 0;
			const drip = () => {
				if (res.destroyed || ++sent > 150) return;
				res.write(Buffer.from([0]));
				void new Promise((resolve) => setTimeout(resolve, 100)).then(drip);
			};
			res.on('close', () => {
				connection.end = Date.now();
			});
			drip();
		});
		try {
			const result = await download(codeWithImageAt(`${trickle.url}/slow.png`), withTimeout(1));

			expect(result.error?.message).toBe(
				'The QR image did not arrive within the Request Timeout (1 s)',
			);
			// The server sees the last close a moment after the node has given up.
			for (let wait = 0; wait < 50 && connections.some((c) => c.end === undefined); wait++)
				await new Promise((resolve) => setTimeout(resolve, 20));
			expect(connections.length).toBeGreaterThan(0);
			for (const connection of connections)
				expect((connection.end ?? Infinity) - connection.start).toBeLessThan(1_800);
		} finally {
			await trickle.close();
		}
	}, 60_000);

	it('makes a download wait for room when others hold 64 MB, and fails it clearly when none comes in time', async () => {
		const size = 9.5 * 1024 * 1024;
		const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
		const seen = new Set<string>();
		const stalled: ServerResponse[] = [];
		const files = await startServer((request, res) => {
			if (seen.has(request.url)) {
				res.writeHead(404).end();
				return;
			}
			seen.add(request.url);
			res.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': String(size) });
			if (request.url.startsWith('/stall/')) {
				// Headers and the first bytes only: the download holds its room until its timeout.
				stalled.push(res);
				res.write(signature);
				return;
			}
			const body = Buffer.alloc(size);
			signature.copy(body);
			res.end(body);
		});
		try {
			const holders = [1, 2, 3, 4, 5, 6].map(
				async (n) => await download(codeWithImageAt(`${files.url}/stall/${n}.png`), withTimeout(6)),
			);
			for (let wait = 0; wait < 1_500 && stalled.length < 6; wait++)
				await new Promise((resolve) => setTimeout(resolve, 20));
			expect(stalled).toHaveLength(6);
			await new Promise((resolve) => setTimeout(resolve, 200));

			const late = await download(codeWithImageAt(`${files.url}/fast/7.png`), withTimeout(1));
			for (const res of stalled) res.destroy();
			const held = await Promise.all(holders);

			expect(late.error?.message).toBe(
				'The QR image was not downloaded: other image downloads of this n8n process held 57 of the 64 MB, and room for 9.5 MB more did not come within the Request Timeout (1 s)',
			);
			expect(held.map((run) => run.error?.message)).toEqual(
				Array(6).fill(
					`The QR image could not be downloaded: its address (${files.url}) answered HTTP 404`,
				),
			);
			const after = await download(codeWithImageAt(`${files.url}/fast/8.png`), withTimeout(5));
			expect(after.error).toBeUndefined();
			expect(after.items[0].binary?.data.mimeType).toBe('image/png');
		} finally {
			await files.close();
		}
	}, 60_000);
});
