/**
 * The QRTRAC Trigger's Search filter (name or Display ID contains the text, codeFilters.ts `matchesFilters`) means
 * the same in Code Changes, New Scans and the test events whatever the service's list `search` matches (the
 * contract says name or Display ID, not how: substring, prefix, case; list drift `searchNamesOnly`, a service not
 * keeping to those words, loses codes as a prefix or case-sensitive match would), through n8n-core's real poll
 * machinery against the simulator over 127.0.0.1. Build first (`npm run build`).
 */
import type { IDataObject } from 'n8n-workflow';

import { useSimulator } from '../../support/simulatorSuite';
import { codeWriters, polling, triggerAccounts } from '../../support/triggerRuns';

const suite = useSimulator({ seed: false });

const newAccount = triggerAccounts(suite, 'search-filter.example');
const { updateCode } = codeWriters(suite);

const webCode = { qrType: 'WEB', qrRedirectUrl: 'https://example.com/' };

function lastSeq(): number {
	return suite.sim.requestLog.at(-1)?.seq ?? 0;
}

function requestsSince(seq: number) {
	return suite.sim.requestLog.filter((entry) => entry.seq > seq);
}

let teams = 0;

/**
 * A team holding a code found only by its Display ID ("promo", in another case) and one that does not match, both
 * last changed an hour ago: only the list read at the first poll can bring them to the watch.
 */
function teamWithPromoCode() {
	const account = newAccount();
	teams += 1;
	const hourAgo = Date.now() - 3_600_000;
	const create = (name: string, displayId: string) =>
		suite.sim.state.createQrAt(account.teamId, { ...webCode, name, displayId }, hourAgo);
	const flyer = create('Spring flyer', `PROMO-flyer-${teams}`);
	const poster = create('Poster', `poster-${teams}`);
	return { account, flyer, poster };
}

const searchPromo = { filters: { search: 'promo' } };

function scanRows(events: IDataObject[]): unknown[] {
	return events.map((event) => [event.event, event.qrId, event.qrDisplayId, event.city]);
}

afterEach(() => suite.sim.setListDrift({}));

describe('QRTRAC Trigger: Search filter when the list search leaves out codes the filter takes (names only)', () => {
	beforeEach(() => suite.sim.setListDrift({ searchNamesOnly: true }));

	it('New Scans reports the scans of a code whose Display ID holds the text, as Code Changes reports its changes', async () => {
		const { account, flyer, poster } = teamWithPromoCode();
		const scans = polling(account.credentials, { triggerOn: 'newScans', ...searchPromo });
		const changes = polling(account.credentials, searchPromo);
		expect(await scans.poll()).toEqual([]);
		expect(await changes.poll()).toEqual([]);

		suite.sim.state.addScan(flyer.id, { city: 'Paris' });
		suite.sim.state.addScan(poster.id, { city: 'Ignored' });
		expect(scanRows(await scans.poll())).toEqual([['scan', flyer.id, flyer.displayId, 'Paris']]);

		updateCode(flyer.id, { name: 'Spring flyer 2' });
		updateCode(poster.id, { name: 'Poster 2' });
		expect((await changes.poll()).map((event) => [event.event, event.id])).toEqual([
			['updated', flyer.id],
		]);
	});

	it('New Scans fetches the scan of such a code as its test event', async () => {
		const { account, flyer, poster } = teamWithPromoCode();
		suite.sim.state.addScan(flyer.id, { city: 'Lyon' });
		suite.sim.state.addScan(poster.id, { city: 'Ignored' });
		const watcher = polling(account.credentials, { triggerOn: 'newScans', ...searchPromo });

		expect(scanRows(await watcher.poll('manual'))).toEqual([
			['scan', flyer.id, flyer.displayId, 'Lyon'],
		]);
		expect(watcher.staticData).toEqual({});
	});

	it('Code Changes fetches such a code changed an hour ago as its test event', async () => {
		const account = newAccount();
		const hourAgo = Date.now() - 3_600_000;
		const flyer = suite.sim.state.createQrAt(
			account.teamId,
			{ ...webCode, name: 'Spring flyer', displayId: 'PROMO-flyer-hour' },
			hourAgo,
		);
		suite.sim.state.createQrAt(account.teamId, { ...webCode, name: 'Poster' }, hourAgo + 1);
		const watcher = polling(account.credentials, searchPromo);

		expect((await watcher.poll('manual')).map((event) => [event.event, event.id])).toEqual([
			['created', flyer.id],
		]);
	});
});

describe('QRTRAC Trigger: a New Scans watch list saved when the Search was sent as the list search', () => {
	beforeEach(() => suite.sim.setListDrift({ searchNamesOnly: true }));

	it('is listed again once after the upgrade: the scans of a code found by its Display ID come, none twice', async () => {
		const { account, flyer, poster } = teamWithPromoCode();
		const named = suite.sim.state.createQrAt(
			account.teamId,
			{ ...webCode, name: 'Promo poster', displayId: `named-${teams}` },
			Date.now() - 3_600_000,
		);
		const scans = polling(account.credentials, { triggerOn: 'newScans', ...searchPromo });
		expect(await scans.poll()).toEqual([]);
		suite.sim.state.addScan(named.id, { city: 'Rome' });
		expect(scanRows(await scans.poll())).toEqual([['scan', named.id, named.displayId, 'Rome']]);
		// As the version before 7fec34b stored it: its filters' key, and as watched codes what the service's
		// names-only `search` listed for "promo" (the flyer, "promo" only in its Display ID, missing).
		const stored = scans.staticData.newScans as IDataObject;
		scans.staticData = {
			newScans: { ...stored, idsFilter: JSON.stringify([[], '', 'promo']), codeIds: [named.id] },
		};

		suite.sim.state.addScan(flyer.id, { city: 'Paris' });
		suite.sim.state.addScan(poster.id, { city: 'Ignored' });
		const upgraded = lastSeq();
		expect(scanRows(await scans.poll())).toEqual([['scan', flyer.id, flyer.displayId, 'Paris']]);
		const listed = (since: number) =>
			requestsSince(since).filter((entry) => entry.operationId === 'getTeamQrsPaginated');
		expect(listed(upgraded).length).toBeGreaterThan(0);
		expect(listed(upgraded).filter((entry) => 'search' in entry.query)).toEqual([]);
		expect(((scans.staticData.newScans as IDataObject).codeIds as string[]).sort()).toEqual(
			[flyer.id, named.id].sort(),
		);

		// once: the next poll refreshes from the change feed as before
		suite.sim.state.addScan(flyer.id, { city: 'Nice' });
		suite.sim.state.addScan(named.id, { city: 'Milan' });
		const after = lastSeq();
		expect(scanRows(await scans.poll()).sort()).toEqual(
			[
				['scan', flyer.id, flyer.displayId, 'Nice'],
				['scan', named.id, named.displayId, 'Milan'],
			].sort(),
		);
		expect(listed(after)).toEqual([]);
	});

	it('without a Search filter, a watch list saved before is kept (its list was read whole): no listing', async () => {
		const { account, flyer } = teamWithPromoCode();
		const scans = polling(account.credentials, { triggerOn: 'newScans' });
		expect(await scans.poll()).toEqual([]);
		const stored = scans.staticData.newScans as IDataObject;
		// the key the version before 7fec34b stored for no filters
		expect(stored.idsFilter).toBe(JSON.stringify([[], '', '']));

		suite.sim.state.addScan(flyer.id, { city: 'Paris' });
		const next = lastSeq();
		expect(scanRows(await scans.poll())).toEqual([['scan', flyer.id, flyer.displayId, 'Paris']]);
		expect(
			requestsSince(next).filter((entry) => entry.operationId === 'getTeamQrsPaginated'),
		).toEqual([]);
	});
});

describe('QRTRAC Trigger: test events with the Search matching a code behind the 100 newest', () => {
	/** A "Summer sale" code behind 150 codes changed after it, 100 older ones below it: 3 list pages. */
	function teamWithOlderSummerCode() {
		const account = newAccount();
		const start = Date.now() - 3_600_000;
		const create = (name: string, at: number) =>
			suite.sim.state.createQrAt(account.teamId, { ...webCode, name }, at);
		for (let index = 0; index < 100; index++) create(`Old ${index}`, start + index);
		const summer = create('Summer sale', start + 100);
		for (let index = 0; index < 150; index++) create(`New ${index}`, start + 101 + index);
		return { account, summer };
	}

	const searchSummer = { filters: { search: 'summer' } };
	const listRequests = (since: number) =>
		requestsSince(since).filter((entry) => entry.operationId === 'getTeamQrsPaginated');

	it('both read only the 100 newest codes when they hold the matching codes wanted', async () => {
		const { account } = teamWithOlderSummerCode();
		const newest = suite.sim.state.listQrs(account.teamId).find((code) => code.name === 'New 149')!;
		suite.sim.state.addScan(newest.id, { city: 'Braga' });
		const searchNew = { filters: { search: 'new' } };

		const before = lastSeq();
		const changes = await polling(account.credentials, searchNew).poll('manual');
		expect(changes.map((event) => [event.event, event.id])).toEqual([['created', newest.id]]);
		expect(requestsSince(before)).toHaveLength(1);

		const next = lastSeq();
		const scans = await polling(account.credentials, { triggerOn: 'newScans', ...searchNew }).poll(
			'manual',
		);
		expect(scanRows(scans)).toEqual([['scan', newest.id, newest.displayId, 'Braga']]);
		// 100 of the 150 "New" codes are the list's first 100: page 1 and the last hour's scans
		expect(requestsSince(next).map((entry) => entry.operationId)).toEqual([
			'getTeamQrsPaginated',
			'getBulkQrAnalytics',
		]);
	});

	it('Code Changes reads the whole list when its 100 newest codes hold no matching code', async () => {
		const { account, summer } = teamWithOlderSummerCode();
		const watcher = polling(account.credentials, searchSummer);

		const before = lastSeq();
		expect((await watcher.poll('manual')).map((event) => [event.event, event.id])).toEqual([
			['created', summer.id],
		]);
		// page 1 newest change first, then the whole list as the poll reads it (3 pages, creation order, sorted
		// here), without the service's search
		expect(
			listRequests(before).map((entry) => [
				entry.query.page,
				entry.query.sortBy,
				entry.query.search,
			]),
		).toEqual([
			['1', 'updatedAt', undefined],
			['1', 'createdAt', undefined],
			['2', 'createdAt', undefined],
			['3', 'createdAt', undefined],
		]);
		expect(requestsSince(before)).toHaveLength(4);
	});

	it('New Scans takes the scan of a matching code behind the 100 newest (fewer than 100 match: the list to its end)', async () => {
		const { account, summer } = teamWithOlderSummerCode();
		suite.sim.state.addScan(summer.id, { city: 'Porto' });
		const watcher = polling(account.credentials, { triggerOn: 'newScans', ...searchSummer });

		const before = lastSeq();
		expect(scanRows(await watcher.poll('manual'))).toEqual([
			['scan', summer.id, summer.displayId, 'Porto'],
		]);
		// page 1, then the whole list (3 pages)
		expect(listRequests(before)).toHaveLength(4);
		const asked = requestsSince(before).find((entry) => entry.operationId === 'getBulkQrAnalytics');
		expect((asked?.body as { qrIds: string[] }).qrIds).toEqual([summer.id]);
	});

	it('New Scans takes the 100 newest matching codes of the whole list when its 100 newest codes hold fewer', async () => {
		const account = newAccount();
		const start = Date.now() - 3_600_000;
		const create = (name: string, at: number) =>
			suite.sim.state.createQrAt(account.teamId, { ...webCode, name }, at);
		for (let index = 0; index < 100; index++) create(`Summer old ${index}`, start + index);
		const newest = Array.from({ length: 100 }, (_, index) =>
			create(`Summer ${index}`, start + 200 + 2 * index),
		);
		for (let index = 0; index < 50; index++) create(`Other ${index}`, start + 201 + 2 * index);
		suite.sim.state.addScan(newest[0].id, { city: 'Faro' });
		const watcher = polling(account.credentials, { triggerOn: 'newScans', ...searchSummer });

		const before = lastSeq();
		expect(scanRows(await watcher.poll('manual'))).toEqual([
			['scan', newest[0].id, newest[0].displayId, 'Faro'],
		]);
		// page 1 holds 75 matching codes: the whole list (3 pages) is read, filtered once, sorted by change
		expect(listRequests(before)).toHaveLength(4);
		const asked = requestsSince(before).find((entry) => entry.operationId === 'getBulkQrAnalytics');
		expect((asked?.body as { qrIds: string[] }).qrIds.sort()).toEqual(
			newest.map((code) => code.id).sort(),
		);
	});
});

describe('QRTRAC Trigger: test events while another writer edits codes (list drift `shiftingOrder`)', () => {
	// the contract sorts the list by `updatedAt`, which other writers move: a code may change pages mid-walk
	beforeEach(() => suite.sim.setListDrift({ shiftingOrder: true }));

	/** 250 codes changed an hour ago, `name` the given one of the code made at `matchAt` (of 0..249). */
	function teamOf250(matchAt?: number) {
		const account = newAccount();
		const start = Date.now() - 3_600_000;
		const codes = Array.from({ length: 250 }, (_, index) =>
			suite.sim.state.createQrAt(
				account.teamId,
				{ ...webCode, name: index === matchAt ? 'Summer sale' : `Code ${index}` },
				start + index,
			),
		);
		return { account, match: matchAt === undefined ? undefined : codes[matchAt] };
	}

	const operations = (since: number) => requestsSince(since).map((entry) => entry.operationId);
	const pages = (count: number) => Array<string>(count).fill('getTeamQrsPaginated');

	it('Code Changes finds the matching code that another writer moved off the pages still to read', async () => {
		// the oldest code: touched after page 1 is answered, it moves onto page 1, already read
		const { account, match } = teamOf250(0);
		const before = lastSeq();

		const events = await polling(account.credentials, { filters: { search: 'summer' } }).poll(
			'manual',
		);

		expect(events.map((event) => [event.event, event.id])).toEqual([['updated', match!.id]]);
		// page 1 newest change first, then the whole list as the poll reads it (250 codes: 3 pages)
		expect(operations(before)).toEqual(pages(4));
	});

	it('New Scans takes the scan of the one matching code, the newest', async () => {
		const { account, match } = teamOf250(249);
		suite.sim.state.addScan(match!.id, { city: 'Porto' });
		const before = lastSeq();

		const events = await polling(account.credentials, {
			triggerOn: 'newScans',
			filters: { search: 'summer' },
		}).poll('manual');

		expect(scanRows(events)).toEqual([['scan', match!.id, match!.displayId, 'Porto']]);
		// page 1 holds 1 matching code, not 100: the whole list, then the last hour's scans
		expect(operations(before)).toEqual([...pages(4), 'getBulkQrAnalytics']);
	});

	for (const triggerOn of ['codeChanges', 'newScans'])
		it(`${triggerOn}: a Search matching nothing fails "No data", not "incomplete"`, async () => {
			const { account } = teamOf250();
			const before = lastSeq();

			const failure = await polling(account.credentials, {
				triggerOn,
				filters: { search: 'summer' },
			})
				.poll('manual')
				.then(
					() => undefined,
					(error: Error & { description?: string }) => error,
				);

			expect(failure?.message).toBe('No data with the current filter could be found');
			expect(failure?.description).toContain(
				triggerOn === 'codeChanges'
					? 'filters: Name or Display ID Contains "summer". Check or clear the filters'
					: 'no code matches the filters (Name or Display ID Contains "summer"). Check or clear the filters.',
			);
			// Code Changes also reads the changes of the last 5 minutes; then the team list, for the team's name
			expect(operations(before)).toEqual(
				triggerOn === 'codeChanges'
					? [...pages(4), 'getTeamQrsFromTime', 'getAllTeams']
					: [...pages(4), 'getAllTeams'],
			);
		});
});

describe('QRTRAC Trigger: what the Search filter costs', () => {
	it('New Scans of a 1,000-code team, 5 codes matching: the first poll lists the team, later polls do not', async () => {
		const account = newAccount();
		// made an hour ago, so that the poll after the first reads no burst of changes
		const hourAgo = Date.now() - 3_600_000;
		const create = (name: string) =>
			suite.sim.state.createQrAt(account.teamId, { ...webCode, name }, hourAgo);
		const matching = Array.from({ length: 5 }, (_, index) => create(`Summer ${index}`));
		for (let index = 0; index < 995; index++) create(`Code ${index}`);
		const watcher = polling(account.credentials, {
			triggerOn: 'newScans',
			filters: { search: 'summer' },
		});

		const first = lastSeq();
		expect(await watcher.poll()).toEqual([]);
		const listing = requestsSince(first);
		// the team's whole list (10 full pages, the last confirmed by an 11th), its present, the 5 codes' scans;
		// the service's `search` is never asked: what it matches is the service's choice
		expect(listing.map((entry) => entry.operationId)).toEqual([
			...Array<string>(11).fill('getTeamQrsPaginated'),
			'getTeamQrsFromTime',
			'getBulkQrAnalytics',
		]);
		expect(listing.filter((entry) => 'search' in entry.query)).toEqual([]);
		expect((listing.at(-1)?.body as { qrIds: string[] }).qrIds.sort()).toEqual(
			matching.map((code) => code.id).sort(),
		);

		suite.sim.state.addScan(matching[0].id, { city: 'Oslo' });
		suite.sim.state.addScan(matching[1].id, { city: 'Bergen' });
		const second = lastSeq();
		expect((await watcher.poll()).map((event) => event.city).sort()).toEqual(['Bergen', 'Oslo']);
		// one changes request, one scans request, and each scanned code read to name it (the unfiltered list is
		// the whole team: 10 requests)
		expect(requestsSince(second).map((entry) => entry.operationId)).toEqual([
			'getTeamQrsFromTime',
			'getBulkQrAnalytics',
			'getQrById',
			'getQrById',
		]);
	});
});
