import { inflateSync } from 'node:zlib';
import QRCode from 'qrcode';
import { request } from 'undici';
import { QR_IMAGE_MARGIN, QR_IMAGE_SIZE, startSimulator, type Simulator } from '..';
import { contractClient, type Call } from './contractClient';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

interface DecodedPng {
	width: number;
	height: number;
	/** Colour of a pixel as #rrggbb. */
	colourAt(x: number, y: number): string;
}

/** Reads a palette PNG (8-bit indices, unfiltered rows): checks signature, chunk CRCs, IHDR first and IEND last. */
function decodePng(png: Buffer): DecodedPng {
	expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
	const chunks: Array<{ type: string; data: Buffer }> = [];
	for (let offset = 8; offset < png.length;) {
		const length = png.readUInt32BE(offset);
		const type = png.subarray(offset + 4, offset + 8).toString('ascii');
		const data = png.subarray(offset + 8, offset + 8 + length);
		expect(png.readUInt32BE(offset + 8 + length)).toBe(
			crc32(png.subarray(offset + 4, offset + 8 + length)),
		);
		chunks.push({ type, data });
		offset += 12 + length;
	}
	expect(chunks[0].type).toBe('IHDR');
	expect(chunks.at(-1)?.type).toBe('IEND');
	const header = chunks[0].data;
	const width = header.readUInt32BE(0);
	const height = header.readUInt32BE(4);
	expect([...header.subarray(8)]).toEqual([8, 3, 0, 0, 0]);
	const palette = chunks.find((chunk) => chunk.type === 'PLTE')?.data as Buffer;
	const raw = inflateSync(
		Buffer.concat(chunks.filter((chunk) => chunk.type === 'IDAT').map((chunk) => chunk.data)),
	);
	expect(raw.length).toBe((width + 1) * height);
	for (let y = 0; y < height; y++) expect(raw[y * (width + 1)]).toBe(0);
	return {
		width,
		height,
		colourAt(x, y) {
			const index = raw[y * (width + 1) + 1 + x];
			return `#${palette.subarray(index * 3, index * 3 + 3).toString('hex')}`;
		},
	};
}

function crc32(bytes: Buffer): number {
	let crc = ~0;
	for (const byte of bytes) {
		crc ^= byte;
		for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
	}
	return ~crc >>> 0;
}

/** Modules whose centre pixel differs from the QR code of `text` (error correction M, quiet zone of 2 modules). */
function qrMismatches(image: DecodedPng, text: string, dark: string): number {
	const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
	const cells = modules.size + 2 * QR_IMAGE_MARGIN;
	const centre = (cell: number) =>
		Math.floor(((cell + QR_IMAGE_MARGIN + 0.5) * image.width) / cells);
	let mismatches = 0;
	for (let row = 0; row < modules.size; row++) {
		for (let col = 0; col < modules.size; col++) {
			const expected = modules.get(row, col) ? dark : '#ffffff';
			if (image.colourAt(centre(col), centre(row)) !== expected) mismatches += 1;
		}
	}
	return image.colourAt(0, 0) === '#ffffff' ? mismatches : mismatches + 1;
}

async function fetchImage(
	url: string,
): Promise<{ status: number; type?: string; length?: string; png: Buffer }> {
	const reply = await request(url);
	const png = Buffer.from(await reply.body.arrayBuffer());
	return {
		status: reply.statusCode,
		type: reply.headers['content-type'] as string,
		length: reply.headers['content-length'] as string,
		png,
	};
}

/** qrImageUrl serves a real PNG QR code of the short URL, publicly. */
describe('QR images', () => {
	let sim: Simulator;
	let call: Call;

	beforeAll(async () => {
		sim = await startSimulator();
		call = contractClient(sim);
	});
	afterAll(() => sim.close());

	test('the image of a new code is a 300x300 PNG of its short URL, served without credentials', async () => {
		const created = await call('POST', '/api/qrs-api', {
			body: {
				qrType: 'WEB',
				qrRedirectUrl: 'https://example.com',
				displayId: 'img-check',
				baseUrl: 'https://go.acme.example/',
			},
		});
		const image = await fetchImage(created.body.data.qrImageUrl);
		expect(image.status).toBe(200);
		expect(image.type).toBe('image/png');
		expect(Number(image.length)).toBe(image.png.length);
		const decoded = decodePng(image.png);
		expect({ width: decoded.width, height: decoded.height }).toEqual({
			width: QR_IMAGE_SIZE,
			height: QR_IMAGE_SIZE,
		});
		expect(qrMismatches(decoded, 'https://go.acme.example/img-check', '#000000')).toBe(0);
		expect(qrMismatches(decoded, 'https://go.acme.example/img-checK', '#000000')).toBeGreaterThan(
			0,
		);
		expect(sim.requestLog.at(-1)?.headers['x-request-client-id']).toBeUndefined();
	});

	test('changing the displayId changes the image and its hash', async () => {
		const created = await call('POST', '/api/qrs-api', {
			body: { qrType: 'WEB', qrRedirectUrl: 'https://example.com' },
		});
		const before = await fetchImage(created.body.data.qrImageUrl);
		const updated = await call('PUT', `/api/qrs-api/${created.body.data.id}`, {
			body: { qrType: 'WEB', qrRedirectUrl: 'https://example.com', displayId: 'img-renamed' },
		});
		expect(updated.body.data.qrImageHash).not.toBe(created.body.data.qrImageHash);
		const after = await fetchImage(updated.body.data.qrImageUrl);
		expect(after.png.equals(before.png)).toBe(false);
		expect(
			qrMismatches(decodePng(after.png), 'https://qr.acme.example/img-renamed', '#000000'),
		).toBe(0);
	});

	test('a v1 code is drawn in its pattern colour', async () => {
		const created = await call('POST', '/v1/qr/create', {
			credentials: null,
			headers: { authorization: `Bearer ${sim.credentials.apiKey}` },
			body: { destination_url: 'https://example.com', design: { pattern_color: '#0A66C2' } },
		});
		const image = await fetchImage(created.body.data.qrImageUrl);
		expect(qrMismatches(decodePng(image.png), created.body.data.shortUrl, '#0a66c2')).toBe(0);
	});

	test('a bad pattern colour is 400', async () => {
		const reply = await call('POST', '/v1/qr/create', {
			credentials: null,
			headers: { authorization: `Bearer ${sim.credentials.apiKey}` },
			body: { destination_url: 'https://example.com', design: { pattern_color: 'blue' } },
		});
		expect(reply.status).toBe(400);
		expect(reply.body.message).toMatch(/pattern_color/);
	});

	test('template previews are PNGs too; unknown images are 404', async () => {
		const templates = await call('GET', '/api/qr-templates-api');
		const preview = await fetchImage(templates.body.data[0].previewUrl);
		expect(preview.status).toBe(200);
		expect(decodePng(preview.png).width).toBe(QR_IMAGE_SIZE);
		expect((await fetchImage(`${sim.url}/images/qr_missing.png`)).status).toBe(404);
	});
});
