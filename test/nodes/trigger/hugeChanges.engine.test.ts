/**
 * QRTRAC Trigger when the updated-after answer is larger than the transport reads (64 MB: tens of thousands of
 * codes changed since the last poll, e.g. after the workflow was off for days): the poll reads the changes from
 * the team's list instead of failing on the same answer at every poll (engine test: n8n-core against the
 * simulator, mode `hugeAnswerBytes` on the updated-after operation only). Build first (`npm run build`).
 */
import { useSimulator } from '../../support/simulatorSuite';
import { codeWriters, polling, triggerAccounts } from '../../support/triggerRuns';

const suite = useSimulator({ seed: false });

const newAccount = triggerAccounts(suite, 'huge-changes.example');
const { createCode } = codeWriters(suite);

/** Updated-after answers padded past the transport's 64 MB; list pages and scan answers as usual. */
function hugeChangesAnswers(): void {
	suite.sim.setAnswerModes({
		hugeAnswerBytes: 65 * 1024 * 1024,
		hugeAnswerOperations: ['getTeamQrsFromTime'],
	});
}

afterEach(() => {
	suite.sim.setAnswerModes({});
});

describe('QRTRAC Trigger: an updated-after answer too large to read', () => {
	it('Code Changes reads the changes from the list, each once, instead of failing every poll', async () => {
		const account = newAccount();
		createCode(account.teamId, { name: 'Before activation' });
		const { poll } = polling(account.credentials);
		expect(await poll()).toEqual([]);

		const created = createCode(account.teamId, { name: 'Created while the answer is huge' });
		hugeChangesAnswers();

		expect((await poll()).map((event) => [event.event, event.id])).toEqual([
			['created', created.id],
		]);
		expect(await poll()).toEqual([]);
		suite.sim.setAnswerModes({});
		expect(await poll()).toEqual([]);
	}, 60_000);

	it('New Scans follows a code created meanwhile and reports its scan', async () => {
		const account = newAccount();
		createCode(account.teamId, { name: 'Watched from the start' });
		const { poll } = polling(account.credentials, { triggerOn: 'newScans' });
		expect(await poll()).toEqual([]);

		const created = createCode(account.teamId, { name: 'Created while the answer is huge' });
		suite.sim.state.addScan(created.id, { city: 'Scanned after activation' });
		hugeChangesAnswers();

		expect((await poll()).map((scan) => [scan.qrName, scan.city])).toEqual([
			['Created while the answer is huge', 'Scanned after activation'],
		]);
		expect(await poll()).toEqual([]);
	}, 60_000);
});
