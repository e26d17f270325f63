import { deflateSync } from 'node:zlib';

/**
 * A minimal PNG writer for two-colour square images: palette colour type, one byte per pixel, no filtering,
 * native zlib. Enough for QR codes, and fast in any runtime (pngjs spends seconds per image inside jest's VM).
 */

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
	let c = n;
	for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
	return c >>> 0;
});

function crc32(bytes: Buffer): number {
	let crc = 0xffffffff;
	for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
	return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
	const head = Buffer.alloc(8);
	head.writeUInt32BE(data.length, 0);
	head.write(type, 4, 'ascii');
	const crc = Buffer.alloc(4);
	crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
	return Buffer.concat([head, data, crc]);
}

function rgb(hex: string): number[] {
	const value = parseInt(hex.replace('#', '').slice(0, 6), 16);
	return [(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff];
}

/**
 * `isDark(row, col)` over a `cells` x `cells` grid, drawn into a `size` x `size` image: pixel p falls in
 * cell floor(p * cells / size). Palette index 0 = light, 1 = dark.
 */
export function encodeTwoColourPng(
	cells: number,
	isDark: (row: number, col: number) => boolean,
	size: number,
	dark: string,
	light: string,
): Buffer {
	const stride = size + 1;
	const raw = Buffer.alloc(stride * size);
	const cellOf = Array.from({ length: size }, (_, pixel) => Math.floor((pixel * cells) / size));
	let previousCellRow = -1;
	for (let y = 0; y < size; y++) {
		const cellRow = cellOf[y];
		const offset = y * stride;
		if (cellRow === previousCellRow) {
			raw.copy(raw, offset, offset - stride, offset);
			continue;
		}
		previousCellRow = cellRow;
		for (let x = 0; x < size; x++) raw[offset + 1 + x] = isDark(cellRow, cellOf[x]) ? 1 : 0;
	}
	const header = Buffer.alloc(13);
	header.writeUInt32BE(size, 0);
	header.writeUInt32BE(size, 4);
	header.set([8, 3, 0, 0, 0], 8);
	return Buffer.concat([
		SIGNATURE,
		chunk('IHDR', header),
		chunk('PLTE', Buffer.from([...rgb(light), ...rgb(dark)])),
		chunk('IDAT', deflateSync(raw)),
		chunk('IEND', Buffer.alloc(0)),
	]);
}
