import QRCode from 'qrcode';
import { encodeTwoColourPng } from './png';

/** Width and height, in pixels, of every served QR image. */
export const QR_IMAGE_SIZE = 300;
/** Quiet zone around the code, in modules. */
export const QR_IMAGE_MARGIN = 2;
const CACHE_LIMIT = 500;
const cache = new Map<string, Buffer>();

/**
 * A PNG QR code (error correction M) encoding `text`, dark modules in `darkColor` (#RRGGBB) on white, with a
 * quiet zone of QR_IMAGE_MARGIN modules; renders are cached.
 */
export function renderQrPng(text: string, darkColor = '#000000'): Buffer {
	const key = `${darkColor}|${text}`;
	let image = cache.get(key);
	if (!image) {
		const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
		const cells = modules.size + 2 * QR_IMAGE_MARGIN;
		const isDark = (row: number, col: number) => {
			const r = row - QR_IMAGE_MARGIN;
			const c = col - QR_IMAGE_MARGIN;
			return r >= 0 && c >= 0 && r < modules.size && c < modules.size && !!modules.get(r, c);
		};
		image = encodeTwoColourPng(cells, isDark, QR_IMAGE_SIZE, darkColor, '#ffffff');
		if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
		cache.set(key, image);
	}
	return image;
}
