/** Download Image: which bytes are taken as an image (imageTypeOf), and that the SVG check stays fast on any body. */
import { imageTypeOf } from '../../../../nodes/Qrtrac/actions/qrCode/downloadImage.operation';

const svgOf = (text: string) => imageTypeOf(Buffer.from(text, 'utf8'))?.mimeType;

describe('SVG start', () => {
	it.each([
		['a bare element', '<svg xmlns="http://www.w3.org/2000/svg"></svg>'],
		['a self-closing element', '<svg/>'],
		['an element on its own line', '<svg\n  viewBox="0 0 1 1">'],
		[
			'byte order mark, XML declaration, comment, doctype',
			'\ufeff<?xml version="1.0" encoding="UTF-8"?>\n<!-- QR -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n<svg xmlns="http://www.w3.org/2000/svg">',
		],
		['comments holding markup and dashes', '<!-- <html> - -- --><!----><SVG>'],
		['leading whitespace', '  \n\t<svg>'],
	])('takes %s as image/svg+xml', (_case, text) => {
		expect(svgOf(text)).toBe('image/svg+xml');
	});

	it.each([
		['a web page holding an SVG', '<!DOCTYPE html><html><body><svg></svg></body></html>'],
		['another element named svg…', '<svgfoo>'],
		['an unclosed comment', '<!-- <svg>'],
		['an unclosed XML declaration', '<?xml version="1.0" <svg>'],
		['text before the element', 'x<svg>'],
		['an SVG element after the first 4 KB', `<!--${' '.repeat(4096)}--><svg>`],
		['empty comments and no element', '<!---->'.repeat(4) + 'x'],
	])('refuses %s', (_case, text) => {
		expect(svgOf(text)).toBeUndefined();
	});

	it('answers a hostile 4 KB body of empty comments in well under 50 ms (no backtracking blow-up)', () => {
		const hostile = Buffer.from('<!---->'.repeat(585) + 'x', 'utf8');
		const started = performance.now();
		const type = imageTypeOf(hostile);
		const elapsedMs = performance.now() - started;

		expect(type).toBeUndefined();
		expect(elapsedMs).toBeLessThan(50);
	});

	it('still tells the binary formats by their first bytes', () => {
		expect(
			imageTypeOf(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0])),
		).toMatchObject({
			mimeType: 'image/png',
			extension: 'png',
		});
		expect(imageTypeOf(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))?.mimeType).toBe('image/jpeg');
	});
});
