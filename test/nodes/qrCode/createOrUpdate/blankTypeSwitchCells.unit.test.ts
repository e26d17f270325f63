/**
 * A type's switch (a PDF's Allow Download, a video's Autoplay) mapped to a sheet's column: an empty cell gives no
 * value whether the sheet node hands it over as "" (Google Sheets, Excel) or leaves it out (Extract From File,
 * Airtable), as every blank field. Before, "" failed the row while a left-out cell passed.
 */
import { parseItems, VALUE } from '../../../support/parseItems';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

const BLANK_CELLS = ['', '  ', null, undefined];
const pdf = {
	mode: 'sync',
	displayId: 'd1',
	qrType: 'PDF',
	pdfUrl: 'https://example.com/menu.pdf',
	pdfAllowDownload: VALUE,
};
const PDF_BODY = { qrType: 'PDF', displayId: 'd1', pdfUrl: 'https://example.com/menu.pdf' };

it("a blank cell for a type's switch is not given, whatever blank the sheet node gives", async () => {
	const parsed = await parseItems('qrCode', 'createOrUpdate', pdf, BLANK_CELLS);

	expect(
		parsed.map((item) => item.error?.message ?? (item.input as { body: object }).body),
	).toEqual(BLANK_CELLS.map(() => PDF_BODY));
});

it('a given switch is still read, and text other than true or false still refused', async () => {
	const [off, wrong] = await parseItems('qrCode', 'createOrUpdate', pdf, ['FALSE', 'yes']);

	expect(off.input).toMatchObject({ body: { metadata: { allowDownload: false } } });
	expect(wrong.error?.message).toBe('Item 1: "Allow Download" must be true or false');
});

it('Update: a blank switch among the Update Fields is not given either', async () => {
	const [parsed] = await parseItems(
		'qrCode',
		'update',
		{ qrCodeId: 'qr_1', updateFields: { name: 'Menu', videoAutoplay: VALUE } },
		[''],
	);

	expect(parsed.error).toBeUndefined();
	expect((parsed.input as { fields: { typeFields: object } }).fields.typeFields).toEqual({});
});
