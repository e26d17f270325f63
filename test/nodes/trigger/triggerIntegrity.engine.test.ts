/**
 * @jest-environment ./test/support/newYorkEnvironment.js
 *
 * The QRTRAC Trigger never stalls and never skips (issue 22, point 2), through n8n-core's real poll machinery
 * against the simulator over 127.0.0.1, one change drift at a time (simulator/changeDrift.ts): `updatedAt` in
 * other units or missing, records stamped in the future, with and without a `Date` header, updated-after answers
 * capped to the newest N, watched codes that disappear silently, scans whose fields are filled in later, and two
 * polls of one trigger at once. The file runs in America/New_York, so that text without a zone read in n8n's
 * local time would show. Build first (`npm run build`).
 */
import type { IDataObject } from 'n8n-workflow';

import { useSimulator } from '../../support/simulatorSuite';
import { codeWriters, polling, triggerAccounts } from '../../support/triggerRuns';

const suite = useSimulator({ seed: false });

const newAccount = triggerAccounts(suite, 'integrity.example');
const { createCodeAt, updateCodeAt } = codeWriters(suite);

function requestsSince(seq: number): string[] {
	return suite.sim.requestLog
		.filter((entry) => entry.seq > seq)
		.map((entry) => entry.operationId ?? '');
}

function lastSeq(): number {
	return suite.sim.requestLog.at(-1)?.seq ?? 0;
}

/**
 * A trigger on a new account whose updated-after answers keep only the oldest `cap` changes, after its first poll
 * and a burst of `size` codes made 10 ms apart from `agoMs` ago.
 */
async function afterBurst(
	cap: number,
	size: number,
	parameters: Record<string, unknown> = {},
	agoMs = 10_000,
) {
	suite.sim.setChangeDrift({ fromTimeCap: cap, fromTimeCapKeeps: 'oldest' });
	const account = newAccount();
	const watcher = polling(account.credentials, parameters);
	await watcher.poll();
	const base = Date.now() - agoMs;
	const burst = Array.from({ length: size }, (_, index) =>
		createCodeAt(account.teamId, base + index * 10, `Burst ${index}`),
	);
	return { account, watcher, burst };
}

/** The New Scans events of a poll, as "qrId city". */
function scansOf(events: Array<Record<string, unknown>>): string[] {
	return events.map((scan) => `${String(scan.qrId)} ${String(scan.city)}`);
}

afterEach(() => {
	suite.sim.clock.useRealTime();
	suite.sim.setChangeDrift({
		updatedAtFormat: 'epochMs',
		fromTimeCap: undefined,
		fromTimeCapKeeps: undefined,
		scanFillInMs: 0,
		clockOffsetMs: 0,
	});
});

describe.each(['epochSeconds', 'epochMicros', 'isoNoZone', 'nullUntilUpdated'] as const)(
	'QRTRAC Trigger: updatedAt answered as %s',
	(updatedAtFormat) => {
		it('reports every change of two rounds with its event', async () => {
			suite.sim.setChangeDrift({ updatedAtFormat });
			const account = newAccount();
			const start = Date.now() - 120_000;
			const existing = Array.from({ length: 6 }, (_, index) =>
				createCodeAt(account.teamId, start + index * 1_000, `Existing ${index}`),
			);
			const watcher = polling(account.credentials);
			expect(await watcher.poll()).toEqual([]);

			const rounds: string[][] = [];
			for (const [round, base] of [Date.now() - 60_000, Date.now() - 30_000].entries()) {
				const created = Array.from({ length: 3 }, (_, index) =>
					createCodeAt(account.teamId, base + index * 1_000, `New ${round}.${index}`),
				);
				const updated = existing
					.slice(round * 3, round * 3 + 3)
					.map((code, index) => updateCodeAt(code, base + 5_000 + index * 1_000, `Edit ${round}`));
				const events = await watcher.poll();
				rounds.push(events.map((event) => `${String(event.event)} ${String(event.id)}`).sort());
				expect(rounds[round]).toEqual(
					[
						...created.map((code) => `created ${code.id}`),
						...updated.map((code) => `updated ${code.id}`),
					].sort(),
				);
			}
			expect(rounds.flat()).toHaveLength(12);
		});
	},
);

describe.each([
	['epochMs', 0],
	['epochSeconds', 400],
] as const)(
	'QRTRAC Trigger: updatedAt as %s, two edits stamped alike',
	(updatedAtFormat, apartMs) => {
		it('reports the edit made after a poll that reported the one before with the same time', async () => {
			suite.sim.setChangeDrift({ updatedAtFormat });
			const account = newAccount();
			const code = createCodeAt(account.teamId, Date.now() - 120_000, 'Original');
			const watcher = polling(account.credentials);
			await watcher.poll();
			// Both edits fall in one millisecond (epochMs) or one second (epochSeconds, a store of whole seconds).
			const at = Math.floor((Date.now() - 20_000) / 1_000) * 1_000 + 100;

			updateCodeAt(code, at, 'First edit');
			const first = await watcher.poll();
			updateCodeAt(code, at + apartMs, 'Second edit');
			const second = await watcher.poll();

			expect(first.map((event) => `${String(event.event)} ${String(event.name)}`)).toEqual([
				'updated First edit',
			]);
			expect(second.map((event) => `${String(event.event)} ${String(event.name)}`)).toEqual([
				'updated Second edit',
			]);
			expect(await watcher.poll()).toEqual([]);
		});

		it('reports an edit stamped like the creation a poll reported as an update', async () => {
			suite.sim.setChangeDrift({ updatedAtFormat });
			const account = newAccount();
			const watcher = polling(account.credentials);
			await watcher.poll();
			const at = Math.floor((Date.now() - 20_000) / 1_000) * 1_000 + 100;

			const code = createCodeAt(account.teamId, at, 'New');
			const first = await watcher.poll();
			updateCodeAt(code, at + apartMs, 'Edited');
			const second = await watcher.poll();

			expect(first.map((event) => `${String(event.event)} ${String(event.name)}`)).toEqual([
				'created New',
			]);
			expect(second.map((event) => `${String(event.event)} ${String(event.name)}`)).toEqual([
				'updated Edited',
			]);
		});
	},
);

describe.each([0, null])('QRTRAC Trigger: Date header offset %s', (clockOffsetMs) => {
	it('reports a code stamped an hour ahead once and every change after it', async () => {
		suite.sim.setChangeDrift({ clockOffsetMs });
		const account = newAccount();
		const watcher = polling(account.credentials);
		await watcher.poll();

		const ahead = createCodeAt(account.teamId, Date.now() + 3_600_000, 'Stamped ahead');
		expect((await watcher.poll()).map((event) => event.id)).toEqual([ahead.id]);

		const later = createCodeAt(account.teamId, Date.now(), 'Made after it');
		expect((await watcher.poll()).map((event) => event.id)).toEqual([later.id]);
		expect(await watcher.poll()).toEqual([]);
	});
});

describe('QRTRAC Trigger: times no unit can read', () => {
	it('refuses a code stamped two days ahead loudly and keeps the cursor', async () => {
		const account = newAccount();
		const watcher = polling(account.credentials);
		await watcher.poll();
		const persisted = watcher.staticData;
		createCodeAt(account.teamId, Date.now() + 2 * 86_400_000, 'Two days ahead');

		const failure = await watcher.poll().then(
			() => undefined,
			(error: unknown) => error as { message: string; description: string },
		);

		expect(failure?.message).toContain('does not have the expected shape');
		expect(failure?.description).toContain('one day after the service');
		expect(failure?.description).toContain('Two days ahead');
		expect(watcher.staticData).toEqual(persisted);
	});
});

describe('QRTRAC Trigger: updated-after answers capped to the newest 20', () => {
	it('reports 60 of 60 changes, reading the list once, and reads one list page when idle', async () => {
		suite.sim.setChangeDrift({ fromTimeCap: 20 });
		const account = newAccount();
		const watcher = polling(account.credentials);
		await watcher.poll();
		const base = Date.now() - 30_000;
		const made = Array.from({ length: 60 }, (_, index) =>
			createCodeAt(account.teamId, base + index * 10, `Burst ${index}`),
		);
		const before = lastSeq();

		const events = await watcher.poll();

		expect(events.map((event) => event.id).sort()).toEqual(made.map((code) => code.id).sort());
		expect(requestsSince(before)).toEqual(['getTeamQrsFromTime', 'getTeamQrsPaginated']);
		// An answer of 20 handled codes holding nothing after the newest could be a feed cut at its oldest 20.
		const idle = lastSeq();
		expect(await watcher.poll()).toEqual([]);
		expect(requestsSince(idle)).toEqual(['getTeamQrsFromTime', 'getTeamQrsPaginated']);
	});
});

/**
 * A trigger whose updated-after answers keep only the newest 100, after its first poll and a burst of 250 codes
 * a second apart: the next poll reads the list (3 pages), and its floor passes the oldest.
 */
async function burstBehindCap(label: string) {
	suite.sim.setChangeDrift({ fromTimeCap: 100 });
	const account = newAccount();
	const watcher = polling(account.credentials);
	await watcher.poll();
	const base = Date.now() - 260_000;
	const burst = Array.from({ length: 250 }, (_, index) =>
		createCodeAt(account.teamId, base + index * 1_000, `${label} ${index}`),
	);
	return { watcher, burst };
}

describe('QRTRAC Trigger: codes deleted while a capped answer sends the trigger to the list', () => {
	afterEach(() => suite.sim.setListDrift({}));

	it('reports every change of the burst although the list shifted up a place between two pages', async () => {
		const { watcher, burst } = await burstBehindCap('Burst');
		// Another writer deletes the newest code right after page 1 is answered: page 2's first code slides onto page 1.
		suite.sim.setListDrift({ deletesMidWalk: 1 });

		const events = await watcher.poll();

		expect(events.map((event) => event.id).sort()).toEqual(burst.map((code) => code.id).sort());
		expect((await watcher.poll()).map((event) => [event.event, event.id])).toEqual([
			['deleted', burst[249].id],
		]);
	});

	it('fails the poll saying so, keeps the cursor, and the next quiet poll reports every change', async () => {
		const { watcher, burst } = await burstBehindCap('Churn');
		const persisted = structuredClone(watcher.staticData);
		// Another writer deletes the newest code after every list page: places keep moving up under the walk.
		suite.sim.setListDrift({ deletesMidWalk: 1_000 });

		const failure = await watcher.poll().then(
			() => undefined,
			(error: unknown) =>
				error as { message: string; description: string; staticData: IDataObject },
		);
		suite.sim.setListDrift({});

		expect(failure?.message).toMatch(/^QRTRAC's list of codes kept changing while it was read/);
		expect(failure?.description).toContain('Get Many QR Codes (GET /qrs-api/v2/teams/)');
		// what n8n keeps after the failed poll: the state before it
		expect(failure?.staticData).toEqual(persisted);
		const deleted = new Set(
			burst
				.filter((code) => suite.sim.state.getQr(code.id)?.deleted === true)
				.map((code) => code.id),
		);
		const events = await watcher.poll();
		expect(
			burst.filter(
				(code) => !deleted.has(code.id) && !events.some((event) => event.id === code.id),
			),
		).toEqual([]);
	});
});

describe('QRTRAC Trigger: updated-after answers capped to the oldest 100', () => {
	it('reports a change made after a burst whose oldest changes fill every later answer', async () => {
		const { account, watcher, burst } = await afterBurst(100, 150, {}, 30_000);
		expect((await watcher.poll()).map((event) => event.id).sort()).toEqual(
			burst.map((code) => code.id).sort(),
		);

		// The next answer holds the burst's oldest 100 only, all reported already: the list must be read.
		const after = createCodeAt(account.teamId, Date.now(), 'After the burst');
		expect((await watcher.poll()).map((event) => event.id)).toEqual([after.id]);
	});
});

describe('QRTRAC Trigger: updated-after answers capped to the oldest 20', () => {
	it('reports a change made after a burst of handled changes that fills every later answer', async () => {
		const { account, watcher, burst } = await afterBurst(20, 30);
		expect((await watcher.poll()).map((event) => event.id).sort()).toEqual(
			burst.map((code) => code.id).sort(),
		);

		// The next answers hold the burst's oldest 20 only, all reported, and not the newest change handled.
		const after = createCodeAt(account.teamId, Date.now(), 'After the burst');
		expect((await watcher.poll()).map((event) => event.id)).toEqual([after.id]);
		// While the overlap still holds 20 handled codes, each answer looks cut: one list page more per poll.
		const idle = lastSeq();
		expect(await watcher.poll()).toEqual([]);
		expect(requestsSince(idle)).toEqual(['getTeamQrsFromTime', 'getTeamQrsPaginated']);
	});

	it('New Scans watches a code made after such a burst and reports its scan', async () => {
		const { account, watcher } = await afterBurst(20, 30, { triggerOn: 'newScans' });
		expect(await watcher.poll()).toEqual([]);

		const after = createCodeAt(account.teamId, Date.now(), 'After the burst');
		suite.sim.state.addScan(after.id, { city: 'Lyon' });
		expect(scansOf(await watcher.poll())).toEqual([`${after.id} Lyon`]);
	});
});

describe('QRTRAC Trigger: updated-after answers capped to the oldest 20, a burst of exactly 20', () => {
	it('reports a change made after the burst, and an idle poll reads one list page', async () => {
		const { account, watcher, burst } = await afterBurst(20, 20);
		expect((await watcher.poll()).map((event) => event.id).sort()).toEqual(
			burst.map((code) => code.id).sort(),
		);
		// While the overlap holds the 20 handled codes, an answer of 20 cannot show there is nothing after them.
		const idle = lastSeq();
		expect(await watcher.poll()).toEqual([]);
		expect(requestsSince(idle)).toEqual(['getTeamQrsFromTime', 'getTeamQrsPaginated']);

		// The next answers hold the same 20 handled codes, the newest handled one among them, and nothing after.
		const after = createCodeAt(account.teamId, Date.now(), 'After the burst');
		expect((await watcher.poll()).map((event) => event.id)).toEqual([after.id]);
	});

	it('New Scans watches a code made after the burst and reports its scan', async () => {
		const { account, watcher } = await afterBurst(20, 20, { triggerOn: 'newScans' });
		expect(await watcher.poll()).toEqual([]);

		const after = createCodeAt(account.teamId, Date.now(), 'After the burst');
		suite.sim.state.addScan(after.id, { city: 'Lyon' });
		expect(scansOf(await watcher.poll())).toEqual([`${after.id} Lyon`]);
	});

	it('reads one list page when idle after a burst of 150, whose newest handled change the answers lack', async () => {
		const { watcher } = await afterBurst(20, 150);
		expect(await watcher.poll()).toHaveLength(150);

		const idle = lastSeq();
		expect(await watcher.poll()).toEqual([]);
		expect(requestsSince(idle)).toEqual(['getTeamQrsFromTime', 'getTeamQrsPaginated']);
	});
});

describe('QRTRAC Trigger: new scans of codes that disappear or change later', () => {
	it('drops a watched code deleted without a trace and keeps reporting the others', async () => {
		const account = newAccount();
		const gone = createCodeAt(account.teamId, Date.now() - 120_000, 'Gone');
		const kept = createCodeAt(account.teamId, Date.now() - 60_000, 'Kept');
		const watcher = polling(account.credentials, { triggerOn: 'newScans' });
		await watcher.poll();
		// Deleted without a new updatedAt, older than the overlap: the changes answer never lists it again, and
		// analytics answer 400 for every request naming it.
		suite.sim.state.qrs.set(gone.id, { ...suite.sim.state.getQr(gone.id)!, deleted: true });
		suite.sim.state.addScan(kept.id, { city: 'Lyon' });

		expect((await watcher.poll()).map((scan) => scan.city)).toEqual(['Lyon']);
		suite.sim.state.addScan(kept.id, { city: 'Nice' });
		const before = lastSeq();
		expect((await watcher.poll()).map((scan) => scan.city)).toEqual(['Nice']);
		// the last request reads the scanned code, which names the event (scanEvents.ts)
		expect(requestsSince(before)).toEqual([
			'getTeamQrsFromTime',
			'getBulkQrAnalytics',
			'getQrById',
		]);
	});

	it('drops a watched code deleted without a trace when the service answers 410 Gone for it', async () => {
		const account = newAccount();
		const gone = createCodeAt(account.teamId, Date.now() - 120_000, 'Gone');
		const kept = createCodeAt(account.teamId, Date.now() - 60_000, 'Kept');
		const watcher = polling(account.credentials, { triggerOn: 'newScans' });
		await watcher.poll();
		// as above, but every request naming the deleted code is refused with 410 (simulator `deletedCodeStatus`)
		suite.sim.setAnswerModes({ deletedCodeStatus: 410 });
		try {
			suite.sim.state.qrs.set(gone.id, { ...suite.sim.state.getQr(gone.id)!, deleted: true });
			suite.sim.state.addScan(kept.id, { city: 'Lyon' });

			expect((await watcher.poll()).map((scan) => scan.city)).toEqual(['Lyon']);
			suite.sim.state.addScan(kept.id, { city: 'Nice' });
			expect((await watcher.poll()).map((scan) => scan.city)).toEqual(['Nice']);
		} finally {
			suite.sim.setAnswerModes({});
		}
	});

	it('drops a watched code deleted without a trace when the service answers 403 for it, once its list confirms', async () => {
		const account = newAccount();
		const gone = createCodeAt(account.teamId, Date.now() - 120_000, 'Gone');
		const kept = createCodeAt(account.teamId, Date.now() - 60_000, 'Kept');
		const watcher = polling(account.credentials, { triggerOn: 'newScans' });
		await watcher.poll();
		// a 403 proves nothing by itself (a role refused): the team's list, which no longer holds the code, does
		suite.sim.setAnswerModes({ deletedCodeStatus: 403 });
		try {
			suite.sim.state.qrs.set(gone.id, { ...suite.sim.state.getQr(gone.id)!, deleted: true });
			suite.sim.state.addScan(kept.id, { city: 'Lyon' });

			const before = lastSeq();
			expect((await watcher.poll()).map((scan) => scan.city)).toEqual(['Lyon']);
			expect(requestsSince(before)).toContain('getTeamQrsPaginated');
			suite.sim.state.addScan(kept.id, { city: 'Nice' });
			expect((await watcher.poll()).map((scan) => scan.city)).toEqual(['Nice']);
		} finally {
			suite.sim.setAnswerModes({});
		}
	});

	it('keeps watching a live code refused with 403: the poll fails, and its scans come once allowed', async () => {
		const account = newAccount();
		const live = createCodeAt(account.teamId, Date.now() - 86_400_000, 'Live');
		const watcher = polling(account.credentials, { triggerOn: 'newScans' });
		expect(await watcher.poll()).toEqual([]);
		// a temporary 403 (the contract's "role not allowed") on the scan read and on the code's read
		const forbidden = {
			kind: 'status' as const,
			status: 403,
			message: 'Your role is not allowed to do this',
		};
		suite.sim.faults.add({ ...forbidden, method: 'POST', path: '/api/analytics-api/detailed/all' });
		suite.sim.faults.add({
			...forbidden,
			method: 'GET',
			pathPattern: `^/api/qrs-api/teams/${live.id}$`,
		});
		suite.sim.state.addScan(live.id, { city: 'Lyon' });

		await expect(watcher.poll()).rejects.toThrow();
		suite.sim.faults.clear();
		suite.sim.state.addScan(live.id, { city: 'Nice' });
		expect((await watcher.poll()).map((scan) => scan.city).sort()).toEqual(['Lyon', 'Nice']);
	});

	it('fails the poll rather than report a scan unnamed when the read of its live code is refused with 403', async () => {
		const account = newAccount();
		const live = createCodeAt(account.teamId, Date.now() - 86_400_000, 'Live');
		const watcher = polling(account.credentials, { triggerOn: 'newScans' });
		expect(await watcher.poll()).toEqual([]);
		suite.sim.faults.add({
			kind: 'status',
			status: 403,
			message: 'Your role is not allowed to do this',
			method: 'GET',
			pathPattern: `^/api/qrs-api/teams/${live.id}$`,
		});
		suite.sim.state.addScan(live.id, { city: 'Lyon' });

		await expect(watcher.poll()).rejects.toThrow();
		suite.sim.faults.clear();
		expect((await watcher.poll()).map((scan) => [scan.city, scan.qrName])).toEqual([
			['Lyon', 'Live'],
		]);
	});

	it('reports a scan once although the service fills in its place later', async () => {
		suite.sim.setChangeDrift({ scanFillInMs: 60_000 });
		const account = newAccount();
		const code = createCodeAt(account.teamId, Date.now() - 60_000, 'Scanned');
		const watcher = polling(account.credentials, { triggerOn: 'newScans' });
		await watcher.poll();
		suite.sim.state.addScan(code.id, { city: 'Paris', country: 'France' });

		const first = await watcher.poll();
		suite.sim.clock.advance(61_000);
		const second = await watcher.poll();

		expect(first.map((scan) => scan.city)).toEqual([null]);
		expect(second).toEqual([]);
	});
});

describe('QRTRAC Trigger: one poll at a time', () => {
	it('skips a poll of the same trigger while one is under way', async () => {
		const account = newAccount();
		const workflowId = 'integrity-one-poll';
		const watcher = polling(account.credentials, {}, { workflowId });
		await watcher.poll();
		const code = createCodeAt(account.teamId, Date.now(), 'Once');
		suite.sim.setLatency(300);
		const before = lastSeq();

		const both = await Promise.all([watcher.poll(), watcher.poll()]);

		expect(both.flat().map((event) => event.id)).toEqual([code.id]);
		expect(requestsSince(before)).toEqual(['getTeamQrsFromTime']);
	});
});
