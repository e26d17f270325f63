/** The fake context holds the node's parameters as n8n stores them: as the caller wrote them (parseItems, its
 * `VALUE` the expression, whatever each item gives), or, without that, when they differ per item, every field's
 * stored shape (a picker's `__rl` and mode, a collection's fields, a list's rows) kept at any depth, an expression
 * only where the items' values differ, so that a rule reading the stored field sees what n8n gives it. */
import type { IDataObject } from 'n8n-workflow';

import { fakeContext } from './fakeContext';
import { parseItems, VALUE } from './parseItems';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

const PER_ITEM = '={{ per item }}';
const locator = (value: unknown) => ({ __rl: true, mode: 'id', value });

it('keeps the shape of parameters differing per item at any depth, an expression at the leaves that differ', () => {
	const teams = ['team_2', 'team_3'];
	const { ctx } = fakeContext({
		items: [{}, {}],
		parameters: (itemIndex) => ({
			resource: 'analytics',
			name: `Launch ${itemIndex}`,
			options: { teamOverride: locator(teams[itemIndex]), limit: 5 },
			pickedQrCodes: {
				code: [{ qrCodeId: locator('qr_1') }, { qrCodeId: locator(`qr_${itemIndex}`) }],
			},
			tags: itemIndex === 0 ? ['a'] : ['a', 'b'],
		}),
	});
	expect(ctx.getNode().parameters).toEqual({
		resource: 'analytics',
		name: PER_ITEM,
		options: { teamOverride: locator(PER_ITEM), limit: 5 },
		pickedQrCodes: { code: [{ qrCodeId: locator('qr_1') }, { qrCodeId: locator(PER_ITEM) }] },
		tags: PER_ITEM,
	} satisfies IDataObject);
});

it('a Team (Override) picker whose value differs per item is read as that team, as n8n reads it', async () => {
	const parsed = await parseItems(
		'qrCode',
		'create',
		{
			qrType: 'WEB',
			name: 'Launch',
			qrRedirectUrl: 'https://example.com',
			options: { teamOverride: { __rl: true, mode: 'id', value: VALUE } },
		},
		['team_2', 'team_3'],
	);
	expect(parsed.map((item) => item.error?.message)).toEqual([undefined, undefined]);
});

it('a picker at the top level (QR Code of Get) whose value differs per item is read per item', async () => {
	const parsed = await parseItems(
		'qrCode',
		'get',
		{ qrCodeId: { __rl: true, mode: 'id', value: VALUE } },
		['qr_2', 'qr_3'],
	);
	expect(parsed.map((item) => item.error?.message)).toEqual([undefined, undefined]);
});

/**
 * n8n stores an expression where the workflow wrote one, whatever each item's value: a Team (Override) expression
 * giving every item no team (one item, or all alike) fails each item there (teamOverride.engine.test.ts), so here.
 */
it.each([
	['one item', ['']],
	['two items, both empty', ['', '']],
])('a Team (Override) expression that gives no team fails the item (%s)', async (_, values) => {
	const parsed = await parseItems(
		'qrCode',
		'create',
		{
			qrType: 'WEB',
			name: 'Launch',
			qrRedirectUrl: 'https://example.com',
			options: { teamOverride: locator(VALUE) },
		},
		values,
	);
	expect(parsed.map((item) => item.error?.message)).toEqual(
		values.map(
			(_value, index) =>
				`Item ${index}: "Team (Override)" is an expression that gave no team for this item`,
		),
	);
});
