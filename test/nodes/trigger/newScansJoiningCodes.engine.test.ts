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

/** A team with a code tagged `event` and one not (yet), watched by New Scans for the tag, after two polls. */
async function watchingTheTag(overlapSeconds: number) {
	const account = newAccount();
	createCode(account.teamId, { name: 'Tagged', tags: ['event'] });
	const joining = createCode(account.teamId, { name: 'Tagged later' });
	const watcher = polling(account.credentials, {
		triggerOn: 'newScans',
		filters: { tag: 'event' },
		options: { overlapSeconds },
	});
	expect(await watcher.poll()).toEqual([]);
	expect(await watcher.poll()).toEqual([]);
	return { joining, watcher };
}

/** A Tag filter of `a` over codes A (tagged `a`) and B (tagged `b`), after two polls; `parameters` can change it. */
async function watchingTagA(overlapSeconds: number) {
	const account = newAccount();
	createCode(account.teamId, { name: 'A', tags: ['a'] });
	const b = createCode(account.teamId, { name: 'B', tags: ['b'] });
	const parameters = {
		triggerOn: 'newScans',
		filters: { tag: 'a' },
		options: { overlapSeconds },
	};
	const watcher = polling(account.credentials, parameters);
	expect(await watcher.poll()).toEqual([]);
	expect(await watcher.poll()).toEqual([]);
	return { account, b, parameters, watcher };
}

/** The service's clock `skewMs` from n8n's, with its `Date` header at `dateOffsetMs` from it (null: none sent). */
function serviceClock(skewMs: number, dateOffsetMs: number | null) {
	beforeEach(() => {
		suite.sim.clock.advance(skewMs);
		suite.sim.setChangeDrift({ clockOffsetMs: dateOffsetMs });
	});
	afterEach(() => {
		suite.sim.clock.useRealTime();
		suite.sim.setChangeDrift({ clockOffsetMs: 0 });
	});
}

describe('QRTRAC Trigger: New Scans, a code that comes to match', () => {
	it('a scan made after the tag was added, before a later edit of the code, is reported', async () => {
		const { joining, watcher } = await watchingTheTag(1);

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
		const { b, parameters, watcher } = await watchingTagA(1);
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
	['120 s behind n8n, with a Date header', -120_000, -120_000 as number | null],
	["120 s behind n8n, without a Date header (the present is n8n's clock)", -120_000, null],
	['on n8n clock, with a Date header', 0, 0],
])('QRTRAC Trigger: New Scans, the service stamps codes %s', (_name, skew, offset) => {
	serviceClock(skew, offset);

	it('a scan made after the tag was added is reported', async () => {
		const { joining, watcher } = await watchingTheTag(15);

		const tagged = updateCode(joining.id, { tags: ['event'] });
		suite.sim.state.addScan(joining.id, { scanTime: tagged.updatedAt + 5, city: 'While tagged' });

		expect((await watcher.poll()).map((scan) => scan.city)).toEqual(['While tagged']);
	});

	it('tagged, scanned, then renamed before the next poll: the scan after the tag is reported', async () => {
		const { joining, watcher } = await watchingTheTag(1);

		const tagged = updateCode(joining.id, { tags: ['event'] });
		suite.sim.state.addScan(joining.id, { scanTime: tagged.updatedAt + 5, city: 'While tagged' });
		await sleep(1_500);
		updateCode(joining.id, { name: 'Tagged later, renamed' });

		expect((await watcher.poll()).map((scan) => scan.city)).toEqual(['While tagged']);
	});

	it('the Tag filter changed: a scan made under the new filter is reported', async () => {
		const { b, parameters, watcher } = await watchingTagA(15);

		parameters.filters = { tag: 'b' };
		suite.sim.state.addScan(b.id, { city: 'Under the new filter' });
		const third = await watcher.poll();
		const fourth = await watcher.poll();
		expect([...third, ...fourth].map((scan) => scan.city)).toEqual(['Under the new filter']);
	});
});

describe.each([
	// no answer tells when the tag came, and n8n's clock is no measure of the service's: both come, none is lost
	[
		'30 s ahead of n8n, without a Date header',
		30_000,
		null as number | null,
		['Filtered out when made', 'While tagged'],
	],
	['on n8n clock, with a Date header', 0, 0, ['While tagged']],
])('QRTRAC Trigger: New Scans, the service stamps codes %s', (_name, skew, offset, reported) => {
	serviceClock(skew, offset);

	it('a code scanned while filtered out, then tagged and scanned: the scans reported', async () => {
		const { joining, watcher } = await watchingTheTag(1);
		suite.sim.state.addScan(joining.id, { city: 'Filtered out when made' });
		await sleep(2_500);
		expect(await watcher.poll()).toEqual([]);

		const tagged = updateCode(joining.id, { tags: ['event'] });
		suite.sim.state.addScan(joining.id, { scanTime: tagged.updatedAt + 5, city: 'While tagged' });
		expect((await watcher.poll()).map((scan) => scan.city)).toEqual(reported);
	});
});

describe('QRTRAC Trigger: New Scans, a code tagged while a poll lists the codes', () => {
	it('for changed filters: a scan made after the tag (the code matched the filters in force) is reported', async () => {
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

	it('a code on a later page changed later in the same walk: the tagged code is still watched', async () => {
		const account = newAccount();
		// 150 codes: two pages, created in this order (the walk reads in creation order)
		const x = createCode(account.teamId, { name: 'X (page 1)' });
		for (let i = 0; i < 148; i += 1) createCode(account.teamId, { name: `Filler ${i}` });
		const y = createCode(account.teamId, { name: 'Y (page 2)' });
		createCode(account.teamId, { name: 'Tagged', tags: ['event'] });
		const watcher = polling(account.credentials, {
			triggerOn: 'newScans',
			filters: { tag: 'event' },
			options: { overlapSeconds: 1 },
		});
		// the second page of the first poll's walk answers 4 s late
		suite.sim.faults.add({
			kind: 'stall',
			delayMs: 4_000,
			method: 'GET',
			pathPattern: '^/api/qrs-api/v2/teams/$',
			skip: 1,
			count: 1,
		});
		const listing = watcher.poll();
		await sleep(800);
		const tagged = updateCode(x.id, { tags: ['event'] });
		await sleep(2_000);
		updateCode(y.id, { name: 'Y renamed' });
		expect(await listing).toEqual([]);
		// the codes cursor's floor stays at or below the tag: the next refresh reads it
		const saved = watcher.staticData.newScans as { codes: { floor: number } };
		expect(saved.codes.floor).toBeLessThanOrEqual(tagged.updatedAt);

		suite.sim.state.addScan(x.id, { scanTime: tagged.updatedAt + 5_000, city: 'While tagged' });
		await sleep(1_500);
		const second = await watcher.poll();
		await sleep(1_500);
		const third = await watcher.poll();
		expect([...second, ...third].map((scan) => scan.city)).toEqual(['While tagged']);
	});
});
