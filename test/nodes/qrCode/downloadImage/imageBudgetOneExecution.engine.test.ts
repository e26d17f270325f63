/**
 * Download Image's process-wide byte budget (64 MB) when many items of ONE execution download at once: no item
 * holds part of the budget while it waits for more (a body longer than it declared, compressed anyway, is fetched
 * again with the whole 10 MB reserved first), and a wait that fails says when this execution's own items held the
 * room instead of blaming other downloads.
 */
import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';

import { startServer } from '../../../support/httpFixtures';
import { runNode, type HarnessCredentials } from '../../../support/n8nHarness';
import { useSimulator } from '../../../support/simulatorSuite';

const suite = useSimulator();

const MB = 1024 * 1024;
const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function codeWithImageAt(url: string): string {
	const code = suite.sim.state.createQr(suite.credentials.teamId!, {
		qrType: 'WEB',
		qrRedirectUrl: 'https://example.com/img',
	});
	suite.sim.state.qrs.get(code.id)!.qrImageUrl = url;
	return code.id;
}

async function downloadEach(ids: string[], timeoutSeconds: number) {
	const run = await runNode({
		nodeType: 'qrtrac',
		credentials: { ...suite.credentials, timeoutSeconds } as HarnessCredentials,
		items: ids.map((id) => ({ id })),
		continueOnFail: true,
		parameters: {
			resource: 'qrCode',
			operation: 'downloadImage',
			qrCodeId: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
			binaryPropertyName: 'data',
		},
	});
	expect(run.error?.message).toBeUndefined();
	return run.items.map((item) => (item.json.error as string | undefined) ?? 'ok');
}

it('downloads twelve compressed 9 MB images of one execution: none waits for more room while holding some', async () => {
	// ~5 MB on the wire (Content-Length), ~9 MB unpacked by n8n: twelve declared sizes fit the budget at once,
	// and each body then runs past its own.
	const png = Buffer.concat([SIGNATURE, randomBytes(5 * MB), Buffer.alloc(4 * MB)]);
	const packed = gzipSync(png);
	const firstBodies: ServerResponse[] = [];
	const host = await startServer((request, res) => {
		res.writeHead(200, {
			'Content-Type': 'image/png',
			'Content-Encoding': 'gzip',
			'Content-Length': String(packed.length),
		});
		res.flushHeaders();
		if (firstBodies.length === 12) return void res.end(packed);
		// every item's first body follows once all twelve have their headers (their declared size reserved)
		firstBodies.push(res);
		if (firstBodies.length === 12)
			setTimeout(() => firstBodies.forEach((held) => held.end(packed)), 300);
	});
	try {
		const ids = Array.from({ length: 12 }, (_, n) => codeWithImageAt(`${host.url}/${n}.png`));
		// Before: 3 or 4 items failed with "other image downloads … held 64 MB …", whatever the timeout: each
		// held room while waiting for more. The long timeout leaves a loaded machine time to unpack the bodies.
		expect(await downloadEach(ids, 30)).toEqual(Array(12).fill('ok'));
	} finally {
		await host.close();
	}
}, 120_000);

it("names what of the 64 MB this execution's other items held, and the room the waiting one asked for", async () => {
	const size = 9.5 * MB;
	const stalled: ServerResponse[] = [];
	const seen = new Set<string>();
	let waiter: ServerResponse | undefined;
	const answerWaiter = () => {
		if (!waiter || stalled.length < 6) return;
		waiter.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': String(size) });
		waiter.write(SIGNATURE);
		waiter = undefined;
	};
	const host = await startServer((request, res) => {
		if (seen.has(request.url)) {
			// a retry, after a holder's attempt timed out: a small image, so that its success does not hang on how
			// fast a loaded machine moves 9.5 MB within the timeout
			const small = Buffer.concat([SIGNATURE, Buffer.alloc(64)]);
			return void res.writeHead(200, { 'Content-Type': 'image/png' }).end(small);
		}
		seen.add(request.url);
		if (seen.size === 1) {
			// the first attempt to start: answered once six others hold 57 MB, so it waits for room
			waiter = res;
			return answerWaiter();
		}
		// headers and the first bytes only: this item holds its 9.5 MB until its attempt times out
		res.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': String(size) });
		res.write(SIGNATURE);
		stalled.push(res);
		answerWaiter();
	});
	try {
		const ids = Array.from({ length: 7 }, (_, n) => codeWithImageAt(`${host.url}/${n}.png`));
		// 3 s: time for a loaded machine to start all seven before the first one's wait ends
		const outcomes = await downloadEach(ids, 3);

		// Before: "other image downloads of this n8n process held 64 MB …" though no other execution ran, and though
		// they held 57 MB.
		expect(outcomes.filter((outcome) => outcome !== 'ok')).toEqual([
			'The QR image was not downloaded: image downloads of this n8n process held 57 of the 64 MB (57 MB of them by other downloads of this execution), and room for 9.5 MB more did not come within the Request Timeout (3 s)',
		]);
	} finally {
		for (const res of stalled) res.destroy();
		await host.close();
	}
}, 120_000);
