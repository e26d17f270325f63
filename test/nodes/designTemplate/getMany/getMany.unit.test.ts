/** Design Template > Get Many: the exact requests the node builds for a typical input (fake context, no sockets). */
import type { IDataObject, NodeApiError } from 'n8n-workflow';

import { TEAM_HEADERS, answering, described, runAction } from '../../../support/actionRequests';
import { ok } from '../../../support/fakeContext';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

it("gets the team's templates", async () => {
	const run = await runAction('designTemplate', 'getMany', { returnAll: true });

	expect(run.error).toBeUndefined();
	expect(run.sent.map(described)).toEqual([
		{ method: 'GET', path: '/api/qr-templates-api', headers: TEAM_HEADERS },
	]);
});

it("fails rather than list another team's templates as the team's (a record naming its teamId)", async () => {
	const run = await runAction(
		'designTemplate',
		'getMany',
		{ returnAll: true },
		answering({
			'GET /api/qr-templates-api': ok([
				{ id: 'tpl_1', teamId: 'team_1', name: 'Ours' },
				{ id: 'tpl_9', teamId: 'team_9', name: 'Theirs' },
			]),
		}),
	);

	expect(run.output).toBeUndefined();
	expect(run.error?.message).toBe(
		`QRTRAC's answer to Get Design Templates (GET /qr-templates-api) does not have the expected shape`,
	);
	expect((run.error as NodeApiError).description).toContain('"teamId" is "team_9", another team');
});

it('lists templates that name no team, or the team asked', async () => {
	const run = await runAction(
		'designTemplate',
		'getMany',
		{ returnAll: true },
		answering({
			'GET /api/qr-templates-api': ok([{ id: 'tpl_1', teamId: 'team_1' }, { id: 'tpl_2' }]),
		}),
	);

	expect(run.error).toBeUndefined();
	expect(run.output?.[0].map((item) => item.json.id)).toEqual(['tpl_1', 'tpl_2']);
});

// the contract requires no field of a Template and types `id` only as text
it.each([
	[
		'without an `id`',
		[
			{ id: 'tpl_1', name: 'Ours' },
			{ name: 'Built-in', previewUrl: 'https://example.com/p.png' },
		],
	],
	[
		'whose id is ""',
		[
			{ id: 'tpl_1', name: 'Ours' },
			{ id: '', name: 'Built-in' },
		],
	],
])('lists a template %s as QRTRAC gives it', async (_case, templates) => {
	const run = await runAction(
		'designTemplate',
		'getMany',
		{ returnAll: true },
		answering({ 'GET /api/qr-templates-api': ok(templates) }),
	);

	expect(run.error).toBeUndefined();
	expect(run.output?.[0].map((item) => item.json)).toEqual(templates);
});

/** Get Many of all templates, answered two templates and `extra` beside them. */
async function twoTemplatesWith(extra: IDataObject) {
	return await runAction(
		'designTemplate',
		'getMany',
		{ returnAll: true },
		answering({
			'GET /api/qr-templates-api': {
				status: 200,
				body: { success: true, data: [{ id: 'tpl_1' }, { id: 'tpl_2' }], ...extra },
			},
		}),
	);
}

describe('an answer announcing more templates than it holds', () => {
	it.each([
		['a total', { totalCount: 25 }],
		['a total in "meta"', { meta: { total: 25 } }],
		['more to come', { hasMore: true }],
		['a next page', { pagination: { nextPage: 2 } }],
	])('(%s) fails rather than list a part as all (before: the part)', async (_case, extra) => {
		const run = await twoTemplatesWith(extra);

		expect(run.output).toBeUndefined();
		expect(run.error?.message).toBe(
			"QRTRAC's answer to Get Design Templates (GET /qr-templates-api) does not have the expected shape",
		);
		expect((run.error as NodeApiError).description).toMatch(
			/Expected the team's whole list of templates \(it holds 2 and announces more: .+\)/,
		);
	});

	it.each([
		['a total as large as the list', { totalCount: 2 }],
		['no more to come', { hasMore: false, nextPage: null }],
	])('(%s) is the list', async (_case, extra) => {
		const run = await twoTemplatesWith(extra);

		expect(run.error).toBeUndefined();
		expect(run.output?.[0]).toHaveLength(2);
	});
});
