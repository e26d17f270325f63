/**
 * A 400 whose message names nothing the node knows a hint for ("Bad Request", "Validation failed", no message at
 * all): the item's error still says that QRTRAC refused it, that nothing was changed, and what to do next, the same
 * words for every operation, in the error and in the Continue On Fail item alike.
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { NODE_VERSIONS } from '../../../../nodes/Qrtrac/descriptions/layoutVersions';
import { executeOperation } from '../../../../nodes/shared/executor';
import { RESOURCES, serviceAnswer } from '../../../support/actionRequests';
import { fakeContext, refused, type FakeAnswer } from '../../../support/fakeContext';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

const OPERATIONS: Array<[string, string, IDataObject, RegExp]> = [
	[
		'qrCode',
		'create',
		{ qrType: 'WEB', name: 'L', qrRedirectUrl: 'https://example.com' },
		/^POST /,
	],
	['qrCode', 'update', { qrCodeId: 'qr_1', updateFields: { name: 'X' } }, /^PUT /],
	['qrCode', 'get', { qrCodeId: 'qr_1' }, /^GET /],
	['designTemplate', 'getMany', { returnAll: true }, /^GET /],
	['team', 'create', { name: 'New team' }, /^POST /],
	[
		'teamMember',
		'changeRole',
		{ teamId: 'team_1', email: 'a@example.com', role: 'editor' },
		/^PUT /,
	],
	['dynamicLink', 'create', { destinationUrl: 'https://example.com', type: 'dynamic' }, /^POST /],
];

const ANSWERS: Array<[string, FakeAnswer]> = [
	['"Bad Request"', refused(400, 'Bad Request')],
	['"Validation failed"', refused(400, 'Validation failed')],
	['no message', { status: 400, body: { success: false } }],
	['an empty body', { status: 400, body: '' }],
];

async function run(
	resource: string,
	operation: string,
	parameters: IDataObject,
	failing: RegExp,
	answer: FakeAnswer,
	continueOnFail: boolean,
): Promise<{ error?: unknown; items?: INodeExecutionData[] }> {
	const { ctx } = fakeContext({
		items: [{}, {}],
		parameters: { resource, operation, ...parameters },
		typeVersion: NODE_VERSIONS[NODE_VERSIONS.length - 1],
		continueOnFail,
		answers: (request) =>
			failing.test(`${request.method} ${new URL(request.url).pathname}`)
				? answer
				: serviceAnswer(request),
	});
	const handler = RESOURCES[resource as 'qrCode']().operations[operation];
	try {
		return { items: await executeOperation.call(ctx, handler) };
	} catch (error) {
		return { error };
	}
}

describe.each(OPERATIONS)(
	'%s > %s refused with HTTP 400',
	(resource, operation, parameters, failing) => {
		it.each(ANSWERS)(
			'and %s: says nothing was changed and what to do next',
			async (_label, answer) => {
				const { error } = await run(resource, operation, parameters, failing, answer, false);
				expect(error).toBeInstanceOf(NodeApiError);
				const { httpCode, description } = error as NodeApiError;
				expect(httpCode).toBe('400');
				expect(description).toMatch(
					/QRTRAC refused the request \(HTTP 400\), so nothing was changed/,
				);
				expect(description).toMatch(/then run the item again/);
			},
		);

		it('with Continue On Fail: each item has the same words, paired with its input item', async () => {
			const { items } = await run(resource, operation, parameters, failing, ANSWERS[0][1], true);
			expect(items?.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
			for (const [index, item] of (items ?? []).entries()) {
				expect(item.json).toMatchObject({
					error: 'Bad Request',
					itemIndex: index,
					httpCode: '400',
				});
				expect(item.json.description).toMatch(/so nothing was changed/);
			}
		});
	},
);
