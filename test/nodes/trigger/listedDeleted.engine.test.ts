/**
 * New Scans watches live codes only, also where the service's list holds soft-deleted codes (the contract does not
 * say it leaves them out: list drift `listsDeleted`): a deleted code's id is never sent for scans, which the
 * service refuses as not found. Code Changes' test event takes a listed deleted code for the deletion it is.
 * Through n8n-core's real poll machinery against the simulator over 127.0.0.1.
 */
import { useSimulator } from '../../support/simulatorSuite';
import { codeWriters, polling, triggerAccounts } from '../../support/triggerRuns';

const suite = useSimulator({ seed: false });
const newAccount = triggerAccounts(suite, 'listed-deleted.example');
const { createCode, deleteCode } = codeWriters(suite);

afterEach(() => suite.sim.setListDrift({}));

describe('QRTRAC Trigger: New Scans when the list holds deleted codes', () => {
	beforeEach(() => suite.sim.setListDrift({ listsDeleted: true }));

	function teamWithLiveAndDeletedCode() {
		const account = newAccount();
		const now = suite.sim.clock.now();
		const live = createCode(account.teamId, { name: 'Live' });
		suite.sim.state.addScan(live.id, { scanTime: now - 5 * 60_000, city: 'Live scan' });
		const gone = createCode(account.teamId, { name: 'Gone' });
		suite.sim.state.addScan(gone.id, { scanTime: now - 10 * 60_000, city: 'Gone scan' });
		deleteCode(account.teamId, gone.id);
		return { account, live, gone };
	}

	function scanRequestsNaming(id: string) {
		return suite.sim.requestLog.filter(
			(entry) =>
				entry.operationId === 'getBulkQrAnalytics' && JSON.stringify(entry.body).includes(id),
		);
	}

	it("the test event is the live code's scan, the deleted code never asked for", async () => {
		const { account, live, gone } = teamWithLiveAndDeletedCode();

		const events = await polling(account.credentials, { triggerOn: 'newScans' }).poll('manual');

		expect(events.map((event) => [event.qrId, event.city])).toEqual([[live.id, 'Live scan']]);
		expect(scanRequestsNaming(gone.id)).toEqual([]);
	});

	it("polls report the live code's new scans, the deleted code never asked for", async () => {
		const { account, live, gone } = teamWithLiveAndDeletedCode();
		const trigger = polling(account.credentials, { triggerOn: 'newScans' });

		expect(await trigger.poll()).toEqual([]);
		suite.sim.state.addScan(live.id, { scanTime: suite.sim.clock.now() - 1000, city: 'New scan' });
		const events = await trigger.poll();

		expect(events.map((event) => [event.qrId, event.city])).toEqual([[live.id, 'New scan']]);
		expect(scanRequestsNaming(gone.id)).toEqual([]);
	});
});

describe('QRTRAC Trigger: the Code Changes test event when the list holds deleted codes', () => {
	beforeEach(() => suite.sim.setListDrift({ listsDeleted: true }));

	/** A live code made two hours ago, and one made after it and deleted an hour ago (no change of the last minutes). */
	function teamWithCodeDeletedAnHourAgo() {
		const account = newAccount();
		const twoHoursAgo = Date.now() - 7_200_000;
		const webCode = { qrType: 'WEB', qrRedirectUrl: 'https://example.com/' };
		const live = suite.sim.state.createQrAt(
			account.teamId,
			{ ...webCode, name: 'Live' },
			twoHoursAgo,
		);
		const gone = suite.sim.state.createQrAt(
			account.teamId,
			{ ...webCode, name: 'Gone' },
			twoHoursAgo + 1,
		);
		suite.sim.clock.set(Date.now() - 3_600_000);
		deleteCode(account.teamId, gone.id);
		suite.sim.clock.useRealTime();
		return { account, live, gone };
	}

	it('is the listed deleted code as `deleted`, the newest change the list shows', async () => {
		const { account, gone } = teamWithCodeDeletedAnHourAgo();

		const events = await polling(account.credentials).poll('manual');

		expect(events.map((event) => [event.event, event.id])).toEqual([['deleted', gone.id]]);
	});

	it('is the live code when Code Deleted is not among the events', async () => {
		const { account, live } = teamWithCodeDeletedAnHourAgo();

		const events = await polling(account.credentials, { events: ['created', 'updated'] }).poll(
			'manual',
		);

		expect(events.map((event) => [event.event, event.id])).toEqual([['created', live.id]]);
	});
});
