/**
 * New Scans and a watched code deleted without a trace whose scans are refused with 403 and whose read by ID is
 * answered 200 `{"success": true}` without a code (the contract's `data` is optional): read like a 403 read, the
 * code is let go once the team's list could hold it, and until then the poll's error words the ID as a watched
 * code's, not as one the user typed, and the answer as no refusal. Through n8n-core's real poll machinery against the simulator over 127.0.0.1.
 * Build first (`npm run build`).
 */
import { useSimulator } from '../../support/simulatorSuite';
import { codeWriters, polling, triggerAccounts } from '../../support/triggerRuns';

const suite = useSimulator({ seed: false });
const newAccount = triggerAccounts(suite, 'nocode-read.example');
const { createCodeAt, updateCode } = codeWriters(suite);

/** What the poll's error says while the code stays watched: no claim that a listing holds it (the list may lag). */
const STILL_WATCHED =
	"QRTRAC has not confirmed the code deleted (its changes do not show it deleted, and the team's list still holds it or may not show it yet)";

const sleep = async (ms: number) => await new Promise((resolve) => setTimeout(resolve, ms));

afterEach(() => {
	suite.sim.faults.clear();
	suite.sim.setAnswerModes({});
	suite.sim.clock.useRealTime();
});

/** Deletes `id` without a trace: its scans refused with 403, its read by ID answered success without a code. */
function deleteWithoutTrace(id: string): void {
	suite.sim.setAnswerModes({ deletedCodeStatus: 403 });
	suite.sim.state.qrs.set(id, { ...suite.sim.state.getQr(id)!, deleted: true });
	suite.sim.faults.add({
		kind: 'status',
		status: 200,
		body: '{"success":true}',
		contentType: 'application/json',
		method: 'GET',
		path: `/api/qrs-api/teams/${id}`,
	});
}

describe('QRTRAC Trigger: New Scans and a watched code read without a code', () => {
	it("lets go of a listed code deleted without a trace and reports the other codes' scans", async () => {
		const account = newAccount();
		const [gone, live] = [0, 1].map((index) =>
			createCodeAt(account.teamId, Date.now() - 300_000 + index, `Code ${index}`),
		);
		const watcher = polling(account.credentials, { triggerOn: 'newScans' });
		expect(await watcher.poll()).toEqual([]);
		deleteWithoutTrace(gone.id);
		suite.sim.state.addScan(live.id, { city: 'Lyon' });

		expect((await watcher.poll()).map((item) => item.city)).toEqual(['Lyon']);
		expect((watcher.staticData as any).newScans.codeIds).toEqual([live.id]);
	});

	it('keeps a code the feed just brought, its error worded for a watched code, and lets it go past the lag bound', async () => {
		const account = newAccount();
		const kept = createCodeAt(account.teamId, Date.now() - 60_000, 'Kept');
		const watcher = polling(account.credentials, {
			triggerOn: 'newScans',
			options: { overlapSeconds: 1 },
		});
		expect(await watcher.poll()).toEqual([]);
		// made after the team was listed: the change feed brings it, no listing holds it
		const fresh = createCodeAt(account.teamId, Date.now(), 'Fresh');
		await sleep(200);
		expect(await watcher.poll()).toEqual([]);
		await sleep(2_500);
		updateCode(kept.id, { name: 'Kept 2' });
		expect(await watcher.poll()).toEqual([]);
		deleteWithoutTrace(fresh.id);
		suite.sim.state.addScan(kept.id, { city: 'Lyon' });
		await sleep(300);

		const failed = await watcher.poll().then(
			() => undefined,
			(error: Error & { description?: string }) => error,
		);
		expect(failed?.message).toContain(`watched code ${fresh.id}`);
		expect(failed?.description).toMatch(/keeps watching it/);
		expect(failed?.description).not.toMatch(/Team Override|Check the ID/);
		// after "shows no code of this team" the code is not "shown gone": its deletion is not confirmed
		expect(failed?.message).toMatch(/refused the scans of watched code .*; its read: /);
		// no listing holds the code (it is kept because the list may lag): the error claims no list still holds it
		expect(
			suite.sim.state.listQrs(account.teamId, { includeDeleted: false }).map((c) => c.id),
		).not.toContain(fresh.id);
		expect(failed?.description).not.toMatch(/list still holds? it[),]/);
		expect(failed?.description).toContain(STILL_WATCHED);
		expect(failed?.description).not.toMatch(/does not show the code gone/);

		suite.sim.clock.advance(16 * 60_000);
		expect((await watcher.poll()).map((item) => item.city)).toEqual(['Lyon']);
	});

	it('a listed code with new scans whose read gives no code: the error names no refusal, and the code stays watched', async () => {
		const account = newAccount();
		const code = createCodeAt(account.teamId, Date.now() - 300_000, 'Listed');
		const watcher = polling(account.credentials, { triggerOn: 'newScans' });
		expect(await watcher.poll()).toEqual([]);
		suite.sim.faults.add({
			kind: 'status',
			status: 200,
			body: '{"success":true}',
			contentType: 'application/json',
			method: 'GET',
			path: `/api/qrs-api/teams/${code.id}`,
		});
		suite.sim.state.addScan(code.id, { city: 'Lyon' });

		const failed = await watcher.poll().then(
			() => undefined,
			(error: Error & { description?: string }) => error,
		);
		expect(failed?.message).toMatch(
			new RegExp(`^Watched code ${code.id}: QRTRAC answered Get QR Code`),
		);
		expect(failed?.message).not.toMatch(/refused/);
		expect(failed?.description).toContain(STILL_WATCHED);
		expect(failed?.description).not.toMatch(
			/does not show the code gone|Team Override|Check the ID/,
		);
		expect((watcher.staticData as any).newScans.codeIds).toEqual([code.id]);
	});
});
