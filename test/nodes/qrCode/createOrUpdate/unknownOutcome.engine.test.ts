/**
 * Create or Update when the answer to its create is lost (the connection drops after QRTRAC stored the code):
 * the row's Display ID finds the stored code, the row is written to it once. Through n8n's engine against the
 * simulator's fault injection.
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
	it('Create or Update recovers the stored code, writes the row to it and reports it created', async () => {
		const result = await run('createOrUpdate', {
			displayId: 'lost-answer-2',
			qrType: 'WEB',
			name: 'Recovered',
			qrRedirectUrl: 'https://example.com/recovered',
		});

		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({
			displayId: 'lost-answer-2',
			name: 'Recovered',
			result: 'created',
		});
		expect(codesWithDisplayId('lost-answer-2')).toHaveLength(1);
		expect(suite.sim.requestLog.filter((entry) => entry.method === 'POST')).toHaveLength(1);
	});
});

describe("a create of Create or Update, with n8n's Retry On Fail", () => {
	it.each([
		['Sync', 'sync'],
		['Look Up Each Row', 'lookUpEachRow'],
	])(
		'%s: the try n8n runs again after a row failed finds the codes the first try made, made once',
		async (_name, mode) => {
			suite.sim.faults.clear();
			// the first create is refused outright: its row fails the node, which n8n runs again with every row
			suite.sim.faults.add({
				...{ kind: 'status', status: 400, message: 'Try again', method: 'POST' },
				...{ path: '/api/qrs-api', count: 1 },
			});

			const result = await runNode({
				nodeType: 'qrtrac',
				credentials: suite.credentials,
				parameters: {
					...{ resource: 'qrCode', operation: 'createOrUpdate', mode, qrType: 'WEB' },
					...{ displayId: '={{ $json.displayId }}', qrRedirectUrl: 'https://example.com/rows' },
				},
				items: [{ displayId: `retried-${mode}-a` }, { displayId: `retried-${mode}-b` }],
				retryOnFail: 2,
			});

			expect(result.error).toBeUndefined();
			expect(result.items).toHaveLength(2);
			const posts = suite.sim.requestLog.filter((entry) => entry.method === 'POST');
			expect(posts.map((entry) => entry.status)).toEqual([400, 201, 201]);
			expect(codesWithDisplayId(`retried-${mode}-a`)).toHaveLength(1);
			expect(codesWithDisplayId(`retried-${mode}-b`)).toHaveLength(1);
		},
	);
});
