import { runNode, type HarnessCredentials } from './n8nHarness';
import type { SuiteSimulator } from './simulatorSuite';

/**
 * What the Team Member engine tests share: one run of the action node, the requests that changed something, and
 * a team whose read QRTRAC refuses once (the rows after it must not decide from a roster never read).
 */
export function memberRuns(suite: SuiteSimulator) {
	return {
		/** One run of the action node with these parameters (and items, when given). */
		run: async (
			credentials: HarnessCredentials,
			parameters: Record<string, unknown>,
			items?: Array<Record<string, unknown>>,
		) =>
			await runNode({ nodeType: 'qrtrac', parameters, credentials, ...(items ? { items } : {}) }),
		/** The requests logged since the last clear that were not reads. */
		writes: () => suite.sim.requestLog.filter((entry) => entry.method !== 'GET'),
		/** The next read of the team is refused with `status` (403: the team is not this client's to read). */
		refuseTeamReadOnce: (teamId: string, status = 403) =>
			suite.sim.faults.add({
				kind: 'status',
				status,
				method: 'GET',
				path: `/api/teams-api/${teamId}`,
				count: 1,
			}),
	};
}
