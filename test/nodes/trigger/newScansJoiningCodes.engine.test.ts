/**
 * New Scans: codes that come to match the filters (a tag added, the filters changed) are watched from the last
 * poll that knew they did not match, whatever else changed in them since. Build first (engine tests load dist/).
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
