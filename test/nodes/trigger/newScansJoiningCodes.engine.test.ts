/**
 * New Scans: codes that come to match the filters (a tag added, the filters changed) are watched from the last
 * poll that knew they did not match, whatever else changed in them since, and never after the change the feed
 * shows. Build first (engine tests load dist/).
 */
import { useSimulator } from '../../support/simulatorSuite';
import { codeWriters, polling, triggerAccounts } from '../../support/triggerRuns';

const suite = useSimulator({ seed: false });
const newAccount = triggerAccounts(suite, 'joining.example');
const { createCode, updateCode } = codeWriters(suite);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('QRTRAC Trigger: New Scans, a code that comes to match', () => {
	it('a scan made after the tag was added, before a later edit of the code, is reported', async () => {
		const account = newAccount();
		createCode(account.teamId, { name: 'Tagged', tags: ['event'] });
		const joining = createCode(account.teamId, { name: 'Tagged later' });
		const watcher = polling(account.credentials, {
			triggerOn: 'newScans',
			filters: { tag: 'event' },
			options: { overlapSeconds: 1 },
		});
		expect(await watcher.poll()).toEqual([]);

		const tagged = updateCode(joining.id, { tags: ['event'] });
		suite.sim.state.addScan(joining.id, { scanTime: tagged.updatedAt + 5, city: 'While tagged' });
		await sleep(1_500);
		// another edit of the code before the next poll (a rename): the feed shows only this latest version
		updateCode(joining.id, { name: 'Tagged later, renamed' });
		suite.sim.state.addScan(joining.id, { city: 'After rename' });

		expect((await watcher.poll()).map((scan) => scan.city)).toEqual([
			'While tagged',
			'After rename',
		]);
	});

	it('a code created with the tag after activation, scanned, then renamed before the next poll: its scans come', async () => {
		const account = newAccount();
		createCode(account.teamId, { name: 'Tagged', tags: ['event'] });
		const watcher = polling(account.credentials, {
			triggerOn: 'newScans',
			filters: { tag: 'event' },
			options: { overlapSeconds: 1 },
		});
		expect(await watcher.poll()).toEqual([]);

		const created = createCode(account.teamId, { name: 'New', tags: ['event'] });
		suite.sim.state.addScan(created.id, { scanTime: created.updatedAt + 5, city: 'First scan' });
		await sleep(1_500);
		updateCode(created.id, { name: 'New, renamed' });

		expect((await watcher.poll()).map((scan) => scan.city)).toEqual(['First scan']);
	});

	it('the Tag filter changed on an active workflow: a scan made while the code was filtered out is not reported', async () => {
		const account = newAccount();
		createCode(account.teamId, { name: 'A', tags: ['a'] });
		const b = createCode(account.teamId, { name: 'B', tags: ['b'] });
		const parameters = {
			triggerOn: 'newScans',
			filters: { tag: 'a' },
			options: { overlapSeconds: 1 },
		};
		const watcher = polling(account.credentials, parameters);
		expect(await watcher.poll()).toEqual([]);
		suite.sim.state.addScan(b.id, { city: 'Filtered out when made' });
		// older than the overlap (1 s) and the second the service's Date tells the present in when the poll checks
		await sleep(2_500);
		expect(await watcher.poll()).toEqual([]);

		parameters.filters = { tag: 'b' };
		suite.sim.state.addScan(b.id, { city: 'Under the new filter' });
		expect((await watcher.poll()).map((scan) => scan.city)).toEqual(['Under the new filter']);
	});
});

describe.each([
	['with a Date header', -120_000 as number | null],
	["without a Date header (the present is n8n's clock)", null],
])('QRTRAC Trigger: New Scans, the service stamps codes 120 s behind n8n, %s', (_name, offset) => {
	beforeEach(() => {
		suite.sim.clock.advance(-120_000);
		suite.sim.setChangeDrift({ clockOffsetMs: offset });
	});
	afterEach(() => {
		suite.sim.clock.useRealTime();
		suite.sim.setChangeDrift({ clockOffsetMs: 0 });
	});

	it('a scan made after the tag was added is reported', async () => {
		const account = newAccount();
		createCode(account.teamId, { name: 'Tagged', tags: ['event'] });
		const joining = createCode(account.teamId, { name: 'Tagged later' });
		const watcher = polling(account.credentials, {
			triggerOn: 'newScans',
			filters: { tag: 'event' },
			options: { overlapSeconds: 15 },
		});
		expect(await watcher.poll()).toEqual([]);
		expect(await watcher.poll()).toEqual([]);

		const tagged = updateCode(joining.id, { tags: ['event'] });
		suite.sim.state.addScan(joining.id, { scanTime: tagged.updatedAt + 5, city: 'While tagged' });

		expect((await watcher.poll()).map((scan) => scan.city)).toEqual(['While tagged']);
	});
});

describe('QRTRAC Trigger: New Scans, a code tagged while a poll lists the codes for changed filters', () => {
	it('a scan made after the tag (the code matched the filters in force) is reported', async () => {
		const account = newAccount();
		createCode(account.teamId, { name: 'A', tags: ['a'] });
		const x = createCode(account.teamId, { name: 'X', tags: ['c'] });
		const parameters = {
			triggerOn: 'newScans',
			filters: { tag: 'a' },
			options: { overlapSeconds: 1 },
		};
		const watcher = polling(account.credentials, parameters);
		expect(await watcher.poll()).toEqual([]);
		expect(await watcher.poll()).toEqual([]);

		parameters.filters = { tag: 'b' };
		// the present read after the list answers late (a slow or rate-limited list walk has the same effect)
		suite.sim.faults.add({ kind: 'stall', delayMs: 4_000, pathPattern: '/fromTime/', count: 1 });
		const listing = watcher.poll();
		await sleep(1_000);
		const tagged = updateCode(x.id, { tags: ['b'] });
		suite.sim.state.addScan(x.id, { scanTime: tagged.updatedAt + 5, city: 'While matching' });
		expect(await listing).toEqual([]);

		expect((await watcher.poll()).map((scan) => scan.city)).toEqual(['While matching']);
	});
});
