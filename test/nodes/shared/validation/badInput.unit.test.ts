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
	const [spaced, foreign, fine] = await parseItems(
		'qrCode',
		'create',
		{ qrType: 'WEB', qrRedirectUrl: VALUE },
		['https://example.com/my page', 'https://bücher.example/ü', 'https://example.com/ok?a=%20'],
		1.1,
	);

	expect(spaced.error?.message).toBe(
		'Item 0: "Redirect URL" must be a URL with only the characters a URI allows: write a space, a letter such as ü, or | { } < > " \\ ^ ` as a %XX escape, and % only in one, e.g. https://example.com/my%20page',
	);
	expect(foreign.error?.message).toMatch(
		/^Item 1: "Redirect URL" .* e\.g\. https:\/\/xn--bcher-kva\.example\/%C3%BC$/,
	);
	expect(fine.error).toBeUndefined();
});
