/** QR Code > Get Many: the exact requests the node builds for a typical input (fake context, no sockets). */
import type { INodeProperties } from 'n8n-workflow';

import { description } from '../../../../nodes/Qrtrac/actions/qrCode/getMany.operation';
import { TEAM_HEADERS, described, runAction } from '../../../support/actionRequests';
import { parseItems, VALUE, type Refusal } from '../../../support/parseItems';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

it('asks for the first page at the default page size (100), newest changes first', async () => {
	const run = await runAction('qrCode', 'getMany', { returnAll: false, limit: 50 });

	expect(run.error).toBeUndefined();
	expect(run.sent.map(described)).toEqual([
		{
			method: 'GET',
			path: '/api/qrs-api/v2/teams/',
			qs: { sortBy: 'updatedAt', sortOrder: 'desc', limit: 100, page: 1 },
			headers: TEAM_HEADERS,
		},
	]);
});

it("takes a Limit and a Page Size given as text (a sheet's cell, an expression's string) as their numbers", async () => {
	const run = await runAction('qrCode', 'getMany', {
		returnAll: false,
		limit: '3',
		options: { pageSize: ' 2 ' },
	});

	expect(run.error).toBeUndefined();
	expect(run.sent.map(described)[0]).toMatchObject({
		qs: { sortBy: 'updatedAt', sortOrder: 'desc', limit: 2, page: 1 },
	});
});

describe('parse refuses bad input, naming the field and the item', () => {
	const refusals: Refusal[] = [
		{
			rule: 'sort order one of its options, the case counting',
			parameters: { options: { sortOrder: VALUE } },
			good: 'desc',
			bad: 'DESC',
			message:
				'Item 1: "Sort Order" must be one of "asc", "desc", not "DESC" (the case counts: "desc")',
		},
		{
			rule: 'sort by one of its options',
			parameters: { options: { sortBy: VALUE } },
			good: 'name',
			bad: 'title',
			message: 'Item 1: "Sort By" must be one of "createdAt", "updatedAt", "name", not "title"',
		},
		{
			rule: 'limit >= 1',
			parameters: { limit: VALUE },
			good: 5,
			bad: 0,
			message: 'Item 1: "Limit" must be at least 1',
		},
		{
			rule: 'page size at most 100',
			parameters: { options: { pageSize: VALUE } },
			good: 100,
			bad: 101,
			message: 'Item 1: "Page Size" must be at most 100',
		},
		{
			rule: 'page size at least 1',
			parameters: { options: { pageSize: VALUE } },
			good: 1,
			bad: 0,
			message: 'Item 1: "Page Size" must be at least 1',
		},
	];

	it.each(refusals.map((refusal) => [refusal.rule, refusal] as const))(
		'%s',
		async (_rule, refusal) => {
			const [good, bad] = await parseItems('qrCode', 'getMany', refusal.parameters, [
				refusal.good,
				refusal.bad,
			]);

			expect(good.error).toBeUndefined();
			expect(bad.error).toMatchObject({
				name: 'NodeOperationError',
				message: refusal.message,
				itemIndex: 1,
			});
		},
	);
});

/**
 * The contract says only that search "matches name or displayId": the Search field's text says what it keeps as a
 * sentence, and leaves how it matches to QRTRAC without promising a case rule.
 */
it("the Search filter's description is a sentence saying what it keeps, promising no case rule", () => {
	const filters = description.find((property) => property.name === 'filters');
	const search = (filters?.options as INodeProperties[] | undefined)?.find(
		(option) => option.name === 'search',
	);
	expect(search?.description).toMatch(
		/^Keep only the codes whose name or Display ID matches this text\. [A-Z][^]*\.$/,
	);
	expect(search?.description).not.toMatch(/case-sensitive|case-insensitive/);
});
