/** What the engine tests of the scan operations share: scans to read, and one run over codes listed by ID. */
import type { Simulator } from '../../../simulator';
import { runNode } from '../../support/n8nHarness';

const DAY = 86_400_000;

/** `count` scans of a code spread over 20 days before `end`, from `visitors` addresses in turn. */
export function addScans(
	sim: Simulator,
	qrId: string,
	count: number,
	end: number,
	visitors: number,
): void {
	for (let index = 0; index < count; index++)
		sim.state.addScan(qrId, {
			scanTime: end - 1 - Math.floor((index * 20 * DAY) / count),
			ipAddress: `198.51.100.${index % visitors}`,
		});
}

/**
 * One run of a scan operation (Get for Codes, Get Report, Get Totals) over the codes `qrCodeIds` (IDs, comma
 * separated, or an expression), with its other parameters (the time range first of all).
 */
export async function runForCodes(
	credentials: Parameters<typeof runNode>[0]['credentials'],
	operation: string,
	qrCodeIds: string,
	parameters: Record<string, unknown> = {},
) {
	return await runNode({
		nodeType: 'qrtrac',
		parameters: {
			resource: 'analytics',
			operation,
			codeSelection: 'list',
			qrCodeIds,
			...parameters,
		},
		credentials,
	});
}
