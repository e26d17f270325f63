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
