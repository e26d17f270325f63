/**
 * n8n's host clock days off while the service is right (its Date and its records on the true time). The action
 * node reads records by n8n's clock (a Date more than a day off is not believed); the trigger, which would move
 * its cursors by that guess, fails the poll instead, naming both times, and saves nothing. Build first.
 */
import { runNode } from '../../support/n8nHarness';
import { useSimulator } from '../../support/simulatorSuite';
import { codeWriters, pauseClocksTo, polling, triggerAccounts } from '../../support/triggerRuns';

const suite = useSimulator({ seed: false });
const newAccount = triggerAccounts(suite, 'n8n-clock-off.example');
const { createCode } = codeWriters(suite);
const DAY = 86_400_000;

afterEach(() => {
	jest.useRealTimers();
	suite.sim.clock.useRealTime();
});

it('n8n 2 days behind, service right: Get Updated Since returns the code just made', async () => {
	const trueNow = Date.now();
	const account = newAccount();
	suite.sim.clock.set(trueNow);
	const code = createCode(account.teamId, { name: 'Just made' });
	pauseClocksTo(trueNow - 2 * DAY);
	const result = await runNode({
		nodeType: 'qrtrac',
		credentials: account.credentials,
		parameters: {
			resource: 'qrCode',
			operation: 'getUpdatedSince',
			since: trueNow - 3_600_000,
			scope: 'team',
		},
	});
	expect(result.error?.message).toBeUndefined();
	expect(result.items.map((item) => item.json.id)).toEqual([code.id]);
});

it.each(['newScans', 'codeChanges'])(
	'n8n 2 days ahead for a while, service right: %s fails those polls naming both clocks, then reports each event once',
	async (triggerOn) => {
		const trueNow = Date.now();
		const account = newAccount();
		suite.sim.clock.set(trueNow);
		const code = createCode(account.teamId, { name: 'Watched' });
		const { poll } = polling(account.credentials, { triggerOn });
		const happen = (step: string, scanTime: number) => {
			if (triggerOn === 'codeChanges') codeWriters(suite).updateCode(code.id, { name: step });
			else suite.sim.state.addScan(code.id, { city: step, scanTime });
		};
		const news = async () =>
			(await poll()).map((event) => (triggerOn === 'codeChanges' ? event.name : event.city));
		expect(await poll()).toEqual([]);
		// n8n's host clock jumps 2 days ahead (a VM restored with a wrong clock); the service's stays right
		pauseClocksTo(trueNow + 2 * DAY);
		suite.sim.clock.set(trueNow + 60_000);
		happen('While n8n was ahead', trueNow + 30_000);
		const failure = (await poll().then(
			() => undefined,
			(error: Error) => error,
		))!;
		expect(failure?.message).toContain(
			`QRTRAC's clock (Date header) says ${new Date(trueNow + 60_000).toISOString().slice(0, 16)}`,
		);
		expect(failure.message).toContain(
			`n8n's clock says ${new Date(trueNow + 2 * DAY).toISOString().slice(0, 16)}`,
		);
		expect(failure.message).toContain('correct the wrong clock');
		// n8n's clock is fixed
		jest.useRealTimers();
		suite.sim.clock.set(trueNow + 120_000);
		happen('After the fix', trueNow + 90_000);
		const afterFix = await news();
		expect([...afterFix, ...(await news())]).toEqual(
			triggerOn === 'codeChanges' ? ['After the fix'] : ['While n8n was ahead', 'After the fix'],
		);
	},
);
