/**
 * New Scans within n8n's poll budget (n8n 2.x `getPollBudgetMs`), through n8n-core's PollContext against the
 * simulator over 127.0.0.1, every answer 100 ms late: a poll reads the chunks of 100 codes its budget allows and
 * the next polls continue the pass. Build first (`npm run build`): the harness loads the built package.
 */
import type { IDataObject } from 'n8n-workflow';

import type { HarnessCredentials } from '../../support/n8nHarness';
import { useSimulator } from '../../support/simulatorSuite';
import { organizations } from '../../support/organizations';
import { codeWriters, pauseClocksTo, polling } from '../../support/triggerRuns';

const suite = useSimulator({ seed: false, latencyMs: 100 });

const BUDGET_MS = 500;

jest.setTimeout(60_000);

const newOrganization = organizations(suite, 'budget.example');
const { createCode, deleteCode } = codeWriters(suite);

function newAccount(codeCount: number) {
	const { team, codes, credentials } = newOrganization.withCodes(codeCount, { plan: 'Enterprise' });
	return { teamId: team.id, credentials, codes };
}

/** A New Scans trigger (triggerRuns' `polling`) whose poll answers the cities and counts its analytics requests. */
function watcher(credentials: HarnessCredentials, filters: IDataObject = {}) {
	const trigger = polling(credentials, { triggerOn: 'newScans', filters });
	const analyticsPerPoll: number[] = [];
	const newScans = () => trigger.staticData.newScans as IDataObject | undefined;
	return {
		analyticsPerPoll,
		get passUnderWay(): boolean {
			return newScans()?.pass !== undefined;
		},
		get codeIds(): string[] {
			return (newScans() as { codeIds: string[] }).codeIds;
		},
		/** The watched codes the pass under way has read, and those it has not. */
		get pass(): { done: string[]; left: string[] } {
			const { codeIds, pass } = newScans() as { codeIds: string[]; pass: { done: string[] } };
			return { done: pass.done, left: codeIds.filter((id) => !pass.done.includes(id)) };
		},
		/** One poll; `filters` is read as it is now (a test may change it between polls). */
		async poll(budgetMs = BUDGET_MS): Promise<string[]> {
			const before = suite.sim.requestLog.at(-1)?.seq ?? 0;
			const events = await trigger.poll('trigger', { pollBudgetMs: budgetMs });
			analyticsPerPoll.push(
				suite.sim.requestLog.filter(
					(entry) => entry.seq > before && entry.operationId === 'getBulkQrAnalytics',
				).length,
			);
			return events.map((event) => String(event.city));
		},
	};
}

/** Polls until the pass under way is complete (at most `limit` polls); returns the cities reported. */
async function finishPass(trigger: ReturnType<typeof watcher>, limit = 8): Promise<string[]> {
	const reported: string[] = [];
	for (let poll = 0; poll < limit; poll += 1) {
		reported.push(...(await trigger.poll()));
		if (!trigger.passUnderWay) return reported;
	}
	throw new Error(`the pass was not complete after ${limit} polls`);
}

describe('QRTRAC Trigger: New Scans within the poll budget', () => {
	afterEach(() => {
		jest.useRealTimers();
		suite.sim.clock.useRealTime();
	});

	it('reads a few chunks per poll and reports every scan once, those written during a pass too', async () => {
		const { codes, credentials } = newAccount(450);
		const trigger = watcher(credentials);
		suite.sim.state.addScan(codes[5].id, { city: 'Before activation' });
		expect(await trigger.poll()).toEqual([]);
		expect(trigger.passUnderWay).toBe(true);
		const firstPass = await finishPass(trigger);
		expect(firstPass).toEqual([]);

		suite.sim.state.addScan(codes[0].id, { city: 'Before the pass' });
		suite.sim.state.addScan(codes[449].id, { city: 'Also before the pass' });
		const reported = await trigger.poll();
		const { done, left } = trigger.pass;
		expect(done.length).toBeGreaterThan(0);
		// while the pass goes on: a scan of a code already read, then, a minute later, of one not read yet
		suite.sim.state.addScan(done[0], { city: 'Read code, during' });
		suite.sim.clock.advance(60_000);
		suite.sim.state.addScan(left.at(-1)!, { city: 'Code left, during' });
		reported.push(...(await finishPass(trigger)));
		reported.push(...(await finishPass(trigger)));

		expect(reported.sort()).toEqual(
			['Before the pass', 'Also before the pass', 'Read code, during', 'Code left, during'].sort(),
		);
		// 5 chunks of 100 codes, at most 2 per poll (100 ms each within 80 % of 500 ms): every pass takes 3 polls or more
		expect(Math.max(...trigger.analyticsPerPoll)).toBeLessThanOrEqual(2);
		// three passes so far, each code read once per pass
		expect(trigger.analyticsPerPoll.reduce((sum, count) => sum + count, 0)).toBe(3 * 5);
		expect(await finishPass(trigger)).toEqual([]);
	});

	it('goes on with a pass when the filters change during it: no scan twice', async () => {
		const { credentials } = newAccount(450);
		const filters: IDataObject = {};
		const trigger = watcher(credentials, filters);
		await finishPass(trigger);
		await finishPass(trigger);
		// the pass reads the watched codes in their stored order: the first is read by its first poll
		const first = trigger.codeIds[0];
		suite.sim.state.addScan(first, { city: 'Read before the change' });
		const reported = await trigger.poll();
		expect(trigger.pass.done).toContain(first);

		filters.search = 'Code'; // every code still matches
		reported.push(...(await finishPass(trigger)));
		reported.push(...(await finishPass(trigger)));
		expect(reported).toEqual(['Read before the change']);
	});

	it('a poll that ends a pass begun before a pause reads on to the present when its budget allows', async () => {
		const { credentials } = newAccount(450);
		const trigger = watcher(credentials);
		await finishPass(trigger);
		await trigger.poll();
		expect(trigger.passUnderWay).toBe(true);
		const { done } = trigger.pass;

		// two days later a code the pass has read is scanned; this poll has budget to spare
		pauseClocksTo(Date.now() + 2 * 86_400_000);
		suite.sim.state.addScan(done[0], { city: 'After the pass began' });
		expect(await trigger.poll(60_000)).toEqual(['After the pass began']);
		expect(trigger.passUnderWay).toBe(false);
	});

	it('reads a code added during a pass and drops one deleted during it', async () => {
		const { teamId, credentials } = newAccount(450);
		const trigger = watcher(credentials);
		await finishPass(trigger);
		await trigger.poll();
		expect(trigger.passUnderWay).toBe(true);

		const added = createCode(teamId, { name: 'Added during the pass' });
		const { left } = trigger.pass;
		suite.sim.state.addScan(added.id, { city: 'Added' });
		suite.sim.state.addScan(left[0], { city: 'Kept' });
		suite.sim.state.addScan(left[1], { city: 'Deleted before it was read' });
		deleteCode(teamId, left[1]);
		// scans made after the pass began come with this pass or, read up to its start only, the next one
		const reported = [...(await finishPass(trigger)), ...(await finishPass(trigger))];

		expect(reported.sort()).toEqual(['Added', 'Kept']);
		expect(trigger.codeIds).toContain(added.id);
		expect(trigger.codeIds).not.toContain(left[1]);
		expect(await finishPass(trigger)).toEqual([]);
	});
});
