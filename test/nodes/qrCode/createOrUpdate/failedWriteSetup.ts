/**
 * The set-up the Create or Update tests of a row after a failed write share: a WEB code named "Old" whose first PUT
 * is made and then answered as refused, so the row writing "New" fails while QRTRAC holds "New"; the rows after it
 * give "Old" back. Each test sets its own list drift and answer modes and asserts in its own body.
 */
import type { Simulator } from '../../../../simulator';
import { runNode } from '../../../support/n8nHarness';
import { rowByRowForm } from '../../../support/sheetRows';
import { useSimulator } from '../../../support/simulatorSuite';

/**
 * The suite of such tests: a simulator whose list drift, answer modes and faults are reset after each test, a new
 * team per test (named after `teamLabel`), and a run of the rows in `mode`, each row in its own team, under
 * Continue On Fail.
 */
export function failedWriteSuite(teamLabel: string) {
	const suite = useSimulator();
	afterEach(() => {
		suite.sim.setListDrift({});
		suite.sim.setAnswerModes({});
		suite.sim.faults.clear();
	});

	let teams = 0;
	function newTeam(): string {
		const orgId = suite.sim.state.teams.get(suite.sim.credentials.teamId)!.orgId;
		return suite.sim.state.createTeam(orgId, `${teamLabel} ${++teams}`).id;
	}

	async function upsert(items: Array<Record<string, unknown>>, mode: string) {
		return await runNode({
			nodeType: 'qrtrac',
			credentials: suite.credentials,
			parameters: { ...rowByRowForm, mode, options: { teamOverride: '={{ $json.team }}' } },
			items,
			continueOnFail: true,
		});
	}

	return { suite, newTeam, upsert };
}

/** A WEB code named "Old" under `displayId` linking to `url`, in `team` (the credential's team when absent). */
export function oldCode(sim: Simulator, displayId: string, url: string, team?: string) {
	return sim.state.createQr(team ?? sim.credentials.teamId, {
		qrType: 'WEB',
		name: 'Old',
		displayId,
		qrRedirectUrl: url,
	});
}

export interface FailedWriteOptions {
	displayId: string;
	url: string;
	/** The team of the code and the rows' team; absent: the credential's team, and rows without a `team`. */
	team?: string;
	/** How many rows giving "Old" follow the one whose write fails (1 when absent). */
	laterRows?: number;
	/** The reads of the code by ID after the first are answered with this status and message, `count` times. */
	readByIdAnswered?: { status: number; message: string; count: number };
}

/**
 * `oldCode`, its first PUT made and then answered as refused (and the later reads by ID answered as told), and the
 * rows: "New" first, then `laterRows` rows of "Old", all of the code's Display ID and link.
 */
export function firstWriteFails(sim: Simulator, options: FailedWriteOptions) {
	const { displayId, url, team, laterRows = 1, readByIdAnswered } = options;
	const held = oldCode(sim, displayId, url, team);
	sim.faults.add({
		kind: 'softError',
		method: 'PUT',
		path: `/api/qrs-api/${held.id}`,
		afterWrite: true,
		count: 1,
	});
	if (readByIdAnswered)
		sim.faults.add({
			kind: 'status',
			status: readByIdAnswered.status,
			message: readByIdAnswered.message,
			method: 'GET',
			path: `/api/qrs-api/teams/${held.id}`,
			skip: 1,
			count: readByIdAnswered.count,
		});
	const row = team === undefined ? { displayId, url } : { displayId, url, team };
	const rows = [
		{ ...row, name: 'New' },
		...Array.from({ length: laterRows }, () => ({ ...row, name: 'Old' })),
	];
	return { held, rows };
}
