/**
 * QRTRAC Trigger against a service whose clock (its records' times and its `Date` header alike) is minutes off
 * n8n's: nothing written after activation may be lost, whichever way the clocks differ. The first poll learns
 * where "now" is from the service's answer, not from n8n's clock (engine test: n8n-core against the simulator).
 * Build first (`npm run build`).
 */
import { useSimulator } from '../../support/simulatorSuite';
import { codeWriters, polling, triggerAccounts } from '../../support/triggerRuns';

const suite = useSimulator({ seed: false });

const newAccount = triggerAccounts(suite, 'skew.example');
const { createCode } = codeWriters(suite);

describe.each([-20 * 60_000, 20 * 60_000, 2 * 3_600_000])(
	"QRTRAC Trigger: service clock %i ms off n8n's, its Date header too",
	(skewMs) => {
		beforeEach(() => {
			suite.sim.clock.advance(skewMs);
			suite.sim.setChangeDrift({ clockOffsetMs: skewMs });
		});

		afterEach(() => {
			suite.sim.clock.useRealTime();
			suite.sim.setChangeDrift({ clockOffsetMs: 0 });
		});

		it('reports a code change made right after activation', async () => {
			const account = newAccount();
			createCode(account.teamId, { name: 'Before activation' });
			const { poll } = polling(account.credentials);
			expect(await poll()).toEqual([]);

			const created = createCode(account.teamId, { name: 'Right after activation' });

			expect((await poll()).map((event) => event.id)).toEqual([created.id]);
			expect(await poll()).toEqual([]);
		});

		it('reports a scan made right after activation', async () => {
			const account = newAccount();
			const code = createCode(account.teamId, { name: 'Scanned' });
			suite.sim.state.addScan(code.id, { city: 'Before activation' });
			const { poll } = polling(account.credentials, { triggerOn: 'newScans' });
			expect(await poll()).toEqual([]);

			suite.sim.state.addScan(code.id, { city: 'Right after activation' });

			expect((await poll()).map((scan) => scan.city)).toEqual(['Right after activation']);
			expect(await poll()).toEqual([]);
		});

		it("fetches the newest change of All Teams as a test event, its last minutes on the service's clock", async () => {
			const account = newAccount();
			const code = createCode(account.teamId, { name: 'Just changed' });
			const { poll } = polling(account.credentials, { scope: 'all' });

			expect((await poll('manual')).map((event) => event.id)).toEqual([code.id]);
		});

		it("fetches the newest scan as a test event, its last hour on the service's clock", async () => {
			const account = newAccount();
			const code = createCode(account.teamId, { name: 'Scanned' });
			suite.sim.state.addScan(code.id, { city: 'Just now' });
			const { poll } = polling(account.credentials, { triggerOn: 'newScans' });

			expect((await poll('manual')).map((scan) => scan.city)).toEqual(['Just now']);
		});
	},
);
