import QRCode from 'qrcode';

/** Width and height, in pixels, of every served QR image. */
export const QR_IMAGE_SIZE = 300;
const CACHE_LIMIT = 500;
const cache = new Map<string, Promise<Buffer>>();

/** A PNG QR code encoding `text`, dark modules in `darkColor` (#RRGGBB); renders are cached. */
export function renderQrPng(text: string, darkColor = '#000000'): Promise<Buffer> {
	const key = `${darkColor}|${text}`;
	let image = cache.get(key);
	if (!image) {
		if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
		image = QRCode.toBuffer(text, {
			type: 'png',
			width: QR_IMAGE_SIZE,
			margin: 2,
			errorCorrectionLevel: 'M',
			color: { dark: `${darkColor}ff`, light: '#ffffffff' },
		});
		cache.set(key, image);
	}
	return image;
}
