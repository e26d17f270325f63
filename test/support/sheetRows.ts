/** Rows of a spreadsheet as a sync reads them: a Display ID, a name and a link each. */
export interface SheetRow {
	displayId: string;
	name: string;
	url: string;
}

/** `count` rows whose Display IDs, names and links are numbered under `prefix`. */
export function sheet(count: number, prefix: string): SheetRow[] {
	return Array.from({ length: count }, (_, index) => ({
		displayId: `${prefix}-${index}`,
		name: `Row ${index}`,
		url: `https://example.com/${prefix}/${index}`,
	}));
}

/** Create or Update, Look Up Each Row, a WEB code per row: the Display ID, name and link from the row's item. */
export const rowByRowForm = {
	resource: 'qrCode',
	operation: 'createOrUpdate',
	mode: 'lookUpEachRow',
	displayId: '={{ $json.displayId }}',
	qrType: 'WEB',
	name: '={{ $json.name }}',
	qrRedirectUrl: '={{ $json.url }}',
};

/** Create or Update in sync mode, each row's Display ID, name and link read from the item (`url`). */
export const SHEET_ROW = { ...rowByRowForm, mode: 'sync' };
