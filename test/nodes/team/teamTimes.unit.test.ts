/**
 * A team's times as every Team operation puts them out from 1.2, by the rule of a code's (records/simplify.ts
 * `withTimesInMs`): epoch ms whatever unit QRTRAC wrote (the contract types them only as integers), ISO twins
 * beside them, `null` for a time left out or one no unit places. Nodes saved with 1 or 1.1 keep them as sent.
 */
import type { IDataObject } from 'n8n-workflow';

import { executeOperation } from '../../../nodes/shared/executor';
import { RESOURCES, STORED_TEAM, answering, runAction } from '../../support/actionRequests';
import { fakeContext, ok, type FakeAnswer, type SentRequest } from '../../support/fakeContext';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

/** 2025-11-28T18:40:00Z. */
const SECONDS = 1_764_355_200;
const MS = SECONDS * 1000;
const ISO = '2025-11-28T18:40:00.000Z';

function service(times: IDataObject): (request: SentRequest) => FakeAnswer {
	const team = { ...STORED_TEAM, ...times };
	return answering({
		'GET /api/teams-api': ok([team]),
		'GET /api/teams-api/team_1': ok(team),
		'POST /api/teams-api': ok({ ...team, id: 'team_2', name: 'New team' }),
	});
}

const TEAM = { __rl: true, mode: 'id', value: 'team_1' };
const operations: Array<[string, IDataObject]> = [
	['get', { teamId: TEAM }],
	['getMany', { returnAll: true }],
	['create', { name: 'New team' }],
];

describe.each([
	['epoch seconds', SECONDS, MS, ISO],
	['epoch ms', MS, MS, ISO],
	['ISO text', ISO, MS, ISO],
	['a number no unit places', 5, null, null],
])('times written as %s', (_unit, time, ms, iso) => {
	it.each(operations)('%s', async (operation, parameters) => {
		const run = await runAction(
			'team',
			operation,
			parameters,
			service({ createdAt: time, updatedAt: time }),
		);

		expect(run.error).toBeUndefined();
		expect(run.output?.[0][0].json).toMatchObject({
			createdAt: ms,
			createdAtIso: iso,
			updatedAt: ms,
			updatedAtIso: iso,
		});
	});
});

it('fails naming the operation on a time written as numeric text', async () => {
	const run = await runAction(
		'team',
		'get',
		{ teamId: TEAM },
		service({ createdAt: String(SECONDS) }),
	);

	expect(run.error?.message).toBe(
		"QRTRAC's answer to Get Team (GET /teams-api/{id}) does not have the expected shape",
	);
	expect(String((run.error as { description?: string }).description)).toContain(
		'"createdAt" must be a number of epoch seconds',
	);
});

it.each([1, 1.1])(
	'a node saved with %s keeps times in epoch seconds as sent',
	async (typeVersion) => {
		const { ctx } = fakeContext({
			parameters: { resource: 'team', operation: 'get', teamId: TEAM },
			typeVersion,
			answers: service({ createdAt: SECONDS, updatedAt: SECONDS }),
		});
		const [item] = await executeOperation.call(ctx, RESOURCES.team().operations.get);

		expect(item.json).toMatchObject({ createdAt: SECONDS, updatedAt: SECONDS });
		expect(item.json).not.toHaveProperty('createdAtIso');
	},
);
