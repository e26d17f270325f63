/**
 * Bad-input corpus on each operation's `parse` (fake context): every invalid value is refused by an error that
 * names the field (as the 1.1 form labels it) and item 1, while item 0's valid value passes. That refused input
 * sends nothing is proven through n8n's engine, one operation of each family, in badInput.engine.test.ts.
 */
import type { IDataObject } from 'n8n-workflow';

import { VALUE, parseItems } from '../../../support/parseItems';
import { BAD_INPUT_CORPUS, type BadInputCase } from './badInputCorpus';

/** Puts a team id where a case says `TEAM`. */
function withTeam<T>(value: T): T {
	return JSON.parse(JSON.stringify(value).replace(/"TEAM"/g, '"team_1"')) as T;
}

function describeValue(value: unknown): string {
	const text = JSON.stringify(value) ?? String(value);
	return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

it('the corpus has at least 60 invalid inputs over every category', () => {
	const categories = new Set(BAD_INPUT_CORPUS.map((entry) => entry.category));
	expect(BAD_INPUT_CORPUS.length).toBeGreaterThanOrEqual(60);
	expect([...categories].sort()).toEqual(
		[
			'empty or whitespace',
			'enum',
			'format',
			'huge',
			'path-like',
			'pattern',
			'range',
			'wrong type',
		].sort(),
	);
});

it.each(
	BAD_INPUT_CORPUS.map(
		(entry) =>
			[
				`${entry.operation}: ${entry.field} = ${describeValue(entry.bad)} (${entry.category})`,
				entry,
			] as const,
	),
)('%s is refused by parse, naming the field and item 1', async (_title, entry: BadInputCase) => {
	const { resource, operation, ...parameters } = withTeam(entry.parameters) as IDataObject;

	// The corpus names fields as the 1.1 form labels them (Scan Rules as one collection, Team Override Name or
	// ID, Type of a dynamic link); the rules are the same in 1.2
	const [good, bad] = await parseItems(
		String(resource),
		String(operation),
		parameters,
		[withTeam(entry.good), entry.bad],
		1.1,
	);

	expect(good.error).toBeUndefined();
	expect(bad.error?.message).toContain(`"${entry.field}"`);
	expect(bad.error?.message).toMatch(/^Item 1\b/);
	expect(bad.error?.itemIndex).toBe(1);
});

it('refuses a URL a strict service would refuse as not a URI, showing it encoded', async () => {
	const values = [
		'https://example.com/my page',
		'https://bücher.example/ü',
		'https://example.com/a b\\c',
		'https://example.com/?filter[name]=x',
		'https://example.com/#a#b',
		"https://example.com/ok?a=%20&b=it's+fine#top",
		'http://[::1]:8080/path',
		'https://user:pw@example.com/x',
	];
	const parsed = await parseItems(
		'qrCode',
		'create',
		{ qrType: 'WEB', qrRedirectUrl: VALUE },
		values,
		1.1,
	);

	expect(parsed[0].error?.message).toBe(
		'Item 0: "Redirect URL" contains a space, which a URL here may not hold: write it as https://example.com/my%20page',
	);
	expect(parsed.slice(1, 5).map((item) => item.error?.message)).toEqual([
		'Item 1: "Redirect URL" contains "ü", which a URL here may not hold: write it as https://xn--bcher-kva.example/%C3%BC',
		'Item 2: "Redirect URL" contains a space, which a URL here may not hold: write it as https://example.com/a%20b%5Cc',
		'Item 3: "Redirect URL" contains a "[" or "]" outside an IPv6 host, which a URL here may not hold: write it as https://example.com/?filter%5Bname%5D=x',
		'Item 4: "Redirect URL" contains a second "#", which a URL here may not hold: write it as https://example.com/#a%23b',
	]);
	expect(parsed.slice(5).map((item) => item.error)).toEqual([undefined, undefined, undefined]);
});

it("keeps the http(s) rule only for a type's URL inside metadata, which the contract leaves untyped", async () => {
	const [pdf] = await parseItems(
		'qrCode',
		'create',
		{ qrType: 'PDF', pdfUrl: VALUE },
		['https://cdn.example.com/Menu 2024.pdf'],
		1.1,
	);

	expect(pdf.error).toBeUndefined();
	expect(JSON.stringify(pdf.input)).toContain('"https://cdn.example.com/Menu 2024.pdf"');
});
