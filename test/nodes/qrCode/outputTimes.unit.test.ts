/**
 * A code's times as every QR Code operation puts them out from 1.2: epoch milliseconds, as the README promises,
 * whatever unit QRTRAC wrote them in (the contract types them only as integers), with ISO twins that match; nodes
 * saved with 1 or 1.1 keep them as QRTRAC sent them. Fake context: one scripted answer per operation.
 */
import type { IDataObject } from 'n8n-workflow';

import { executeOperation } from '../../../nodes/shared/executor';
import { RESOURCES, STORED_CODE, answering, runAction } from '../../support/actionRequests';
import { fakeContext, ok, type FakeAnswer, type SentRequest } from '../../support/fakeContext';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

/** 2025-11-28T18:40:00Z. */
const SECONDS = 1_764_355_200;
const MS = SECONDS * 1000;
const ISO = '2025-11-28T18:40:00.000Z';
const SINCE = MS - 60_000;

/** The service answering every read and write of the code with `times`. */
function service(times: IDataObject): (request: SentRequest) => FakeAnswer {
	const code = { ...STORED_CODE, ...times };
	return answering({
		'GET /api/qrs-api/teams/qr_1': ok(code),
		'GET /api/qrs-api/v2/teams/': ok({ qrs: [code], totalCount: 1 }),
		'POST /api/qrs-api': ok({
			...code,
			id: 'qr_2',
			displayId: 'launch',
			name: 'Launch',
			qrRedirectUrl: 'https://example.com',
		}),
		'PUT /api/qrs-api/qr_1': ok({ ...code, name: 'Renamed' }),
		[`GET /api/qrs-api/teams/fromTime/${SINCE}`]: ok([code]),
	});
}

const operations: Array<[string, IDataObject]> = [
	['get', { qrCodeId: 'qr_1' }],
	['getMany', { returnAll: true }],
	[
		'create',
		{ qrType: 'WEB', name: 'Launch', qrRedirectUrl: 'https://example.com', displayId: 'launch' },
	],
	['update', { qrCodeId: 'qr_1', updateFields: { name: 'Renamed' } }],
	['getUpdatedSince', { since: SINCE, scope: 'team' }],
];

const cases = operations.flatMap(([operation, parameters]) =>
	[true, false].map((simplify) => [operation, simplify, parameters] as const),
);

describe.each([
	['epoch seconds', SECONDS],
	['epoch ms', MS],
	['ISO text', ISO],
])('times written as %s', (_unit, time) => {
	it.each(cases)(
		'%s (Simplify %s) gives epoch ms and a matching twin',
		async (operation, simplify, parameters) => {
			const run = await runAction(
				'qrCode',
				operation,
				{ ...parameters, simplify },
				service({ createdAt: time, updatedAt: time }),
			);

			expect(run.error).toBeUndefined();
			expect(run.output?.[0][0].json).toMatchObject({
				createdAt: MS,
				createdAtIso: ISO,
				updatedAt: MS,
				updatedAtIso: ISO,
			});
		},
	);
});

it.each(cases)(
	'%s (Simplify %s) fails naming the operation on a time written as numeric text',
	async (operation, simplify, parameters) => {
		const run = await runAction(
			'qrCode',
			operation,
			{ ...parameters, simplify },
			service({ createdAt: String(SECONDS), updatedAt: String(SECONDS) }),
		);

		expect(run.output).toBeUndefined();
		expect(run.error?.message).toMatch(/^QRTRAC's answer to .+ does not have the expected shape/);
		const description = String((run.error as { description?: string }).description);
		expect(description).toMatch(/"(qrs\.0\.|0\.)?createdAt" must be a number of epoch seconds/);
		expect(description).toContain(`"createdAt":"${SECONDS}"`);
	},
);

it.each([
	['epoch seconds', SECONDS],
	['ISO text', ISO],
])('Download Image gives a time written as %s in epoch ms', async (_unit, time) => {
	const run = await runAction(
		'qrCode',
		'downloadImage',
		{ qrCodeId: 'qr_1', binaryPropertyName: 'data' },
		service({ createdAt: time, updatedAt: time }),
	);

	expect(run.error).toBeUndefined();
	expect(run.output?.[0][0].json).toMatchObject({ createdAt: MS, updatedAtIso: ISO });
});

it.each([1, 1.1])(
	'a node saved with %s keeps times in epoch seconds as QRTRAC sent them',
	async (typeVersion) => {
		for (const simplify of [true, false]) {
			const { ctx } = fakeContext({
				parameters: { resource: 'qrCode', operation: 'get', qrCodeId: 'qr_1', simplify },
				typeVersion,
				answers: service({ createdAt: SECONDS, updatedAt: SECONDS }),
			});
			const [item] = await executeOperation.call(ctx, RESOURCES.qrCode().operations.get);

			expect(item.json).toMatchObject({ createdAt: SECONDS, updatedAt: SECONDS });
		}
	},
);

/** Get Updated Since needs a time of change: a code answered without any fails (below), never null. */
const timedCases = cases.filter(([operation]) => operation !== 'getUpdatedSince');

describe.each([
	['a number no unit places', { createdAt: 5, updatedAt: 5 }, cases],
	['left out', { createdAt: undefined, updatedAt: undefined }, timedCases],
])('a time %s', (_case, times, which) => {
	it.each(which)(
		'%s (Simplify %s) is null, its twin too',
		async (operation, simplify, parameters) => {
			const run = await runAction('qrCode', operation, { ...parameters, simplify }, service(times));

			expect(run.error).toBeUndefined();
			expect(run.output?.[0][0].json).toMatchObject({
				createdAt: null,
				createdAtIso: null,
				updatedAt: null,
				updatedAtIso: null,
			});
		},
	);
});

it('Get Updated Since fails naming the operation on a code answered without a time', async () => {
	const run = await runAction(
		'qrCode',
		'getUpdatedSince',
		{ since: SINCE, scope: 'team' },
		service({ createdAt: undefined, updatedAt: undefined }),
	);

	expect(run.output).toBeUndefined();
	expect(run.error?.message).toMatch(
		/^QRTRAC's answer to Get QR Codes Updated Since .+ expected shape/,
	);
});

it('Create says a code answered with its ID but a time as numeric text was probably created', async () => {
	const run = await runAction(
		'qrCode',
		'create',
		{ ...operations[2][1], simplify: true },
		service({ createdAt: String(SECONDS) }),
	);

	expect(run.error?.message).toBe(
		"QRTRAC's answer to Create QR Code (POST /qrs-api) does not have the expected shape: the QR code was probably created",
	);
	expect(String((run.error as { description?: string }).description)).toMatch(
		/^QRTRAC answered success with the new record's "id" "qr_2", but "createdAt" must be .+ Do not run this item again as it is/,
	);
});

it('Create Team says a team answered with its ID but a time as numeric text was probably created', async () => {
	const run = await runAction(
		'team',
		'create',
		{ name: 'New team' },
		answering({
			'POST /api/teams-api': ok({ id: 'team_2', name: 'New team', createdAt: String(SECONDS) }),
		}),
	);

	expect(run.error?.message).toBe(
		"QRTRAC's answer to Create Team (POST /teams-api) does not have the expected shape: the team was probably created",
	);
	expect(String((run.error as { description?: string }).description)).toContain(
		'"createdAt" must be',
	);
});
