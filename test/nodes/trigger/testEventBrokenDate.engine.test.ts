/**
 * Fetch Test Event against a service whose records are on the real clock but whose `Date` header is broken (far
 * off): serviceClock.ts does not believe a Date more than a day off, and neither do the test event's windows, which
 * then lie on n8n's clock. Build first (`npm run build`).
 */
import { useSimulator } from '../../support/simulatorSuite';
import { codeWriters, polling, triggerAccounts } from '../../support/triggerRuns';

const suite = useSimulator({ seed: false });
const newAccount = triggerAccounts(suite, 'broken-date.example');
const { createCode } = codeWriters(suite);

describe.each([
	['absent (control)', () => null],
	['40 days ahead', () => 40 * 86_400_000],
])(
	"Fetch Test Event with the service's Date header %s (records on the real clock)",
	(_name, offset: () => number | null) => {
		beforeEach(() => suite.sim.setChangeDrift({ clockOffsetMs: offset() }));
		afterEach(() => suite.sim.setChangeDrift({ clockOffsetMs: 0 }));

		it('finds the scan just made', async () => {
			const account = newAccount();
			const code = createCode(account.teamId, { name: 'Scanned' });
			suite.sim.state.addScan(code.id, { city: 'Just now' });
			const { poll } = polling(account.credentials, { triggerOn: 'newScans' });
			expect((await poll('manual')).map((scan) => scan.city)).toEqual(['Just now']);
		});

		it('finds the change just made (All Teams)', async () => {
			const account = newAccount();
			const code = createCode(account.teamId, { name: 'Just changed' });
			const { poll } = polling(account.credentials, { scope: 'all' });
			expect((await poll('manual')).map((event) => event.id)).toEqual([code.id]);
		});
	},
);
