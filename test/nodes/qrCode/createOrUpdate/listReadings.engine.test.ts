/**
 * QR Code > Create or Update (and Create with a Display ID) against readings of the paginated list the contract
 * leaves open: what `search` matches, the order of codes with equal sort values, and how soon a new code is listed.
 */
import { runNode } from '../../../support/n8nHarness';
import { rowByRowForm } from '../../../support/sheetRows';
import { useSimulator } from '../../../support/simulatorSuite';
import { touchQr } from '../../../../simulator/domain/qrCodes';
import { firstWriteFails } from './failedWriteSetup';

const suite = useSimulator();
afterEach(() => suite.sim.setListDrift({}));

async function upsert(items: Array<Record<string, unknown>>, extra: Record<string, unknown> = {}) {
	return await runNode({
		nodeType: 'qrtrac',
		credentials: suite.credentials,
		parameters: { ...rowByRowForm, ...extra },
		items,
		continueOnFail: true,
	});
}

function codesWithDisplayId(displayId: string) {
	return [...suite.sim.state.qrs.values()].filter((qr) => qr.displayId === displayId);
}

describe('Create or Update, Look Up Each Row', () => {
	it('updates the code holding the Display ID when search matches names only', async () => {
		suite.sim.state.createQr(suite.sim.credentials.teamId, {
			qrType: 'WEB',
			name: 'Spring poster',
			displayId: 'names-only-1',
			qrRedirectUrl: 'https://example.com/old',
		});
		suite.sim.setListDrift({ searchNamesOnly: true });

		const run = await upsert([
			{ displayId: 'names-only-1', name: 'Spring poster', url: 'https://example.com/new' },
		]);

		expect(run.items.map((item) => [item.json.result ?? item.json.error])).toEqual([['updated']]);
		expect(codesWithDisplayId('names-only-1').map((qr) => qr.qrRedirectUrl)).toEqual([
			'https://example.com/new',
		]);
	});

	it('never makes a second code for a Display ID another row of the run gives in another case', async () => {
		// Before: both rows searched at once, found nothing and each created a code ("Look-A" and "look-a"), though
		// the second row alone fails ("QRTRAC holds Display ID "look-a" as "Look-A"").
		const rows = [
			{ displayId: 'Look-A', name: 'First', url: 'https://example.com/1' },
			{ displayId: 'look-a', name: 'Second', url: 'https://example.com/2' },
		];

		for (const run of [1, 2]) {
			const done = await upsert(rows);

			expect(done.items.map((item) => [item.json.result, item.json.error])).toEqual([
				[run === 1 ? 'created' : 'unchanged', undefined],
				[undefined, expect.stringContaining('"look-a"')],
			]);
			expect(codesWithDisplayId('look-a')).toHaveLength(0);
			expect(codesWithDisplayId('Look-A')).toHaveLength(1);
		}
	});

	it.each(['lookUpEachRow', 'sync'])(
		'%s: rows naming two codes QRTRAC keeps apart by case each write their own',
		async (mode) => {
			for (const displayId of [`Both-${mode}`, `both-${mode}`.toLowerCase()])
				suite.sim.state.createQr(suite.sim.credentials.teamId, {
					qrType: 'WEB',
					name: 'Old',
					displayId,
					qrRedirectUrl: 'https://example.com/old',
				});

			const done = await upsert(
				[
					{ displayId: `Both-${mode}`, name: 'Upper', url: 'https://example.com/old' },
					{
						displayId: `both-${mode}`.toLowerCase(),
						name: 'Lower',
						url: 'https://example.com/old',
					},
				],
				{ mode },
			);

			expect(done.items.map((item) => [item.json.result, item.json.name])).toEqual([
				['updated', 'Upper'],
				['updated', 'Lower'],
			]);
		},
	);

	it('updates a code created a moment ago that the list does not show yet', async () => {
		suite.sim.setListDrift({ listLagMs: 60_000 });
		const first = await upsert([
			{ displayId: 'lagging-1', name: 'Lagging', url: 'https://example.com/1' },
		]);
		expect(first.items.map((item) => item.json.result ?? item.json.error)).toEqual(['created']);

		const second = await upsert([
			{ displayId: 'lagging-1', name: 'Lagging', url: 'https://example.com/2' },
		]);

		expect(second.items.map((item) => item.json.result ?? item.json.error)).toEqual(['updated']);
		expect(codesWithDisplayId('lagging-1').map((qr) => qr.qrRedirectUrl)).toEqual([
			'https://example.com/2',
		]);
	});
});

describe('Create or Update over a list lagging behind updates (listStaleMs)', () => {
	it.each(['lookUpEachRow', 'sync'])(
		'%s: the row after a row that failed after its write starts from the code as QRTRAC holds it',
		async (mode) => {
			// Before: the later row searched again, the search answered the version before the failed row's PUT, and
			// the row output `unchanged` with the old name while QRTRAC held the failed row's.
			// The first row's PUT is made, then answered as refused (in the credential's team).
			const { held, rows } = firstWriteFails(suite.sim, {
				displayId: `stale-after-failure-${mode}`,
				url: 'https://example.com/stale',
			});
			suite.sim.setListDrift({ listStaleMs: 60_000 });

			const done = await upsert(rows, { mode });

			expect(done.items[0].json.error).toBeDefined();
			expect(done.items[1].json).toMatchObject({ result: 'updated', name: 'Old' });
			expect(suite.sim.state.getQr(held.id)?.name).toBe('Old');
		},
	);
});

/**
 * A new team of `count` codes made 20 minutes ago (`at`: that time), whose quota is reached; each named `name`
 * when given, else `Row <n>`.
 */
function fullTeam(
	count: number,
	prefix: string,
	at = Date.now() - 20 * 60_000,
	name?: string,
): string {
	suite.sim.clock.set(at);
	const orgId = suite.sim.state.teams.get(suite.credentials.teamId!)!.orgId;
	const team = suite.sim.state.createTeam(orgId, `Full ${prefix}`).id;
	for (let index = 0; index < count; index++)
		suite.sim.state.createQr(team, {
			qrType: 'WEB',
			displayId: `${prefix}-${index}`,
			name: name ?? `Row ${index}`,
			qrRedirectUrl: `https://example.com/${prefix}/${index}`,
		});
	suite.sim.state.setQuota(count, team);
	suite.sim.clock.useRealTime();
	return team;
}

const newRows = (count: number) =>
	Array.from({ length: count }, (_, index) => ({
		displayId: `new-${index + 1}`,
		name: `New ${index + 1}`,
		url: `https://example.com/new/${index + 1}`,
	}));

/** The requests by kind: pages of the whole list, searches of it, and reads of the team's changes. */
function requestCounts() {
	const log = suite.sim.requestLog.filter((entry) => entry.method === 'GET');
	const list = log.filter((entry) => entry.path === '/api/qrs-api/v2/teams/');
	return {
		listPages: list.filter((entry) => !entry.query.search).length,
		searches: list.filter((entry) => entry.query.search).length,
		changes: log.filter((entry) => entry.path.startsWith('/api/qrs-api/teams/fromTime/')).length,
	};
}

describe('Create or Update, a create refused for the quota (the refusal names no holder)', () => {
	// Before (r107): each refused row walked the whole list: 3 rows of a team of 1,000 codes, 39 list requests
	// (6 searches, 33 pages) and 3 change reads; 50 rows, 650 (100 searches, 550 pages); the sync, 3 rows, 44 pages.
	jest.setTimeout(60_000);

	it.each([3, 50])(
		'Look Up Each Row, %i rows, 1,000 codes: the whole list is walked once, each row fails with the refusal',
		async (count) => {
			const team = fullTeam(1000, `quota-${count}`);
			suite.sim.clearRequestLog();

			const run = await upsert(newRows(count), { options: { teamOverride: team } });

			expect(run.items).toHaveLength(count);
			for (const item of run.items)
				expect(item.json).toMatchObject({
					error: expect.stringMatching(/quota reached/) as unknown,
					httpCode: '400',
				});
			// One walk (pages 1-10 and page 11, empty, which confirms the end), one change read a row; two searches a
			// row: its look-up, and the refusal's (before the walk, or after it when neither it nor the changes tell).
			expect(requestCounts()).toEqual({ listPages: 11, searches: 2 * count, changes: count });
		},
	);

	it('the sync, 3 rows, 1,000 codes: its snapshot is the whole list, so no row walks it again', async () => {
		const team = fullTeam(1000, 'quota-sync');
		suite.sim.clearRequestLog();

		const run = await upsert(newRows(3), { mode: 'sync', options: { teamOverride: team } });

		expect(run.items.map((item) => item.json.error)).toEqual(
			Array.from({ length: 3 }, () => expect.stringMatching(/quota reached/) as unknown),
		);
		// The snapshot's walk (pages 1-10 and page 11, empty, which confirms the end), one change read and one search
		// a row (a lagging feed hides a new code from the snapshot and the changes alike, not from the search).
		expect(requestCounts()).toEqual({ listPages: 11, searches: 3, changes: 3 });
	});

	it('a look-up that fails adds to the refusal, never replaces it (300 codes of one millisecond and name, unstableTies)', async () => {
		const team = fullTeam(300, 'ties', undefined, 'Same name');
		suite.sim.setListDrift({ unstableTies: true });

		const run = await upsert(newRows(1), { options: { teamOverride: team } });

		expect(run.items[0].json).toMatchObject({
			error: expect.stringMatching(/^QR code quota reached/) as unknown,
			httpCode: '400',
		});
		expect(run.items[0].json.description).toMatch(
			/The look-up of the code holding Display ID "new-1" failed as well: QRTRAC's list of codes is incomplete/,
		);
	});
});

/** A stored code given another Display ID in place (and indexed again, so that a create with it is refused). */
function holdDisplayId(id: string, displayId: string): void {
	const code = suite.sim.state.getQr(id)!;
	code.displayId = displayId;
	suite.sim.state.qrs.set(id, code);
}

describe('Create or Update, a taken Display ID the search does not show, read from the recent changes', () => {
	beforeEach(() => suite.sim.setListDrift({ searchNamesOnly: true }));

	it('takes the live holder when a deleted code of the recent changes holds the Display ID too', async () => {
		const teamId = suite.sim.credentials.teamId;
		const gone = suite.sim.state.createQr(teamId, {
			qrType: 'WEB',
			name: 'Gone',
			displayId: 'reused-gone',
			qrRedirectUrl: 'https://example.com/gone',
		});
		touchQr(suite.sim.state, gone, { deleted: true }, 'other-writer');
		const live = suite.sim.state.createQr(teamId, {
			qrType: 'WEB',
			name: 'Live',
			displayId: 'reused-live',
			qrRedirectUrl: 'https://example.com/live',
		});
		// A service that gives a deleted code's Display ID to a new code: both hold it.
		for (const code of [gone, live]) holdDisplayId(code.id, 'reused-1');

		const run = await upsert([
			{ displayId: 'reused-1', name: 'Live', url: 'https://example.com/live' },
		]);

		// The row matches the live code, so nothing is written (the simulator would refuse the PUT: the deleted code
		// holds the Display ID too).
		expect(run.items.map((item) => [item.json.result ?? item.json.error, item.json.id])).toEqual([
			['unchanged', live.id],
		]);
	});

	it('fails the row, writing nothing, when two live codes hold the Display ID', async () => {
		const teamId = suite.sim.credentials.teamId;
		const codes = ['twice-a', 'twice-b'].map((displayId) =>
			suite.sim.state.createQr(teamId, {
				qrType: 'WEB',
				name: displayId,
				displayId,
				qrRedirectUrl: 'https://example.com/twice',
			}),
		);
		for (const code of codes) holdDisplayId(code.id, 'twice-1');
		suite.sim.clearRequestLog();

		const run = await upsert([
			{ displayId: 'twice-1', name: 'Twice', url: 'https://example.com/changed' },
		]);

		// The refusal first; what the look-up found, with it.
		expect(run.items[0].json).toMatchObject({
			error: 'Display ID "twice-1" is already taken',
			httpCode: '400',
		});
		expect(run.items[0].json.description).toContain(
			'failed as well: Display ID "twice-1" is held by 2 live codes in QRTRAC',
		);
		expect(suite.sim.requestLog.filter((entry) => entry.method === 'PUT')).toEqual([]);
	});
});

describe('Create or Update over codes of one creation time the service orders anew at each request (unstableTies)', () => {
	jest.setTimeout(60_000);

	it('the sync completes its snapshot from the list in name order: 300 rows unchanged, no write', async () => {
		// Before: every row failed "QRTRAC's list of codes is incomplete", on every run (the ties never go away).
		const team = fullTeam(300, 'same-ms', Date.now());
		const rows = Array.from({ length: 300 }, (_, index) => ({
			displayId: `same-ms-${index}`,
			name: `Row ${index}`,
			url: `https://example.com/same-ms/${index}`,
		}));
		suite.sim.setListDrift({ unstableTies: true });
		suite.sim.clearRequestLog();

		const run = await upsert(rows, { mode: 'sync', options: { teamOverride: team } });

		expect(run.items.map((item) => item.json.result ?? item.json.error)).toEqual(
			rows.map(() => 'unchanged'),
		);
		expect(suite.sim.requestLog.filter((entry) => entry.method !== 'GET')).toEqual([]);
	});
});
