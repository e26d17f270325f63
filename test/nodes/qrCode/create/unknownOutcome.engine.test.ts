/**
 * Create when the answer is lost (the connection drops after QRTRAC stored the code): with a Display ID the
 * node looks the code up and carries on without creating it twice; without one it stops rather than risk a
 * duplicate. Through n8n's engine against the simulator's fault injection. Create or Update's case:
 * createOrUpdate/unknownOutcome.engine.test.ts.
 */
import { runNode } from '../../../support/n8nHarness';
import { useSimulator } from '../../../support/simulatorSuite';

const suite = useSimulator();

beforeEach(() => {
	// The create is stored, then the socket is destroyed before any answer.
	suite.sim.faults.add({
		kind: 'reset',
		method: 'POST',
		path: '/api/qrs-api',
		afterWrite: true,
		count: 1,
	});
});

function codesWithDisplayId(displayId: string) {
	return [...suite.sim.state.qrs.values()].filter((qr) => qr.displayId === displayId);
}

async function run(operation: string, parameters: Record<string, unknown>) {
	return await runNode({
		nodeType: 'qrtrac',
		credentials: suite.credentials,
		parameters: { resource: 'qrCode', operation, ...parameters },
	});
}

describe('lost answer to a create', () => {
	it('Create with a Display ID finds the stored code and returns it, created once', async () => {
		const result = await run('create', {
			qrType: 'WEB',
			qrRedirectUrl: 'https://example.com/lost',
			displayId: 'lost-answer-1',
		});

		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({
			displayId: 'lost-answer-1',
			qrRedirectUrl: 'https://example.com/lost',
		});
		expect(codesWithDisplayId('lost-answer-1')).toHaveLength(1);
		expect(suite.sim.requestLog.filter((entry) => entry.method === 'POST')).toHaveLength(1);
		expect(suite.sim.faults.list()[0].fired).toBe(1);
	});

	it('Create with a Display ID whose look-up finds another code (held before, other values) fails, naming it', async () => {
		const held = suite.sim.state.createQr(suite.credentials.teamId!, {
			qrType: 'WEB',
			name: 'Earlier code',
			qrRedirectUrl: 'https://example.com/earlier',
			displayId: 'held-before-1',
		});

		const result = await run('create', {
			qrType: 'WEB',
			name: 'This row',
			qrRedirectUrl: 'https://example.com/this-row',
			displayId: 'held-before-1',
		});

		expect(result.items).toHaveLength(0);
		expect(result.error).toMatchObject({ name: 'NodeApiError', itemIndex: 0 });
		expect(result.error?.message).toBe(
			'The answer to Create QR Code was lost, and Display ID "held-before-1" is held by a code with other values than this row\'s',
		);
		expect(result.error?.description).toContain(held.id);
		expect(result.error?.description).toContain('name, qrRedirectUrl');
		expect(result.error?.description).toContain('not sent again');
		expect(codesWithDisplayId('held-before-1')).toHaveLength(1);
		expect(suite.sim.state.getQr(held.id)).toMatchObject({
			name: 'Earlier code',
			qrRedirectUrl: 'https://example.com/earlier',
		});
		expect(suite.sim.requestLog.filter((entry) => entry.method === 'POST')).toHaveLength(1);
	});

	it('Create without a Display ID fails instead of sending the create again', async () => {
		const before = suite.sim.state.listQrs(suite.credentials.teamId!).length;

		const result = await run('create', {
			qrType: 'WEB',
			qrRedirectUrl: 'https://example.com/unknown',
		});

		expect(result.error?.name).toBe('NodeApiError');
		expect(result.error?.description).toContain('It was not sent again');
		expect(JSON.stringify(result.error)).not.toContain(suite.credentials.clientSecret);
		expect(suite.sim.requestLog.filter((entry) => entry.method === 'POST')).toHaveLength(1);
		expect(suite.sim.state.listQrs(suite.credentials.teamId!).length).toBe(before + 1);
	});
});
