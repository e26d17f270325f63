/**
 * A change sent again until the attempts ran out, each answer a 5xx, a dropped connection, a timeout or a page that
 * is not QRTRAC's JSON: QRTRAC may have made it all the same, and the item's error says so and what to do. A read
 * failed so says what to check; a create whose outcome is unknown is not told to "try again later".
 */
import type { IDataObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { answering, runAction } from '../../../support/actionRequests';
import { refused, type FakeAnswer } from '../../../support/fakeContext';
import { sleepOnFakeClock } from '../../../support/sleepOnFakeClock';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));
sleepOnFakeClock();

const FAILURES: Array<[string, FakeAnswer]> = [
	['HTTP 500', refused(500, 'Internal Server Error')],
	['a reset connection', { networkError: 'ECONNRESET' }],
	['a timeout', { networkError: 'ETIMEDOUT' }],
	['a proxy page with 200', { status: 200, body: '<html>Sign in</html>' }],
];

const CHANGES: Array<[string, string, IDataObject, string]> = [
	['qrCode', 'update', { qrCodeId: 'qr_1', updateFields: { name: 'X' } }, 'PUT /api/qrs-api/qr_1'],
	['qrCode', 'delete', { qrCodeId: 'qr_1' }, 'DELETE /api/qrs-api/qr_1'],
	['team', 'rename', { teamId: 'team_1', name: 'Renamed' }, 'PUT /api/teams-api/team_1'],
	[
		'teamMember',
		'changeRole',
		{ teamId: 'team_1', email: 'a@example.com', role: 'editor' },
		'PUT /api/teams-api/team_1/members/a%40example.com/changeRole',
	],
];

/** The error of one operation whose request `route` got `answer` every time. */
async function failedEveryTime(
	[resource, operation, parameters, route]: [string, string, IDataObject, string],
	answer: FakeAnswer,
): Promise<Error | undefined> {
	const run = await runAction(
		resource as 'qrCode',
		operation,
		parameters,
		answering({ [route]: answer }),
	);
	return run.error;
}

describe.each(CHANGES)('%s > %s', (resource, operation, parameters, route) => {
	it.each(FAILURES)(
		'answered %s every time: the change may have been made',
		async (_label, answer) => {
			const error = await failedEveryTime([resource, operation, parameters, route], answer);
			expect(error).toBeInstanceOf(NodeApiError);
			const { description } = error as NodeApiError;
			expect(description).toMatch(/Gave up after \d+ attempts/);
			expect(description).toMatch(/QRTRAC may have made the change all the same/);
			expect(description).toMatch(/then run the item again if the change is missing/);
			expect(description).not.toMatch(/try again later/);
		},
	);
});

describe.each([
	['qrCode', 'get', { qrCodeId: 'qr_1' }, 'GET /api/qrs-api/teams/qr_1'],
	['team', 'getMany', { returnAll: true }, 'GET /api/teams-api'],
] as Array<[string, string, IDataObject, string]>)(
	'%s > %s',
	(resource, operation, parameters, route) => {
		it.each(FAILURES.slice(1))(
			'answered %s every time: says what to check',
			async (_label, answer) => {
				const error = await failedEveryTime([resource, operation, parameters, route], answer);
				const { description } = error as NodeApiError;
				expect(description).toMatch(/Base URL/);
				expect(description).toMatch(/run the item again/);
				expect(description).not.toMatch(/may have made the change/);
			},
		);
	},
);

it('Create answered HTTP 500: its outcome unknown, it is not told to try again later', async () => {
	const run = await runAction(
		'qrCode',
		'create',
		{ qrType: 'WEB', name: 'L', qrRedirectUrl: 'https://example.com' },
		answering({ 'POST /api/qrs-api': refused(500, 'Internal Server Error') }),
	);
	const { description, httpCode } = run.error as NodeApiError;
	expect(httpCode).toBe('500');
	expect(description).toMatch(/The outcome of this POST is unknown/);
	expect(description).toMatch(/Check the team's codes before re-running this item/);
	expect(description).not.toMatch(/try again later|retried where that is safe/);
});
