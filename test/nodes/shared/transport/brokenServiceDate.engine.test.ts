/**
 * Every reader of the service's present against a service whose records are on the real clock but whose `Date`
 * header is broken (far off, or 1970 as a box without a clock sends): serviceClock.ts `believedDate` does not
 * believe a Date more than a day off, so the action node reads the records against n8n's clock, neither refused as
 * "not the expected shape" nor missed behind a present set in the future. The trigger, which would move its cursors
 * on that guess, fails the poll naming both clocks and saves nothing (QrtracTrigger/pollGuard.ts).
 */
import { runNode } from '../../../support/n8nHarness';
import { useSimulator } from '../../../support/simulatorSuite';
import { codeWriters, polling, triggerAccounts } from '../../../support/triggerRuns';
import { runForCodes } from '../../analytics/scanRuns';

const suite = useSimulator({ seed: false });
const newAccount = triggerAccounts(suite, 'broken-date.example');
const { createCode } = codeWriters(suite);
const DAY = 86_400_000;

describe.each([
	['absent (control)', () => null],
	['40 days ahead', () => 40 * DAY],
	['40 days behind', () => -40 * DAY],
	['at 1970', () => -Date.now()],
])(
	"the service's Date header %s (records on the real clock)",
	(_name, offset: () => number | null) => {
		beforeEach(() => suite.sim.setChangeDrift({ clockOffsetMs: offset() }));
		afterEach(() => suite.sim.setChangeDrift({ clockOffsetMs: 0 }));

		it.each(['team', 'organization'])(
			'Get Updated Since (%s) returns the code just made',
			async (scope) => {
				const account = newAccount();
				const code = createCode(account.teamId, { name: 'Just made' });
				const result = await runNode({
					nodeType: 'qrtrac',
					credentials: account.credentials,
					parameters: {
						resource: 'qrCode',
						operation: 'getUpdatedSince',
						since: Date.now() - 3_600_000,
						scope,
					},
				});
				expect(result.error).toBeUndefined();
				expect(result.items.map((item) => item.json.id)).toEqual([code.id]);
			},
		);

		it('Get Scans for Codes, Get Scans and Get Totals read the scan just made', async () => {
			const account = newAccount();
			const code = createCode(account.teamId, { name: 'Scanned' });
			const scanTime = Date.now() - 60_000;
			suite.sim.state.addScan(code.id, { scanTime });

			const forCodes = await runForCodes(account.credentials, 'getScansForCodes', code.id, {
				timeRange: 'last30Days',
			});
			const one = await runNode({
				nodeType: 'qrtrac',
				credentials: account.credentials,
				parameters: {
					resource: 'analytics',
					operation: 'getScans',
					qrCodeId: { __rl: true, mode: 'id', value: code.id },
					timeRange: 'allTime',
					returnAll: true,
				},
			});
			const totals = await runForCodes(account.credentials, 'getTotals', code.id);

			expect([forCodes.error, one.error, totals.error]).toEqual([undefined, undefined, undefined]);
			expect(forCodes.items.map((item) => item.json.scanTime)).toEqual([scanTime]);
			expect(one.items.map((item) => item.json.scanTime)).toEqual([scanTime]);
			expect(totals.items.map((item) => item.json.totalScans)).toEqual([1]);
		});
	},
);

describe("the service's Date header absent (control)", () => {
	beforeEach(() => suite.sim.setChangeDrift({ clockOffsetMs: null }));
	afterEach(() => suite.sim.setChangeDrift({ clockOffsetMs: 0 }));

	it.each(['team', 'all'])(
		'the trigger (%s) reports a code change made after activation, once',
		async (scope) => {
			const account = newAccount();
			createCode(account.teamId, { name: 'Before activation' });
			const { poll } = polling(account.credentials, { scope });
			expect(await poll()).toEqual([]);

			const created = createCode(account.teamId, { name: 'After activation' });

			expect((await poll()).map((event) => event.id)).toEqual([created.id]);
			expect(await poll()).toEqual([]);
		},
	);

	it('the trigger reports a scan made after activation, once, and one of a code that comes to match', async () => {
		const account = newAccount();
		const code = createCode(account.teamId, { name: 'Scanned', tags: ['watched'] });
		const other = createCode(account.teamId, { name: 'Joins later' });
		suite.sim.state.addScan(code.id, { city: 'Before activation' });
		const { poll } = polling(account.credentials, {
			triggerOn: 'newScans',
			filters: { tag: 'watched' },
		});
		expect(await poll()).toEqual([]);

		suite.sim.state.addScan(code.id, { city: 'After activation' });
		expect((await poll()).map((scan) => scan.city)).toEqual(['After activation']);

		codeWriters(suite).updateCode(other.id, { tags: ['watched'] });
		suite.sim.state.addScan(other.id, { city: 'Joined' });
		expect((await poll()).map((scan) => scan.city)).toEqual(['Joined']);
		expect(await poll()).toEqual([]);
	});
});

describe.each([
	['40 days ahead', 40 * DAY],
	['40 days behind', -40 * DAY],
	['at 1970', null],
])("the service's Date header %s", (_name, offsetMs: number | null) => {
	beforeEach(() => suite.sim.setChangeDrift({ clockOffsetMs: offsetMs ?? -Date.now() }));
	afterEach(() => suite.sim.setChangeDrift({ clockOffsetMs: 0 }));

	it.each(['codeChanges', 'newScans'])(
		'the trigger (%s) fails each poll naming both clocks, and saves nothing',
		async (triggerOn) => {
			const account = newAccount();
			createCode(account.teamId, { name: 'Watched' });
			const watcher = polling(account.credentials, { triggerOn });
			for (let poll = 0; poll < 2; poll++) {
				const failure = await watcher.poll().catch((error: Error) => error);
				expect((failure as Error).message).toMatch(
					/^QRTRAC Trigger: QRTRAC's clock \(Date header\) says .*, n8n's clock says .*: more than a day apart, so the trigger cannot tell which is right; correct the wrong clock$/,
				);
				expect(watcher.staticData).toEqual({});
			}
		},
	);
});

describe.each([
	['40 days ahead', 40 * DAY],
	['40 days behind', -40 * DAY],
])("the service's Date header turning %s between polls, then right again", (_name, offsetMs) => {
	afterEach(() => suite.sim.setChangeDrift({ clockOffsetMs: 0 }));

	it.each(['codeChanges', 'newScans'])(
		'the trigger (%s) fails the polls meanwhile, saving nothing, and then reports each event once, none missed',
		async (triggerOn) => {
			const account = newAccount();
			const code = createCode(account.teamId, { name: 'Watched' });
			const watcher = polling(account.credentials, { triggerOn });
			const { poll } = watcher;
			const news = async () => {
				if (triggerOn === 'codeChanges') return (await poll()).map((event) => event.name);
				return (await poll()).map((scan) => scan.city);
			};
			const happen = (step: string) => {
				if (triggerOn === 'codeChanges') codeWriters(suite).updateCode(code.id, { name: step });
				else suite.sim.state.addScan(code.id, { city: step });
			};
			expect(await poll()).toEqual([]);

			happen('Right');
			expect(await news()).toEqual(['Right']);
			suite.sim.setChangeDrift({ clockOffsetMs: offsetMs });
			happen('Broken');
			const saved = watcher.staticData;
			await expect(poll()).rejects.toThrow('correct the wrong clock');
			await expect(poll()).rejects.toThrow('correct the wrong clock');
			expect(watcher.staticData).toEqual(saved);
			suite.sim.setChangeDrift({ clockOffsetMs: 0 });
			happen('Right again');
			// Code Changes reports a code's latest version
			expect(await news()).toEqual(
				triggerOn === 'codeChanges' ? ['Right again'] : ['Broken', 'Right again'],
			);
			expect(await news()).toEqual([]);
		},
	);
});

it('New Scans resumes from a scans cursor an earlier version set 40 days ahead by a broken Date', async () => {
	const account = newAccount();
	const code = createCode(account.teamId, { name: 'Watched' });
	const watcher = polling(account.credentials, { triggerOn: 'newScans' });
	expect(await watcher.poll()).toEqual([]);
	// as the version before this fix saved it after polls answered with a Date 40 days ahead
	const saved = structuredClone(watcher.staticData) as { newScans: Record<string, unknown> };
	const ahead = Math.floor(Date.now() / 1000) * 1000 + 40 * DAY;
	Object.assign(saved.newScans, {
		checkedAtDate: ahead,
		scans: { floor: ahead - 15_000, highWater: ahead, seen: {} },
	});
	watcher.staticData = saved;

	suite.sim.state.addScan(code.id, { city: 'After the upgrade' });

	expect((await watcher.poll()).map((scan) => scan.city)).toEqual(['After the upgrade']);
	expect(await watcher.poll()).toEqual([]);
});
