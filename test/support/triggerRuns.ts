import type { IDataObject } from 'n8n-workflow';

import { deleteQr, touchQr } from '../../simulator/domain/qrCodes';
import type { QrRecord } from '../../simulator';
import { pollTrigger, type HarnessCredentials } from './n8nHarness';
import { organizations } from './organizations';
import type { SuiteSimulator } from './simulatorSuite';

export interface PollingOptions {
	/** false is n8n 2.41's default: a failed poll keeps what it wrote to static data. Default true. */
	durableCursors?: boolean;
	/** The same id for every poll, e.g. to poll one trigger twice at once; by default a new one per poll. */
	workflowId?: string;
}

/**
 * A QRTRAC Trigger whose static data persists between polls as n8n stores it (JSON); a failed poll keeps the
 * static data its error carries. `parameters` are read as they are at each poll (a test may change them).
 */
export function polling(
	credentials: HarnessCredentials,
	parameters: Record<string, unknown> = {},
	options: PollingOptions = {},
) {
	let staticData: IDataObject = {};
	return {
		get staticData(): IDataObject {
			return staticData;
		},
		/** Static data as an earlier version of the node stored it, read by the next poll. */
		set staticData(stored: IDataObject) {
			staticData = JSON.parse(JSON.stringify(stored)) as IDataObject;
		},
		/** One poll's event items; `pollBudgetMs` is n8n 2.x's poll budget for this poll. */
		poll: async (
			mode: 'trigger' | 'manual' = 'trigger',
			{ pollBudgetMs }: { pollBudgetMs?: number } = {},
		): Promise<IDataObject[]> => {
			const result = await pollTrigger({
				parameters: structuredClone(parameters),
				credentials,
				staticData,
				mode,
				durableCursors: options.durableCursors,
				workflowId: options.workflowId,
				pollBudgetMs,
			}).catch((error: Error & { staticData?: IDataObject }) => {
				if (error.staticData !== undefined) staticData = error.staticData;
				throw error;
			});
			staticData = JSON.parse(JSON.stringify(result.staticData)) as IDataObject;
			return (result.items ?? []).map((item) => item.json);
		},
	};
}

/** New organizations, each with one team and an Enterprise-plan owner client, so each test sees only its own codes. */
export function triggerAccounts(suite: SuiteSimulator, emailDomain: string) {
	const newOrganization = organizations(suite, emailDomain);
	return () => {
		const { org, team, credentials } = newOrganization.withTeam();
		return { orgId: org.id, teamId: team.id, credentials };
	};
}

/** Writes WEB codes straight into the simulator's state, as another user of the team would. */
export function codeWriters(suite: SuiteSimulator) {
	const webCode = { qrType: 'WEB', qrRedirectUrl: 'https://example.com/', name: 'Code' };
	return {
		createCode(teamId: string, fields: Record<string, unknown> = {}): QrRecord {
			return suite.sim.state.createQr(teamId, { ...webCode, ...fields });
		},
		/** A code created (and last updated) at `at`. */
		createCodeAt(teamId: string, at: number, name = 'Code'): QrRecord {
			return suite.sim.state.createQrAt(teamId, { ...webCode, name }, at);
		},
		updateCode(id: string, changes: Record<string, unknown>): QrRecord {
			return touchQr(suite.sim.state, suite.sim.state.getQr(id)!, changes, 'test');
		},
		/** Renames a code with the simulator's clock at `at`, then back on real time. */
		updateCodeAt(code: QrRecord, at: number, name: string): QrRecord {
			suite.sim.clock.set(at);
			const updated = touchQr(suite.sim.state, suite.sim.state.getQr(code.id)!, { name }, 'test');
			suite.sim.clock.useRealTime();
			return updated;
		},
		deleteCode(teamId: string, id: string) {
			return deleteQr(suite.sim.state, suite.sim.state.teams.get(teamId)!, id, 'test');
		},
	};
}

/**
 * A pause of the workflow: moves this process's `Date` (n8n's clock, and the simulator's unless it is set) to `atMs`,
 * running on from there; timers stay real. Moving the simulator's clock alone days ahead is a broken `Date` header
 * (serviceClock.ts `believedDate`), not a pause. The calling file undoes it after each test (`jest.useRealTimers`).
 */
export function pauseClocksTo(atMs: number): void {
	jest.useFakeTimers({
		now: atMs,
		advanceTimers: true,
		doNotFake: [
			'hrtime',
			'nextTick',
			'performance',
			'queueMicrotask',
			'requestAnimationFrame',
			'cancelAnimationFrame',
			'requestIdleCallback',
			'cancelIdleCallback',
			'setImmediate',
			'clearImmediate',
			'setInterval',
			'clearInterval',
			'setTimeout',
			'clearTimeout',
		],
	});
}
