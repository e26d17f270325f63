import { runNode } from '../../support/n8nHarness';
import type { SuiteSimulator } from '../../support/simulatorSuite';

/**
 * What the QR code engine tests share: a run of a QR Code operation as nodes saved with version 1.1 run it, and a
 * fresh WEB code in the suite's team.
 */
export function qrCodeRuns(suite: SuiteSimulator) {
	return {
		async run(
			operation: string,
			parameters: Record<string, unknown>,
			options: {
				items?: Array<Record<string, unknown>>;
				continueOnFail?: boolean;
				retryOnFail?: number;
			} = {},
		) {
			return await runNode({
				nodeType: 'qrtrac',
				credentials: suite.credentials,
				parameters: { resource: 'qrCode', operation, ...parameters },
				typeVersion: 1.1,
				...options,
			});
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
