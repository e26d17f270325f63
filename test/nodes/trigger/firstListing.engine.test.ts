/**
 * New Scans' first listing of a large team on a slow plan (5 requests/s, the simulator's and the credential's),
 * within n8n 2.x's poll budget (`getPollBudgetMs`), through n8n-core's PollContext against the simulator over
 * 127.0.0.1: the listing goes on over several polls, each within its budget, while codes are created, scanned
 * and deleted, and the trigger then watches exactly the team's live codes. Build first (`npm run build`).
 */
import { dirname } from 'node:path';

import type { IDataObject } from 'n8n-workflow';

import { deleteQr } from '../../../simulator/domain/qrCodes';
import { engineService } from '../../support/harness/engineServices';
import { pollTrigger, type HarnessCredentials } from '../../support/n8nHarness';
import { useSimulator } from '../../support/simulatorSuite';
import { organizations } from '../../support/organizations';

const suite = useSimulator({ seed: false, latencyMs: 20 });

/** n8n's logger as n8n-core's PollContext hands it to the node (`ctx.logger`). */
const { Logger } = require(
	require.resolve('@n8n/backend-common', { paths: [dirname(require.resolve('n8n-core'))] }),
) as typeof import('@n8n/backend-common');

const BUDGET_MS = 1_500;

jest.setTimeout(120_000);

const newOrganization = organizations(suite, 'listing.example');

/** A New Scans trigger whose static data persists between polls as n8n stores it; each poll timed and its list pages counted. */
function watcher(credentials: HarnessCredentials) {
	let staticData: IDataObject = {};
	return {
		get state(): IDataObject {
			return staticData;
		},
		async poll(budgetMs = BUDGET_MS) {
			const before = suite.sim.requestLog.at(-1)?.seq ?? 0;
			const startedAt = Date.now();
			const result = await pollTrigger({
				parameters: { triggerOn: 'newScans' },
				credentials,
				staticData,
				pollBudgetMs: budgetMs,
			});
			const tookMs = Date.now() - startedAt;
			staticData = JSON.parse(JSON.stringify(result.staticData)) as IDataObject;
			const pages = suite.sim.requestLog.filter(
				(entry) => entry.seq > before && entry.operationId === 'getTeamQrsPaginated',
			).length;
			return { cities: (result.items ?? []).map((item) => String(item.json.city)), tookMs, pages };
		},
	};
}

describe('QRTRAC Trigger: New Scans lists a large team over several polls', () => {
	afterEach(() => {
		suite.sim.clock.useRealTime();
		jest.restoreAllMocks();
	});

	it('lists within each poll budget, misses no code the listing shifted, and then reports the scans since it began', async () => {
		const { team, codes, credentials } = newOrganization.withCodes(1_200, {
			plan: 'Business Plus',
		});
		suite.sim.setPlan(5, team.id);
		const info = jest.spyOn(engineService(Logger), 'info');
		const trigger = watcher(credentials);
		const deleted: string[] = [];
		let created: string | undefined;

		const listingPolls: Array<{ tookMs: number; pages: number; cities: string[] }> = [];
		for (let poll = 0; poll < 12 && trigger.state.newScans === undefined; poll += 1) {
			listingPolls.push(await trigger.poll());
			if (poll === 0) {
				// while the listing goes on: a code is created, and codes of the first pages are deleted, which moves
				// every later code one place towards page 1
				suite.sim.clock.advance(5_000);
				created = suite.sim.state.createQr(team.id, {
					qrType: 'WEB',
					qrRedirectUrl: 'https://example.com/new',
					name: 'Created during the listing',
				}).id;
				suite.sim.state.addScan(created, { city: 'Created during the listing' });
				suite.sim.state.addScan(codes[1_199].id, { city: 'Last listed' });
			}
			if (poll < 3 && trigger.state.newScans === undefined) {
				const victim = codes[3 + 100 * poll].id;
				deleteQr(suite.sim.state, suite.sim.state.teams.get(team.id)!, victim, 'test');
				deleted.push(victim);
			}
		}

		expect(trigger.state.newScans).toBeDefined();
		expect(trigger.state.newScansListing).toBeUndefined();
		const pagesPerPoll = listingPolls[0].pages;
		// 12 pages of 100 codes, page 1 read twice
		expect(listingPolls.length).toBeGreaterThan(1);
		expect(listingPolls.length).toBeLessThanOrEqual(Math.ceil(13 / pagesPerPoll) + 1);
		for (const poll of listingPolls) expect(poll.tookMs).toBeLessThan(BUDGET_MS);
		for (const poll of listingPolls.slice(0, -1)) expect(poll.cities).toEqual([]);
		expect(
			info.mock.calls.filter(([line]) =>
				String(line).includes('the next poll continues the listing'),
			),
		).toHaveLength(listingPolls.length - 1);

		// exactly the live codes: the 1,197 left of the first 1,200 and the one created meanwhile
		const watched = (trigger.state.newScans as { codeIds: string[] }).codeIds;
		const live = [...codes.map((code) => code.id).filter((id) => !deleted.includes(id)), created!];
		expect([...watched].sort()).toEqual([...live].sort());

		const reported = [...listingPolls.at(-1)!.cities, ...(await trigger.poll(60_000)).cities];
		expect(reported.sort()).toEqual(['Created during the listing', 'Last listed']);
		expect((await trigger.poll(60_000)).cities).toEqual([]);
	});
});
