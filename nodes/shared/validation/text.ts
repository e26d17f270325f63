/**
 * A number given for a text field is its text: a spreadsheet's postal code or phone number, an expression giving
 * 2026. Only a number whose text a sheet shows (a whole number, or at most the 15 digits a sheet keeps): NaN (an
 * empty cell through parseInt), Infinity, 1e+21 or 0.30000000000000004 stay numbers, as anything else does, for
 * the text schema to refuse (a boolean is no text).
 */
export function asText(value: unknown): unknown {
	if (typeof value !== 'number' || !Number.isFinite(value)) return value;
	const text = String(value);
	if (/e/i.test(text)) return value;
	return Number.isSafeInteger(value) || Number(value.toPrecision(15)) === value ? text : value;
}
