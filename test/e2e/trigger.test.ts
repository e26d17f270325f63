import { randomBytes } from 'node:crypto';

import type { Simulator } from '../../simulator';
import { startSimulator } from '../../simulator';
import type { WorkflowJson } from '../support/realN8n';
import {
	RealN8n,
	nodeItems,
	POLL_TICK_WAIT_MS,
	qrtracCredential,
	SIMULATOR_CREDENTIAL_ID,
	SIMULATOR_CREDENTIAL_NAME,
} from '../support/realN8n';

/** The first run on a machine installs n8n (several minutes); later runs reuse it. */
const SETUP_TIMEOUT_MS = 40 * 60_000;
const POLL_WAIT_MS = POLL_TICK_WAIT_MS;
const STEP_TIMEOUT_MS = 6 * 60_000;
/** The test's three bounded waits with room to spare, so that theirs, not jest's, is the error that shows. */
const TEST_TIMEOUT_MS = 3 * POLL_WAIT_MS + 60_000;
const TRIGGER_NODE = 'QRTRAC Trigger';

const log = (line: string) => process.stderr.write(`[e2e trigger] ${line}\n`);

/** A workflow made of the QRTRAC Trigger alone, polling every minute for code changes of the credential's team. */
function triggerWorkflow(): WorkflowJson {
	return {
		name: 'E2E: QRTRAC Trigger on code changes',
		nodes: [
			{
				id: 'trigger',
				name: TRIGGER_NODE,
				type: 'n8n-nodes-qrtrac.qrtracTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: { pollTimes: { item: [{ mode: 'everyMinute' }] }, triggerOn: 'codeChanges' },
				credentials: {
					qrtracApi: { id: SIMULATOR_CREDENTIAL_ID, name: SIMULATOR_CREDENTIAL_NAME },
				},
			},
		],
		connections: {},
	};
}

describe('QRTRAC Trigger inside real n8n 2.41.1 (n8n start, active workflow)', () => {
	let simulator: Simulator;
	let n8n: RealN8n;
	let workflowId: string;

	const fromTimeReads = () =>
		simulator.requestLog.filter((entry) => entry.operationId === 'getTeamQrsFromTime').length;

	/** Waits (bounded by one poll interval and slack) until `done`; fails with n8n's recent output. */
	async function waitFor(done: () => boolean, what: string): Promise<void> {
		const deadline = Date.now() + POLL_WAIT_MS;
		while (!done()) {
			if (Date.now() > deadline)
				throw new Error(
					`No ${what} within ${POLL_WAIT_MS / 1000} s. n8n said:\n${n8n.serverOutput.slice(-3000)}`,
				);
			await new Promise((resolve) => setTimeout(resolve, 1_000));
		}
	}

	beforeAll(async () => {
		simulator = await startSimulator({ port: 0 });
		n8n = await RealN8n.create({ log });
		await n8n.importCredentials([
			qrtracCredential({ url: simulator.url, ...simulator.credentials }),
		]);
		workflowId = await n8n.importWorkflow(triggerWorkflow());
		await n8n.startServer();
	}, SETUP_TIMEOUT_MS);

	afterAll(async () => {
		await n8n?.stop();
		await simulator?.close();
	}, STEP_TIMEOUT_MS);

	test(
		'fires once for a code created in the simulator after activation, with the code as its item',
		async () => {
			await n8n.rest.activateWorkflow(workflowId);
			// the first poll (n8n runs one while activating) learns "now" and reports none of the seeded codes
			await waitFor(() => fromTimeReads() >= 1, 'the first poll');
			const known = new Set(
				(await n8n.rest.executions(workflowId)).map((execution) => String(execution.id)),
			);
			expect(known.size).toBe(0);

			const name = `E2E trigger ${randomBytes(4).toString('hex')}`;
			const created = simulator.state.createQr(simulator.credentials.teamId, {
				qrType: 'WEB',
				qrRedirectUrl: 'https://example.com/e2e',
				name,
			});
			const run = await n8n.waitForExecution(workflowId, { known, timeoutMs: POLL_WAIT_MS });

			expect(run.status).toBe('success');
			expect(nodeItems(run, TRIGGER_NODE)).toEqual([
				expect.objectContaining({ event: 'created', id: created.id, name, deleted: false }),
			]);

			// the next scheduled poll must not report the same change again
			const readsBefore = fromTimeReads();
			await waitFor(() => fromTimeReads() > readsBefore, 'the next scheduled poll');
			await new Promise((resolve) => setTimeout(resolve, 3_000));
			expect(
				(await n8n.rest.executions(workflowId)).map((execution) => String(execution.id)),
			).toEqual([run.executionId]);
		},
		TEST_TIMEOUT_MS,
	);
});
