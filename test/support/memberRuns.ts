import { runNode, type HarnessCredentials } from './n8nHarness';
import type { SuiteSimulator } from './simulatorSuite';
import { byId } from './organizations';

/** Pause of the person in each row's `email`, in the row's `team`. */
export const pauseEachRow = {
	resource: 'teamMember',
	operation: 'pause',
	teamId: byId('={{ $json.team }}'),
	email: '={{ $json.email }}',
};

/**
 * What the Team Member engine tests share: one run of the action node (or of its rows under Continue On Fail), the
 * requests that changed something, a team whose read QRTRAC refuses once (the rows after it must not decide from a
 * roster never read), and writes to a team's members answered late or refused.
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
		/** One run of the action node over `items` under Continue On Fail (saved with `typeVersion` when given). */
		runRows: async (
			credentials: HarnessCredentials,
			parameters: Record<string, unknown>,
			items: Array<Record<string, unknown>>,
			typeVersion?: number,
		) =>
			await runNode({
				nodeType: 'qrtrac',
				...(typeVersion === undefined ? {} : { typeVersion }),
				parameters,
				items,
				credentials,
				continueOnFail: true,
			}),
		/** Add to Teams of `email` (name Grace), each item putting them into the teams its `teams` lists. */
		addToTeamsRows: async (
			credentials: HarnessCredentials,
			email: string,
			items: Array<{ teams: Array<{ teamId: string; role: string }> }>,
		) =>
			await runNode({
				nodeType: 'qrtrac',
				items,
				parameters: {
					resource: 'teamMember',
					operation: 'addToTeams',
					email,
					name: 'Grace',
					teamsSource: 'json',
					teamsJson: '={{ $json.teams }}',
				},
				continueOnFail: true,
				credentials,
			}),
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
		/** The next `count` writes of the team's members are answered 300 ms late. */
		holdMemberWrites: (teamId: string, count: number) =>
			suite.sim.faults.add({
				kind: 'stall',
				method: 'PUT',
				path: `/api/teams-api/${teamId}/members`,
				delayMs: 300,
				count,
			}),
		/** The next write of the team's members is refused: 400 "nope". */
		refuseMemberWriteOnce: (teamId: string) =>
			suite.sim.faults.add({
				kind: 'status',
				status: 400,
				message: 'nope',
				method: 'PUT',
				path: `/api/teams-api/${teamId}/members`,
				count: 1,
			}),
	};
}
