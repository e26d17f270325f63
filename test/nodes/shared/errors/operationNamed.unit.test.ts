/**
 * An item's error names the operation in the user's words beside the request as sent, whatever failed: a refusal,
 * an answer that is no JSON, a server error to the last attempt. A step of a longer operation is told by its own.
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

const OPERATIONS: Array<[string, string, IDataObject, string, string]> = [
	['qrCode', 'get', { qrCodeId: 'qr_1' }, 'GET /api/qrs-api/teams/qr_1', 'Get QR Code'],
	[
		'teamMember',
		'changeRole',
		{ teamId: 'team_1', email: 'a@example.com', role: 'editor' },
		'PUT /api/teams-api/team_1/members/a%40example.com/changeRole',
		'Change Member Role',
	],
	[
		'team',
		'rename',
		{ teamId: 'team_1', name: 'Renamed' },
		'PUT /api/teams-api/team_1',
		'Rename Team',
	],
];

const FAILURES: Array<[string, FakeAnswer]> = [
	['HTTP 400', refused(400, 'Bad Request')],
	['HTTP 404', refused(404, 'Not found')],
	['HTTP 500 every time', refused(500, 'Internal Server Error')],
	['a page that is no JSON', { status: 200, body: '<html>Sign in</html>' }],
];

describe.each(OPERATIONS)('%s > %s', (resource, operation, parameters, route, name) => {
	it.each(FAILURES)(
		'answered %s: the error names the operation and the request',
		async (_l, answer) => {
			const run = await runAction(
				resource as 'qrCode',
				operation,
				parameters,
				answering({ [route]: answer }),
			);
			expect(run.error).toBeInstanceOf(NodeApiError);
			const { message, description } = run.error as NodeApiError;
			const said = `${message} ${description ?? ''}`;
			const [method, path] = route.split(' ');
			expect(said).toContain(`${name} (${method} ${path})`);
			// named once: the description does not repeat what the title or its detail says already
			expect(said.split(`${name} (`).length - 1).toBeLessThanOrEqual(2);
		},
	);
});
