/**
 * New Scans when QRTRAC refuses a watched code's scans with 403, which a live code (a role refused for a while) and
 * a code deleted without a trace may both get: a live one is never dropped on a list that lags behind the change
 * feed, a lasting refusal does not read the team's list or feed again and again, and the poll's error names the
 * code. Through n8n-core's real poll machinery against the simulator over 127.0.0.1. Build first (`npm run build`).
 */
import { useSimulator } from '../../support/simulatorSuite';
import { codeWriters, polling, triggerAccounts } from '../../support/triggerRuns';

const suite = useSimulator({ seed: false });
const newAccount = triggerAccounts(suite, 'refused.example');
const { createCodeAt, createCode, deleteCode, updateCode } = codeWriters(suite);

const forbidden = {
	kind: 'status' as const,
	status: 403,
	message: 'Your role is not allowed to do this',
};

/** Refuses with 403 the scans of every code and the read of `codePattern`'s codes by ID. */
function refuse(codePattern: string): void {
	suite.sim.faults.add({ ...forbidden, method: 'POST', path: '/api/analytics-api/detailed/all' });
	suite.sim.faults.add({
		...forbidden,
		method: 'GET',
		pathPattern: `^/api/qrs-api/teams/${codePattern}`,
	});
}

function lastSeq(): number {
	return suite.sim.requestLog.at(-1)?.seq ?? 0;
}

/** How many requests of each operation the simulator answered after `seq`. */
function countsSince(seq: number): Record<string, number> {
	const counts: Record<string, number> = {};
	for (const entry of suite.sim.requestLog) {
		const operation = entry.operationId ?? '';
		if (entry.seq > seq) counts[operation] = (counts[operation] ?? 0) + 1;
	}
	return counts;
}

const sleep = async (ms: number) => await new Promise((resolve) => setTimeout(resolve, ms));

afterEach(() => {
	suite.sim.faults.clear();
	suite.sim.setListDrift({});
	suite.sim.setAnswerModes({});
	suite.sim.setChangeDrift({ clockOffsetMs: 0 });
	suite.sim.clock.useRealTime();
});

describe('QRTRAC Trigger: New Scans and watched codes refused with 403', () => {
	it('keeps a code the feed brought while the list lags behind it, and reports its scans once allowed', async () => {
		const account = newAccount();
		const watcher = polling(account.credentials, {
			triggerOn: 'newScans',
			options: { overlapSeconds: 1 },
		});
		expect(await watcher.poll()).toEqual([]);
		// the list (a search index) lags by 10 minutes: a code made now is in the change feed, not yet in the list
		suite.sim.setListDrift({ listLagMs: 600_000 });
		const fresh = createCodeAt(account.teamId, Date.now(), 'Fresh');
		await sleep(200);
		expect(await watcher.poll()).toEqual([]);
		expect((watcher.staticData as any).newScans.codeIds).toEqual([fresh.id]);
		// past the overlap, another change of the team moves the feed's cursor beyond Fresh's creation
		await sleep(2_500);
		deleteCode(account.teamId, createCode(account.teamId, { name: 'Other' }).id);
		suite.sim.state.addScan(fresh.id, { city: 'Lyon' });
		refuse(`${fresh.id}$`);

		await expect(watcher.poll()).rejects.toThrow(fresh.id);
		suite.sim.faults.clear();
		expect((watcher.staticData as any).newScans.codeIds).toEqual([fresh.id]);
		suite.sim.state.addScan(fresh.id, { city: 'Nice' });
		const after = [...(await watcher.poll()), ...(await watcher.poll())];
		expect(after.map((scan) => scan.city).sort()).toEqual(['Lyon', 'Nice']);
	});

	it("reads the team's changes and list once in a poll that finds five codes deleted without a trace and answered 403", async () => {
		const account = newAccount();
		const codes = Array.from({ length: 6 }, (_, index) =>
			createCodeAt(account.teamId, Date.now() - 300_000 + index, `Code ${index}`),
		);
		const watcher = polling(account.credentials, { triggerOn: 'newScans' });
		await watcher.poll();
		suite.sim.setAnswerModes({ deletedCodeStatus: 403 });
		for (const code of codes.slice(0, 5))
			suite.sim.state.qrs.set(code.id, { ...suite.sim.state.getQr(code.id)!, deleted: true });
		suite.sim.state.addScan(codes[5].id, { city: 'Lyon' });

		const before = lastSeq();
		expect((await watcher.poll()).map((scan) => scan.city)).toEqual(['Lyon']);
		// one refresh and one check of the changes, one listing; before, one read of the changes per refused code
		expect(countsSince(before)).toMatchObject({ getTeamQrsFromTime: 2, getTeamQrsPaginated: 1 });
		expect((watcher.staticData as any).newScans.codeIds).toEqual([codes[5].id]);
	});

	it('does not list a 350-code team again at every poll while one live code stays refused with 403', async () => {
		const account = newAccount();
		for (let index = 0; index < 350; index++)
			createCodeAt(account.teamId, Date.now() - 86_400_000 + index, `Code ${index}`);
		const watcher = polling(account.credentials, { triggerOn: 'newScans' });
		await watcher.poll();
		refuse('qr_');

		const first = lastSeq();
		await expect(watcher.poll()).rejects.toThrow();
		expect(countsSince(first)).toMatchObject({ getTeamQrsPaginated: 4 });
		const second = lastSeq();
		await expect(watcher.poll()).rejects.toThrow();
		// the listing of the poll before held the code live: the changes answer alone is read again
		expect(countsSince(second)).toMatchObject({ getTeamQrsFromTime: 2 });
		expect(countsSince(second).getTeamQrsPaginated).toBeUndefined();
	});

	it("names the refused code in the poll's error and says New Scans keeps watching it", async () => {
		const account = newAccount();
		const live = createCodeAt(account.teamId, Date.now() - 86_400_000, 'Live');
		const watcher = polling(account.credentials, { triggerOn: 'newScans' });
		await watcher.poll();
		refuse(`${live.id}$`);
		suite.sim.state.addScan(live.id, { city: 'Lyon' });

		const failed = await watcher.poll().then(
			() => undefined,
			(error: Error & { description?: string }) => error,
		);
		expect(failed?.message).toContain(live.id);
		expect(failed?.message).toContain('Your role is not allowed to do this');
		expect(failed?.description).toMatch(/keeps watching it/);
		expect(failed?.description).toMatch(/reports them once QRTRAC answers for it/);
	});

	it('lets go of a code the feed brought, deleted without a trace and refused with 403, once a list could hold it', async () => {
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
		// another change past the overlap raises the feed's floor beyond Fresh's last change
		await sleep(2_500);
		updateCode(kept.id, { name: 'Kept 2' });
		expect(await watcher.poll()).toEqual([]);
		// deleted without a new updatedAt, its requests refused with 403; a scan of the other code waits
		suite.sim.setAnswerModes({ deletedCodeStatus: 403 });
		suite.sim.state.qrs.set(fresh.id, { ...suite.sim.state.getQr(fresh.id)!, deleted: true });
		suite.sim.state.addScan(kept.id, { city: 'Lyon' });
		await sleep(300);
		// within the list's lag bound the missing code proves nothing: the poll fails, nothing is lost
		await expect(watcher.poll()).rejects.toThrow(/watched code/);

		// 16 minutes on (the service's clock), a list that does not hold the code shows it gone
		suite.sim.clock.advance(16 * 60_000);
		const cities = (await watcher.poll()).map((item) => item.city);
		expect(cities).toEqual(['Lyon']);
	});

	it("lets go of such a code 16 minutes on also when scans of another code raised the scan cursor's floor meanwhile", async () => {
		const account = newAccount();
		const kept = createCodeAt(account.teamId, Date.now() - 60_000, 'Kept');
		const watcher = polling(account.credentials, {
			triggerOn: 'newScans',
			options: { overlapSeconds: 1 },
		});
		expect(await watcher.poll()).toEqual([]);
		const fresh = createCodeAt(account.teamId, Date.now(), 'Fresh');
		await sleep(200);
		expect(await watcher.poll()).toEqual([]);
		await sleep(2_500);
		updateCode(kept.id, { name: 'Kept 2' });
		// the other code is scanned: the scan cursor's floor rises past the time Fresh's scans are watched from
		suite.sim.state.addScan(kept.id, { city: 'Paris' });
		await sleep(300);
		expect((await watcher.poll()).map((item) => item.city)).toEqual(['Paris']);
		await sleep(2_500);
		suite.sim.state.addScan(kept.id, { city: 'Rome' });
		await sleep(300);
		expect((await watcher.poll()).map((item) => item.city)).toEqual(['Rome']);
		suite.sim.setAnswerModes({ deletedCodeStatus: 403 });
		suite.sim.state.qrs.set(fresh.id, { ...suite.sim.state.getQr(fresh.id)!, deleted: true });
		suite.sim.state.addScan(kept.id, { city: 'Lyon' });
		await sleep(300);
		await expect(watcher.poll()).rejects.toThrow(/watched code/);

		suite.sim.clock.advance(16 * 60_000);
		const cities = (await watcher.poll()).map((item) => item.city);
		expect(cities).toEqual(['Lyon']);
	});

	it('keeps a code the feed brought a minute ago off a lagging list also under an Overlap Window of 20 minutes', async () => {
		const account = newAccount();
		const watcher = polling(account.credentials, {
			triggerOn: 'newScans',
			options: { overlapSeconds: 1_200 },
		});
		expect(await watcher.poll()).toEqual([]);
		// the list lags by 10 minutes: the code is in the change feed, not in the list
		suite.sim.setListDrift({ listLagMs: 600_000 });
		const fresh = createCodeAt(account.teamId, Date.now(), 'Fresh');
		await sleep(200);
		expect(await watcher.poll()).toEqual([]);
		suite.sim.clock.advance(60_000);
		suite.sim.state.addScan(fresh.id, { city: 'Lyon' });
		refuse(`${fresh.id}$`);

		// live and refused a while: the poll fails and the code stays watched; a minute is not the list's lag bound
		await expect(watcher.poll()).rejects.toThrow(fresh.id);
		suite.sim.faults.clear();
		expect((watcher.staticData as any).newScans.codeIds).toEqual([fresh.id]);
		const after = [...(await watcher.poll()), ...(await watcher.poll())];
		expect(after.map((scan) => scan.city)).toEqual(['Lyon']);
	});

	it('lets go of such a code 16 minutes on from a state that kept `unlisted` as a list of ids', async () => {
		const account = newAccount();
		const kept = createCodeAt(account.teamId, Date.now() - 60_000, 'Kept');
		const watcher = polling(account.credentials, {
			triggerOn: 'newScans',
			options: { overlapSeconds: 1 },
		});
		expect(await watcher.poll()).toEqual([]);
		const fresh = createCodeAt(account.teamId, Date.now(), 'Fresh');
		await sleep(200);
		expect(await watcher.poll()).toEqual([]);
		await sleep(2_500);
		updateCode(kept.id, { name: 'Kept 2' });
		expect(await watcher.poll()).toEqual([]);
		// `unlisted` as the versions before the times were kept saved it
		const state = watcher.staticData as any;
		expect(Object.keys(state.newScans.unlisted)).toEqual([fresh.id]);
		state.newScans.unlisted = [fresh.id];
		watcher.staticData = state;
		suite.sim.setAnswerModes({ deletedCodeStatus: 403 });
		suite.sim.state.qrs.set(fresh.id, { ...suite.sim.state.getQr(fresh.id)!, deleted: true });
		suite.sim.state.addScan(kept.id, { city: 'Lyon' });
		await sleep(300);
		// a failed poll saves nothing: the next loads the same list of ids again
		await expect(watcher.poll()).rejects.toThrow(/watched code/);

		suite.sim.clock.advance(16 * 60_000);
		const cities = (await watcher.poll()).map((item) => item.city);
		expect(cities).toEqual(['Lyon']);
	});

	it('lets go of a code a stale feed shows live, off the list and refused with 403, 16 minutes after its change', async () => {
		const account = newAccount();
		const watcher = polling(account.credentials, {
			triggerOn: 'newScans',
			options: { overlapSeconds: 1 },
		});
		expect(await watcher.poll()).toEqual([]);
		// gone, yet the feed shows it live: off the list (lagging 3 hours here), its reads refused with 403
		suite.sim.setListDrift({ listLagMs: 3 * 3_600_000 });
		const fresh = createCodeAt(account.teamId, Date.now(), 'Fresh');
		refuse(`${fresh.id}$`);
		await sleep(300);
		// the poll that brings it fails and saves nothing: the next brings it again
		await expect(watcher.poll()).rejects.toThrow(fresh.id);

		// 16 minutes after its change a list that does not hold it shows it gone, however often the feed brings it
		suite.sim.clock.advance(16 * 60_000);
		expect(await watcher.poll()).toEqual([]);
		expect((watcher.staticData as any).newScans.codeIds).toEqual([]);
	});

	it('keeps a live code a changes answer without `Date` brought off a lagging list, the service 20 minutes ahead of n8n', async () => {
		const account = newAccount();
		suite.sim.clock.advance(20 * 60_000); // the service's clock 20 minutes ahead of n8n's
		const kept = createCodeAt(account.teamId, suite.sim.clock.now() - 60_000, 'Kept');
		const watcher = polling(account.credentials, {
			triggerOn: 'newScans',
			options: { overlapSeconds: 1 },
		});
		expect(await watcher.poll()).toEqual([]);
		suite.sim.setListDrift({ listLagMs: 600_000 });
		suite.sim.setChangeDrift({ clockOffsetMs: null }); // this poll's answers carry no `Date`
		const fresh = createCodeAt(account.teamId, suite.sim.clock.now(), 'Fresh');
		await sleep(200);
		expect(await watcher.poll()).toEqual([]);
		// a later, dated poll moves the feed's floor past Fresh's creation
		suite.sim.setChangeDrift({ clockOffsetMs: 0 });
		await sleep(2_500);
		updateCode(kept.id, { name: 'Kept 2' });
		await sleep(300);
		expect(await watcher.poll()).toEqual([]);
		deleteCode(account.teamId, kept.id);
		suite.sim.state.addScan(fresh.id, { city: 'Lyon' });
		refuse(`${fresh.id}$`);

		// live, refused a while, off a list lagging 10 minutes: the poll fails, the code stays watched
		await expect(watcher.poll()).rejects.toThrow(fresh.id);
		suite.sim.faults.clear();
		expect((watcher.staticData as any).newScans.codeIds).toContain(fresh.id);
		const after = [...(await watcher.poll()), ...(await watcher.poll())];
		expect(after.map((item) => item.city)).toEqual(['Lyon']);
	});
});
