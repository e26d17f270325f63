import { runNode } from '../../support/n8nHarness';
import type { SuiteSimulator } from '../../support/simulatorSuite';

interface RunOptions {
	items?: Array<Record<string, unknown>>;
	continueOnFail?: boolean;
	retryOnFail?: number;
}

/**
 * What the QR code engine tests share: a run of a QR Code operation as nodes saved with version 1.1 run it (or at the newest version), and a
 * fresh WEB code in the suite's team.
 */
export function qrCodeRuns(suite: SuiteSimulator) {
	/** A run of a QR Code operation in the suite's team, at the node's newest version unless told. */
	const runAt = async (
		operation: string,
		parameters: Record<string, unknown>,
		options: RunOptions & { typeVersion?: number } = {},
	) =>
		await runNode({
			nodeType: 'qrtrac',
			credentials: suite.credentials,
			parameters: { resource: 'qrCode', operation, ...parameters },
			...options,
		});
	return {
		runAt,
		async run(operation: string, parameters: Record<string, unknown>, options: RunOptions = {}) {
			return await runAt(operation, parameters, { typeVersion: 1.1, ...options });
		},
		newCode(fields: Record<string, unknown> = {}) {
			return suite.sim.state.createQr(suite.credentials.teamId!, {
				qrType: 'WEB',
				qrRedirectUrl: 'https://example.com/c',
				...fields,
			});
		},
	};
}
