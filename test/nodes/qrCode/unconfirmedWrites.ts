/**
 * The set-up the QR code write tests share: QR Code > Update run on the suite's credential, and every PUT of a
 * code answered 204 with no body (an answer that says nothing of the outcome), counted in the request log.
 */
import { runNode } from '../../support/n8nHarness';
import type { SuiteSimulator } from '../../support/simulatorSuite';

/** QR Code > Update of `qrCodeId` with the given form parameters. */
export async function runUpdate(
	suite: SuiteSimulator,
	qrCodeId: string,
	parameters: Record<string, unknown>,
) {
	return await runNode({
		nodeType: 'qrtrac',
		credentials: suite.credentials,
		parameters: {
			resource: 'qrCode',
			operation: 'update',
			qrCodeId: { __rl: true, mode: 'id', value: qrCodeId },
			...parameters,
		},
	});
}

/** Every PUT of code `id` answered 204 with no body; `afterWrite`: the change made first. */
export function answerPutsWith204(suite: SuiteSimulator, id: string, afterWrite = false): void {
	suite.sim.faults.add({
		kind: 'status',
		status: 204,
		body: '',
		method: 'PUT',
		path: `/api/qrs-api/${id}`,
		afterWrite,
	});
}

/** How many PUTs the simulator answered (its request log is cleared before each test). */
export function putCount(suite: SuiteSimulator): number {
	return suite.sim.requestLog.filter((entry) => entry.method === 'PUT').length;
}
