/**
 * New Scans' first listing against lists the contract allows or a service may serve (through n8n-core's PollContext
 * against the simulator over 127.0.0.1): a total below the codes served, codes joining the listed set while the
 * listing goes on over several polls, pages counted from 0. The codes are created an hour before the listing, so
 * that the change feed read when it completes (from its start, less the overlap) re-adds none of them and a code
 * the pages missed stays missed. Build first (`npm run build`).
 */
import type { IDataObject } from 'n8n-workflow';

import { touchQr } from '../../../simulator/domain/qrCodes';
import { pollTrigger, type HarnessCredentials } from '../../support/n8nHarness';
import { useSimulator } from '../../support/simulatorSuite';
import { organizations } from '../../support/organizations';

const suite = useSimulator({ seed: false, latencyMs: 20 });

jest.setTimeout(180_000);

const newOrganization = organizations(suite, 'listing-drift.example');

/** A New Scans trigger whose static data persists between polls as n8n stores it. */
function watcher(credentials: HarnessCredentials, parameters: IDataObject = {}) {
	let staticData: IDataObject = {};
	return {
		get state(): IDataObject {
			return staticData;
		},
		get watched(): string[] {
			return (staticData.newScans as { codeIds: string[] } | undefined)?.codeIds ?? [];
		},
		async poll(budgetMs: number): Promise<string[]> {
			const result = await pollTrigger({
				parameters: { triggerOn: 'newScans', ...parameters },
				credentials,
				staticData,
				pollBudgetMs: budgetMs,
			});
			staticData = JSON.parse(JSON.stringify(result.staticData)) as IDataObject;
			return (result.items ?? []).map((item) => String(item.json.city));
		},
	};
}

/** A team's codes created an hour ago (before the listing, by more than the overlap). */
function codesOfAnHourAgo(count: number, options: { plan?: string } = {}) {
	suite.sim.clock.set(Date.now() - 3_600_000);
	const made = newOrganization.withCodes(count, options);
	suite.sim.clock.useRealTime();
	return made;
}

describe('QRTRAC Trigger: New Scans lists every code of lists the contract allows', () => {
	afterEach(() => {
		suite.sim.setListDrift({});
		suite.sim.clock.useRealTime();
	});

	it('reads past a total below the codes served, as a one-poll walk does, and reports the scans of every code', async () => {
		const { codes, credentials } = codesOfAnHourAgo(250);
		suite.sim.setListDrift({ totalBelow: 60 });
		const trigger = watcher(credentials);
		expect(await trigger.poll(60_000)).toEqual([]);
		expect([...trigger.watched].sort()).toEqual(codes.map((code) => code.id).sort());

		suite.sim.clock.advance(2_000);
		suite.sim.state.addScan(codes[249].id, { city: 'Scan of the last code' });
		suite.sim.state.addScan(codes[0].id, { city: 'Scan of the first code' });
		suite.sim.clock.advance(2_000);
		expect((await trigger.poll(60_000)).sort()).toEqual([
			'Scan of the first code',
			'Scan of the last code',
		]);
	});

	it('misses no code when a code renamed into the search joins the listed set between two polls', async () => {
		const { team, codes, credentials } = codesOfAnHourAgo(1_200, { plan: 'Business Plus' });
		suite.sim.setPlan(5, team.id);
		const ordered = [...codes].sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1));
		// an early code does not match the search when the listing begins; it is renamed back in after the first poll,
		// which moves every later code one place towards the end (the list is read in creation order)
		const renamed = ordered[5];
		suite.sim.clock.set(Date.now() - 3_600_000);
		touchQr(suite.sim.state, suite.sim.state.getQr(renamed.id)!, { name: 'Other 5' }, 'test');
		suite.sim.clock.useRealTime();
		const trigger = watcher(credentials, { filters: { search: 'Code' } });
		for (let poll = 0; poll < 14 && trigger.state.newScans === undefined; poll += 1) {
			await trigger.poll(1_500);
			if (poll === 0) {
				expect(trigger.state.newScansListing).toBeDefined();
				touchQr(
					suite.sim.state,
					suite.sim.state.getQr(renamed.id)!,
					{ name: 'Code 5 again' },
					'test',
				);
			}
		}

		expect(trigger.state.newScans).toBeDefined();
		const matching = suite.sim.state
			.listQrs(team.id, { includeDeleted: false })
			.filter((code: { name: string }) => code.name.includes('Code'))
			.map((code: { id: string }) => code.id);
		expect(matching).toHaveLength(1_200);
		expect([...trigger.watched].sort()).toEqual([...matching].sort());
	});

	it('completes the listing of a service counting pages from 0, as a one-poll walk does', async () => {
		const { codes, credentials } = codesOfAnHourAgo(250);
		suite.sim.setListDrift({ zeroBasedPages: true });
		const trigger = watcher(credentials);
		expect(await trigger.poll(60_000)).toEqual([]);
		expect(trigger.state.newScansListing).toBeUndefined();
		expect([...trigger.watched].sort()).toEqual(codes.map((code) => code.id).sort());
	});
});
