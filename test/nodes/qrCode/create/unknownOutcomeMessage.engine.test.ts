/**
 * When a create's outcome is unknown (the connection dropped, before or after QRTRAC stored the code), the
 * item fails instead of risking a duplicate. Its error must say so consistently: a headline telling the user
 * to "retry the request immediately" invites exactly the duplicate the node avoided. n8n's NodeApiError
 * replaces any message that contains a Node error code (ECONNRESET, ETIMEDOUT, ...) with its own generic
 * sentence, so the code must not appear in the message the node gives it.
 */
import { runNode } from '../../../support/n8nHarness';
import {
	createReliabilityTeam,
	startReliabilitySimulator,
	type ReliabilitySimulator,
} from '../../../support/reliability/reliabilityTeam';

let env: ReliabilitySimulator;

beforeAll(async () => {
	env = await startReliabilitySimulator();
});

afterAll(async () => {
	await env?.sim.close();
});

const INVITES_A_RETRY = /retry the request immediately|consider setting the 'Retry on Fail'/i;

describe.each([
	['before the write', false],
	['after the write', true],
])('connection dropped %s on Create without a Display ID', (_when, afterWrite) => {
	it('fails the item with a message that does not invite a blind retry', async () => {
		const team = createReliabilityTeam(env, `Dropped ${String(afterWrite)}`, {
			ratePerSecond: 1000,
		});
		env.sim.faults.clear();
		env.sim.faults.add({ kind: 'reset', method: 'POST', count: 1, afterWrite });
		env.sim.clearRequestLog();

		const result = await runNode({
			nodeType: 'qrtrac',
			credentials: team.credentials,
			parameters: {
				resource: 'qrCode',
				operation: 'create',
				qrType: 'WEB',
				qrRedirectUrl: 'https://example.com/d',
			},
			continueOnFail: true,
		});

		const item = result.items[0].json;
		expect(item.description).toContain('It was not sent again');
		expect(env.sim.requestLog.filter((request) => request.method === 'POST')).toHaveLength(1);
		expect({ message: item.error, invitesRetry: INVITES_A_RETRY.test(String(item.error)) }).toEqual(
			{ message: item.error, invitesRetry: false },
		);
	});
});
