/**
 * QR Code > Download Image through n8n's engine against the simulator.
 */
import { gzipSync } from 'node:zlib';

import { renderQrPng } from '../../../../simulator/qrImage';
import { validateRequest } from '../../../support/contract';
import { startServer } from '../../../support/httpFixtures';
import { runNode } from '../../../support/n8nHarness';
import { useSimulator } from '../../../support/simulatorSuite';

const suite = useSimulator();

async function run(
	operation: string,
	parameters: Record<string, unknown>,
	items?: Array<Record<string, unknown>>,
) {
	return await runNode({
		nodeType: 'qrtrac',
		credentials: suite.credentials,
		parameters: { resource: 'qrCode', operation, ...parameters },
		items,
	});
}

const byId = (id: string) => ({ __rl: true, mode: 'id', value: id });

describe('Download Image', () => {
	it("puts the code's PNG into the binary field, named after its Display ID, showing its short URL", async () => {
		const code = suite.sim.state.createQr(suite.credentials.teamId!, {
			qrType: 'WEB',
			qrRedirectUrl: 'https://example.com/img',
			displayId: 'img-code',
		});

		const result = await run('downloadImage', {
			qrCodeId: byId(code.id),
			binaryPropertyName: 'qrImage',
		});

		expect(result.error).toBeUndefined();
		const binary = result.items[0].binary?.qrImage;
		expect(binary).toMatchObject({
			mimeType: 'image/png',
			fileName: 'img-code.png',
			fileExtension: 'png',
		});
		const png = Buffer.from(binary!.data, 'base64');
		expect(
			png.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
		).toBe(true);
		expect(png.equals(await renderQrPng(`${code.baseUrl}${code.displayId}`))).toBe(true);
		expect(result.items[0].json).toMatchObject({ id: code.id, displayId: 'img-code' });
		const imageRequest = suite.sim.requestLog.find((entry) => entry.rawPath.startsWith('/images/'));
		expect(imageRequest?.headers['x-request-client-secret']).toBeUndefined();
		expect(imageRequest?.headers['x-request-client-id']).toBeUndefined();
		for (const entry of suite.sim.requestLog.filter((logged) =>
			logged.rawPath.startsWith('/api/'),
		)) {
			expect(validateRequest(entry)).toEqual([]);
		}
	});

	it('takes an SVG image (the contract names no image format) as image/svg+xml; a web page is still refused', async () => {
		const svg =
			'\ufeff<?xml version="1.0" encoding="UTF-8"?>\n<!-- QR -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 21 21"><path d="M0 0h7v7H0z"/></svg>';
		let page = svg;
		const imageHost = await startServer((_request, res) => {
			res.writeHead(200, { 'Content-Type': 'image/svg+xml' });
			res.end(page);
		});
		try {
			const code = suite.sim.state.createQr(suite.credentials.teamId!, {
				qrType: 'WEB',
				qrRedirectUrl: 'https://example.com/svg',
				displayId: 'svg-code',
			});
			suite.sim.state.qrs.get(code.id)!.qrImageUrl = `${imageHost.url}/qr/${code.id}.svg`;

			const result = await run('downloadImage', {
				qrCodeId: byId(code.id),
				binaryPropertyName: 'data',
			});

			expect(result.error).toBeUndefined();
			const binary = result.items[0].binary?.data;
			expect(binary).toMatchObject({
				mimeType: 'image/svg+xml',
				fileName: 'svg-code.svg',
				fileExtension: 'svg',
			});
			expect(Buffer.from(binary!.data, 'base64').toString('utf8')).toBe(svg);

			page = '<!DOCTYPE html><html><body><svg></svg></body></html>';
			const html = await run('downloadImage', {
				qrCodeId: byId(code.id),
				binaryPropertyName: 'data',
			});
			expect(html.error?.message).toBe(
				"Item 0: the code's image address did not answer with an image",
			);
		} finally {
			await imageHost.close();
		}
	});

	it("an image address that refuses is named as such, never blamed on the code's ID or the credential", async () => {
		// On the Base URL's host (another port), so that the download is allowed and the refusal is the host's.
		let status = 404;
		const imageHost = await startServer((_request, res) => {
			res.writeHead(status, { 'Content-Type': 'text/plain' });
			res.end('no');
		});
		try {
			const code = suite.sim.state.createQr(suite.credentials.teamId!, {
				qrType: 'WEB',
				qrRedirectUrl: 'https://example.com/refused',
			});
			suite.sim.state.qrs.get(code.id)!.qrImageUrl = `${imageHost.url}/qr/${code.id}.png`;
			for (status of [404, 401, 403]) {
				const result = await run('downloadImage', {
					qrCodeId: byId(code.id),
					binaryPropertyName: 'data',
				});
				expect(result.error?.message).toBe(
					`The QR image could not be downloaded: its address (${imageHost.url}) answered HTTP ${status}`,
				);
				const description = String(result.error?.description);
				expect(description).toContain('without the QRTRAC credential');
				expect(description).toContain('qrImageUrl');
				expect(description).not.toMatch(/Client Secret|Check the ID|role may not/);
			}
			// An address nothing answers on: not "QRTRAC could not be reached" (QRTRAC answered the read).
			const closed = await startServer(() => undefined);
			await closed.close();
			suite.sim.state.qrs.get(code.id)!.qrImageUrl = `${closed.url}/qr.png`;
			const result = await run('downloadImage', {
				qrCodeId: byId(code.id),
				binaryPropertyName: 'data',
			});
			expect(result.error?.message).toBe(
				`The QR image could not be downloaded: its address (${closed.url}) could not be reached (the connection was dropped before an answer came)`,
			);
			expect(String(result.error?.description)).toContain('without the QRTRAC credential');
		} finally {
			await imageHost.close();
		}
	});
	it('takes an image sent compressed (Content-Encoding gzip, Content-Length of the compressed bytes) whole', async () => {
		// Image hosts and CDNs often compress SVG; n8n unpacks the body, so it is longer than its Content-Length.
		const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 21 21">${'<path d="M0 0h7v7H0z"/>'.repeat(200)}</svg>`;
		const packed = gzipSync(svg);
		let body = packed;
		const imageHost = await startServer((_request, res) => {
			res.writeHead(200, {
				'Content-Type': 'image/svg+xml',
				'Content-Encoding': 'gzip',
				'Content-Length': String(body.length),
			});
			res.end(body);
		});
		try {
			const code = suite.sim.state.createQr(suite.credentials.teamId!, {
				qrType: 'WEB',
				qrRedirectUrl: 'https://example.com/gzip',
				displayId: 'gzip-code',
			});
			suite.sim.state.qrs.get(code.id)!.qrImageUrl = `${imageHost.url}/qr/${code.id}.svg`;

			const result = await run('downloadImage', {
				qrCodeId: byId(code.id),
				binaryPropertyName: 'data',
			});

			expect(packed.length).toBeLessThan(svg.length);
			// asked for as stored; this host compresses all the same
			expect(imageHost.received[0].headers['accept-encoding']).toBe('identity');
			expect(result.error?.message).toBeUndefined();
			const binary = result.items[0].binary?.data;
			expect(binary).toMatchObject({ mimeType: 'image/svg+xml', fileName: 'gzip-code.svg' });
			expect(Buffer.from(binary!.data, 'base64').toString('utf8')).toBe(svg);

			// a small compressed body that unpacks past the 10 MB cap is still refused
			body = gzipSync(Buffer.alloc(11 * 1024 * 1024));
			const bomb = await run('downloadImage', {
				qrCodeId: byId(code.id),
				binaryPropertyName: 'data',
			});
			expect(body.length).toBeLessThan(100_000);
			expect(bomb.error?.message).toBe('The QR image is larger than 10 MB and was not downloaded');
		} finally {
			await imageHost.close();
		}
	});
});
