/**
 * QRTRAC Trigger through n8n-core's real poll machinery against the simulator over 127.0.0.1: events,
 * filters, first poll, manual mode, failed polls, scope changes, the cost of a poll, New Scans.
 * Build first (`npm run build`): the harness loads the built package.
 */
import type { IDataObject } from 'n8n-workflow';

import type { HarnessCredentials } from '../../support/n8nHarness';
import { useSimulator } from '../../support/simulatorSuite';
import { codeWriters, pauseClocksTo, polling, triggerAccounts } from '../../support/triggerRuns';
import { MAX_SCANS_PER_POLL } from '../../../nodes/QrtracTrigger/settings';

const suite = useSimulator({ seed: false });

const newAccount = triggerAccounts(suite, 'trigger.example');
const { createCode, updateCode, deleteCode } = codeWriters(suite);

function requestsSince(seq: number) {
	return suite.sim.requestLog.filter((entry) => entry.seq > seq);
}

function stalledRequests(fault: string): number {
	return suite.sim.faults.list().find((active) => active.id === fault)?.fired ?? 0;
}

function lastSeq(): number {
	return suite.sim.requestLog.at(-1)?.seq ?? 0;
}

describe('QRTRAC Trigger: code changes', () => {
	it('starts from now on the first poll, then reports created, updated and deleted codes once each', async () => {
		const account = newAccount();
		createCode(account.teamId, { name: 'Existing' });
		const watcher = polling(account.credentials);

		expect(await watcher.poll()).toEqual([]);

		const created = createCode(account.teamId, { name: 'New' });
		const existing = suite.sim.state.listQrs(account.teamId).find((qr) => qr.name === 'Existing')!;
		updateCode(existing.id, { name: 'Existing, renamed' });
		const events = await watcher.poll();
		expect(events.map((event) => [event.event, event.id, event.name]).sort()).toEqual(
			[
				['created', created.id, 'New'],
				['updated', existing.id, 'Existing, renamed'],
			].sort(),
		);

		deleteCode(account.teamId, created.id);
		const deletions = await watcher.poll();
		expect(deletions.map((event) => [event.event, event.id, event.deleted])).toEqual([
			['deleted', created.id, true],
		]);

		expect(await watcher.poll()).toEqual([]);
	});

	it('costs one request per idle poll, on the team endpoint with the team header', async () => {
		const account = newAccount();
		const watcher = polling(account.credentials);
		await watcher.poll();
		const before = lastSeq();

		await watcher.poll();

		const requests = requestsSince(before);
		expect(requests.map((entry) => entry.operationId)).toEqual(['getTeamQrsFromTime']);
		expect(requests[0].headers['x-request-team-id']).toBe(account.teamId);
	});

	it('reports only the chosen events and codes matching every filter', async () => {
		const account = newAccount();
		const watcher = polling(account.credentials, {
			events: ['created', 'deleted'],
			filters: { qrTypes: ['SHORT_LINK'], tag: 'Promo', search: 'summer' },
		});
		const keeper = createCode(account.teamId, { name: 'Other' });
		await watcher.poll();

		const match = createCode(account.teamId, {
			name: 'Summer sale',
			qrType: 'SHORT_LINK',
			tags: ['promo'],
		});
		createCode(account.teamId, { name: 'Summer sale web', tags: ['promo'] });
		createCode(account.teamId, { name: 'Summer sale untagged', qrType: 'SHORT_LINK' });
		createCode(account.teamId, { name: 'Winter', qrType: 'SHORT_LINK', tags: ['promo'] });
		updateCode(keeper.id, { name: 'Other, updated' });
		expect((await watcher.poll()).map((event) => event.id)).toEqual([match.id]);

		updateCode(match.id, { name: 'Summer sale, now cheaper' });
		expect(await watcher.poll()).toEqual([]);

		deleteCode(account.teamId, match.id);
		expect((await watcher.poll()).map((event) => [event.event, event.id])).toEqual([
			['deleted', match.id],
		]);
	});

	it('fails naming the field, before any request, when QR Types or Events is an expression giving no list', async () => {
		const account = newAccount();
		for (const [parameters, label, example] of [
			[{ filters: { qrTypes: '={{ "SHORT_LINK" }}' } }, 'QR Types', '{{ ["WEB", "PDF"] }}'],
			// the hint's example names events, not QR types
			[{ events: '={{ "created" }}' }, 'Events', '{{ ["created", "deleted"] }}'],
		] as const) {
			const watcher = polling(account.credentials, parameters);
			const before = lastSeq();
			// a QR Types filter left out would start the workflow for codes of every type
			await expect(watcher.poll()).rejects.toThrow(`"${label}" must be a list`);
			await expect(watcher.poll('manual')).rejects.toMatchObject({
				message: `"${label}" must be a list`,
				description: expect.stringContaining(`for example ${example}.`),
			});
			expect(requestsSince(before)).toEqual([]);
		}

		// a Tag given as a number is its text, not a filter left out
		const watcher = polling(account.credentials, { filters: { tag: '={{ 2026 }}' } });
		await watcher.poll();
		const tagged = createCode(account.teamId, { name: 'Tagged', tags: ['2026'] });
		createCode(account.teamId, { name: 'Untagged' });
		expect((await watcher.poll()).map((event) => event.id)).toEqual([tagged.id]);
	});

	// an Events expression giving no known event watched nothing without a word, and the test event read "Undefined";
	// an unknown event beside known ones was dropped, its changes never reported
	const noEvent = '"Events" must give at least one of created, updated, deleted';
	it.each([
		['={{ [] }}', noEvent],
		[
			'={{ ["renamed"] }}',
			'"Events" entry 1 must be one of "created", "updated", "deleted", not "renamed"',
		],
		[
			'={{ ["created", "renamed"] }}',
			'"Events" entry 2 must be one of "created", "updated", "deleted", not "renamed"',
		],
	])(
		'fails naming Events, poll and test event, before any request, when it is %j',
		async (events, message) => {
			const account = newAccount();
			const watcher = polling(account.credentials, { events });
			const before = lastSeq();
			await expect(watcher.poll()).rejects.toThrow(message);
			await expect(watcher.poll('manual')).rejects.toMatchObject({
				message,
				description: expect.stringContaining('for example {{ ["created", "deleted"] }}.'),
			});
			expect(requestsSince(before)).toEqual([]);
			// left empty, n8n stops the test event itself ("Parameter "Events" is required"); an active poll did not
			const emptied = polling(account.credentials, { events: [] });
			await expect(emptied.poll()).rejects.toThrow(noEvent);
			expect(requestsSince(before)).toEqual([]);
		},
	);

	it('matches the QR Types filter whatever case QRTRAC answers the type in, test event included', async () => {
		// The contract's Qr types `qrType` as any string: a service answering `web` holds the form's WEB.
		const account = newAccount();
		const watcher = polling(account.credentials, { filters: { qrTypes: ['WEB'] } });
		await watcher.poll();
		const web = Object.assign(createCode(account.teamId, { name: 'Lower-case web' }), {
			qrType: 'web',
		});
		Object.assign(createCode(account.teamId, { name: 'Link', qrType: 'SHORT_LINK' }), {
			qrType: 'short_link',
		});

		expect((await watcher.poll()).map((event) => [event.event, event.id])).toEqual([
			['created', web.id],
		]);
		expect((await watcher.poll('manual')).map((event) => event.id)).toEqual([web.id]);
	});

	it('reports every existing code on the first poll when asked to', async () => {
		const account = newAccount();
		const live = createCode(account.teamId, { name: 'Live' });
		const gone = createCode(account.teamId, { name: 'Gone' });
		deleteCode(account.teamId, gone.id);
		const watcher = polling(account.credentials, { options: { includeExisting: true } });

		const events = await watcher.poll();

		expect(events.map((event) => [event.event, event.id]).sort()).toEqual(
			[
				['created', live.id],
				['deleted', gone.id],
			].sort(),
		);
		expect(await watcher.poll()).toEqual([]);
	});

	it('watches every team of the organization in the all-teams scope', async () => {
		const account = newAccount();
		const other = suite.sim.state.createTeam(account.orgId, 'Second team');
		const watcher = polling(account.credentials, { scope: 'all' });
		await watcher.poll();
		const before = lastSeq();

		const elsewhere = createCode(other.id, { name: 'Elsewhere' });
		const here = createCode(account.teamId, { name: 'Here' });
		const events = await watcher.poll();

		expect(events.map((event) => event.id).sort()).toEqual([elsewhere.id, here.id].sort());
		expect(requestsSince(before).map((entry) => entry.operationId)).toEqual(['getAllQrsFromTime']);
	});

	it('starts over from now when the watched team changes', async () => {
		const account = newAccount();
		const second = suite.sim.state.createTeam(account.orgId, 'Second team');
		const parameters: Record<string, unknown> = { team: '' };
		const watcher = polling(account.credentials, parameters);
		await watcher.poll();
		createCode(second.id, { name: 'Before the switch' });

		parameters.team = second.id;
		expect(await watcher.poll()).toEqual([]);
		const after = createCode(second.id, { name: 'After the switch' });
		expect((await watcher.poll()).map((event) => event.id)).toEqual([after.id]);
	});

	it('keeps the cursor of a failed poll, so the next poll reports what the failed one missed', async () => {
		const account = newAccount();
		const watcher = polling(account.credentials);
		await watcher.poll();
		const persisted = watcher.staticData;
		const code = createCode(account.teamId, { name: 'During an outage' });
		const fault = suite.sim.faults.add({
			kind: 'status',
			status: 400,
			message: 'Simulated outage',
			path: '/api/qrs-api/teams/fromTime',
			count: 1,
		});

		await expect(watcher.poll()).rejects.toMatchObject({ message: 'Simulated outage' });
		expect(watcher.staticData).toEqual(persisted);

		suite.sim.faults.remove(fault);
		expect((await watcher.poll()).map((event) => event.id)).toEqual([code.id]);
	});

	it('never shows the client secret in a poll error', async () => {
		const account = newAccount();
		const wrong = {
			...account,
			credentials: { ...account.credentials, clientSecret: 'cs_not-the-right-secret-123' },
		};
		const error = await polling(wrong.credentials)
			.poll()
			.then(
				() => undefined,
				(failure: unknown) => failure,
			);
		expect(error).toMatchObject({ httpCode: '401' });
		expect(JSON.stringify(error)).not.toContain('cs_not-the-right-secret-123');
		expect(String((error as Error).stack)).not.toContain('cs_not-the-right-secret-123');
	});

	it('fetches the most recent matching code as a test event without moving the cursor', async () => {
		const account = newAccount();
		const watcher = polling(account.credentials, { filters: { qrTypes: ['WEB'] } });
		await watcher.poll();
		const cursorBefore = watcher.staticData;
		const older = createCode(account.teamId, { name: 'Older' });
		suite.sim.state.createQr(account.teamId, { qrType: 'VCARD', name: 'Card', firstName: 'A' });
		suite.sim.clock.advance(5);
		const newest = createCode(account.teamId, { name: 'Newest web' });
		suite.sim.clock.useRealTime();

		const sample = await watcher.poll('manual');

		expect(sample.map((event) => [event.event, event.id])).toEqual([['created', newest.id]]);
		expect(watcher.staticData).toEqual(cursorBefore);
		expect((await watcher.poll()).map((event) => event.id).sort()).toEqual(
			[older.id, newest.id].sort(),
		);
	});
	it('fetches the most recent deletion as a test event when only deletions are wanted', async () => {
		const account = newAccount();
		const first = createCode(account.teamId, { name: 'First' });
		const second = createCode(account.teamId, { name: 'Second' });
		deleteCode(account.teamId, first.id);
		suite.sim.clock.advance(5);
		deleteCode(account.teamId, second.id);
		suite.sim.clock.useRealTime();
		const before = lastSeq();

		const sample = await polling(account.credentials, { events: ['deleted'] }).poll('manual');

		expect(sample.map((event) => [event.event, event.id])).toEqual([['deleted', second.id]]);
		expect(requestsSince(before).map((entry) => entry.operationId)).toEqual(['getTeamQrsFromTime']);
	});
});

describe('QRTRAC Trigger: a test event when nothing matches', () => {
	/** A manual poll (Fetch Test Event) must fail as n8n's own triggers do; answers its error. */
	async function manualPollFailure(watcher: ReturnType<typeof polling>) {
		const failure = await watcher.poll('manual').then(
			() => undefined,
			(error: Error & { description?: string }) => error,
		);
		expect(failure).toMatchObject({
			name: 'NodeOperationError',
			message: 'No data with the current filter could be found',
		});
		return failure;
	}

	const teamName = (teamId: string) => suite.sim.state.teams.get(teamId)!.name;
	const ACTIVE = 'Once the workflow is active, the trigger reports new events as they happen.';

	it("Code Changes fails the manual poll saying what it looked at, in the team's name and the form's labels, and what to do", async () => {
		const account = newAccount();
		createCode(account.teamId, { name: 'A website', tags: ['other'] });
		const watcher = polling(account.credentials, {
			events: ['created', 'updated'],
			filters: { qrTypes: ['PDF'], tag: 'spring', search: 'catalog' },
		});

		const failure = await manualPollFailure(watcher);

		expect(failure?.description).toBe(
			`Looked at every code of team "${teamName(account.teamId)}" (${account.teamId}) and the codes changed in the last 5 minutes, for events Code Created, Code Updated; filters: QR Types PDF, Tag "spring", Name or Display ID Contains "catalog". Check or clear the filters, or create or update a matching code, then fetch again. ${ACTIVE}`,
		);
		expect(watcher.staticData).toEqual({});
	});

	// an editor walk read "create or update or delete a matching code" with the default events
	it('Code Changes with all three events names the changes as a list', async () => {
		const account = newAccount();
		const watcher = polling(account.credentials, {
			events: ['created', 'updated', 'deleted'],
			filters: { tag: 'nosuchtag' },
		});

		const failure = await manualPollFailure(watcher);

		expect(failure?.description).toContain(
			'Check or clear the filters, or create, update or delete a matching code, then fetch again.',
		);
	});

	it('Code Changes without filters says which change to make', async () => {
		const account = newAccount();
		const watcher = polling(account.credentials, { events: ['deleted'] });

		const failure = await manualPollFailure(watcher);

		expect(failure?.description).toBe(
			`Looked at the codes changed in the last 5 minutes of team "${teamName(account.teamId)}" (${account.teamId}), for events Code Deleted; filters: none. Delete a code, then fetch again. ${ACTIVE}`,
		);
	});

	it('New Scans with codes matching but none scanned says how many match and to scan one', async () => {
		const account = newAccount();
		createCode(account.teamId, { name: 'Never scanned' });
		createCode(account.teamId, { name: 'Never scanned either' });
		const watcher = polling(account.credentials, { triggerOn: 'newScans' });

		const failure = await manualPollFailure(watcher);

		expect(failure?.description).toBe(
			`Looked at the codes of team "${teamName(account.teamId)}" (${account.teamId}): the team's 2 codes, none scanned in the last 30 days. Scan a code, then fetch again. ${ACTIVE}`,
		);
	});

	it('New Scans with filters: N codes match, none scanned, apart from no code matching', async () => {
		const account = newAccount();
		createCode(account.teamId, { name: 'Spring flyer', tags: ['spring'] });
		createCode(account.teamId, { name: 'Autumn flyer', tags: ['spring'] });
		const team = `"${teamName(account.teamId)}" (${account.teamId})`;

		const someMatch = await manualPollFailure(
			polling(account.credentials, { triggerOn: 'newScans', filters: { tag: 'spring' } }),
		);
		const noneMatch = await manualPollFailure(
			polling(account.credentials, {
				triggerOn: 'newScans',
				filters: { tag: 'spring', search: 'xyz-nothing' },
			}),
		);

		expect(someMatch?.description).toBe(
			`Looked at the codes of team ${team}: 2 codes match the filters (Tag "spring"), none scanned in the last 30 days. Scan a code, then fetch again. ${ACTIVE}`,
		);
		expect(noneMatch?.description).toBe(
			`Looked at the codes of team ${team}: no code matches the filters (Tag "spring", Name or Display ID Contains "xyz-nothing"). Check or clear the filters. ${ACTIVE}`,
		);
	});

	it('New Scans of a team without codes says to make one and scan it', async () => {
		const account = newAccount();

		const failure = await manualPollFailure(
			polling(account.credentials, { triggerOn: 'newScans' }),
		);

		expect(failure?.description).toBe(
			`Looked at the codes of team "${teamName(account.teamId)}" (${account.teamId}): the team has no QR code (deleted ones aside). Create a code and scan it, then fetch again. ${ACTIVE}`,
		);
	});

	/** The organization's team list refused: the message cannot read the team's name from it. */
	const refuseTeamList = () =>
		suite.sim.faults.add({
			kind: 'status',
			status: 403,
			method: 'GET',
			pathPattern: /\/teams-api$/,
		});

	it("a failed read of the team's name does not fail the message: it names the team's ID", async () => {
		const account = newAccount();
		refuseTeamList();

		const failure = await manualPollFailure(
			polling(account.credentials, { triggerOn: 'newScans' }),
		);

		expect(failure?.description).toBe(
			`Looked at the codes of team ${account.teamId}: the team has no QR code (deleted ones aside). Create a code and scan it, then fetch again. ${ACTIVE}`,
		);
	});

	it('a team picked from the list is named as n8n keeps it, without reading the team list', async () => {
		const account = newAccount();
		// a refused team list: read, it would name the ID; a 429 there made the message wait (up to Maximum Wait)
		refuseTeamList();
		const team = {
			__rl: true,
			mode: 'list',
			value: account.teamId,
			cachedResultName: 'Spring Campaign',
		};

		const failure = await manualPollFailure(
			polling(account.credentials, { triggerOn: 'newScans', team }),
		);

		expect(failure?.description).toBe(
			`Looked at the codes of team "Spring Campaign" (${account.teamId}): the team has no QR code (deleted ones aside). Create a code and scan it, then fetch again. ${ACTIVE}`,
		);
		expect(suite.sim.requestLog.filter((entry) => entry.path.endsWith('/teams-api'))).toEqual([]);
	});
});

describe.each([5_000, -5_000])("QRTRAC Trigger: service clock %i ms off n8n's", (skewMs) => {
	afterEach(() => {
		suite.sim.clock.useRealTime();
	});

	it('reports changes and scans made right after activation', async () => {
		const account = newAccount();
		const code = createCode(account.teamId, { name: 'Scanned' });
		suite.sim.clock.advance(skewMs);
		const changes = polling(account.credentials);
		const scans = polling(account.credentials, { triggerOn: 'newScans' });
		expect(await changes.poll()).toEqual([]);
		expect(await scans.poll()).toEqual([]);

		const created = createCode(account.teamId, { name: 'Right after activation' });
		suite.sim.state.addScan(code.id, { city: 'Right after activation' });

		expect((await changes.poll()).map((event) => event.id)).toEqual([created.id]);
		expect((await scans.poll()).map((scan) => scan.city)).toEqual(['Right after activation']);
	});
});

describe('QRTRAC Trigger: boundary answered inclusively', () => {
	const inclusive = useSimulator({ seed: false, fromTimeInclusive: true });

	afterAll(() => {
		inclusive.sim.clock.useRealTime();
	});

	it('reports codes written in the same millisecond before and after a poll once each', async () => {
		const { teamId, credentials } = triggerAccounts(inclusive, 'inclusive.example')();
		const watcher = polling(credentials);
		const poll = async () => (await watcher.poll()).map((event) => String(event.id));
		await poll();
		const instant = Date.now();
		inclusive.sim.clock.set(instant);
		const create = () =>
			inclusive.sim.state.createQr(teamId, {
				qrType: 'WEB',
				qrRedirectUrl: 'https://example.com/',
			}).id;
		const first = [create(), create()];

		expect((await poll()).sort()).toEqual([...first].sort());
		const second = [create(), create()];
		expect((await poll()).sort()).toEqual([...second].sort());
		expect(await poll()).toEqual([]);
	});
});

describe('QRTRAC Trigger: new scans', () => {
	it('reports new scans once, reading 100 codes per request, after a silent first poll', async () => {
		const account = newAccount();
		const codes = Array.from({ length: 150 }, (_, index) =>
			createCode(account.teamId, { name: `Code ${index}` }),
		);
		suite.sim.state.addScan(codes[0].id, { city: 'Before activation' });
		const watcher = polling(account.credentials, { triggerOn: 'newScans' });

		expect(await watcher.poll()).toEqual([]);

		const scanTime = suite.sim.clock.now();
		suite.sim.state.addScan(codes[3].id, { scanTime, city: 'Paris' });
		suite.sim.state.addScan(codes[140].id, { scanTime, city: 'Tokyo' });
		const before = lastSeq();
		const scans = await watcher.poll();

		expect(scans.map((scan) => [scan.event, scan.qrId, scan.city]).sort()).toEqual(
			[
				['scan', codes[3].id, 'Paris'],
				['scan', codes[140].id, 'Tokyo'],
			].sort(),
		);
		const requests = requestsSince(before);
		// the 150 codes made just now fill a round-sized changes answer, which is checked against the list
		// (feedMayLeaveOut); the scanned codes are read to name the events, one request each
		expect(requests.map((entry) => entry.operationId)).toEqual([
			'getTeamQrsFromTime',
			'getTeamQrsPaginated',
			'getTeamQrsPaginated',
			'getBulkQrAnalytics',
			'getBulkQrAnalytics',
			'getQrById',
			'getQrById',
		]);
		expect(
			requests.map(
				(entry) =>
					((entry.body as IDataObject | undefined)?.qrIds as string[] | undefined)?.length ?? 0,
			),
		).toEqual([0, 0, 0, 100, 50, 0, 0]);
		expect(await watcher.poll()).toEqual([]);
	});

	it('follows codes created and deleted after activation, and the filters', async () => {
		const account = newAccount();
		const tagged = createCode(account.teamId, { name: 'Tagged', tags: ['event'] });
		createCode(account.teamId, { name: 'Untagged' });
		const watcher = polling(account.credentials, {
			triggerOn: 'newScans',
			filters: { tag: 'event' },
		});
		await watcher.poll();

		const later = createCode(account.teamId, { name: 'Tagged later', tags: ['event'] });
		const untagged = suite.sim.state.listQrs(account.teamId).find((qr) => qr.name === 'Untagged')!;
		suite.sim.state.addScan(later.id, { city: 'Lyon' });
		suite.sim.state.addScan(untagged.id, { city: 'Ignored' });
		expect((await watcher.poll()).map((scan) => scan.city)).toEqual(['Lyon']);

		deleteCode(account.teamId, tagged.id);
		suite.sim.state.addScan(later.id, { city: 'Nice' });
		expect((await watcher.poll()).map((scan) => scan.city)).toEqual(['Nice']);
	});

	it('never reports the scans a code had before it came to match the filters', async () => {
		const account = newAccount();
		createCode(account.teamId, { name: 'Tagged', tags: ['event'] });
		const joining = createCode(account.teamId, { name: 'Tagged later' });
		suite.sim.state.addScan(joining.id, {
			scanTime: suite.sim.clock.now() - 60_000,
			city: 'Before activation',
		});
		// an overlap of 1 s: a scan up to that long before the tag was added may still come (clocks differ)
		const watcher = polling(account.credentials, {
			triggerOn: 'newScans',
			filters: { tag: 'event' },
			options: { overlapSeconds: 1 },
		});
		expect(await watcher.poll()).toEqual([]);

		suite.sim.state.addScan(joining.id, { city: 'Not watched yet' });
		// The code is watched from the last poll that found it not matching, less the overlap: a scan within that,
		// or within the second the service's Date tells that poll's present in, may still come.
		await new Promise((resolve) => setTimeout(resolve, 2_500));
		expect(await watcher.poll()).toEqual([]);

		const tagged = updateCode(joining.id, { tags: ['event'] });
		suite.sim.state.addScan(joining.id, { scanTime: tagged.updatedAt + 1, city: 'Watched' });
		// the scans made while the code did not match were filtered out then, and are not reported now
		expect((await watcher.poll()).map((scan) => scan.city)).toEqual(['Watched']);
		expect(await watcher.poll()).toEqual([]);
	});

	it('reports the scans of a poll that failed naming them on the next poll, once, without durable cursors', async () => {
		const account = newAccount();
		// Maximum Wait of 1 s bounds the retries of a failing request
		const credentials = { ...account.credentials, maxWaitSeconds: 1 } as HarnessCredentials;
		const code = createCode(account.teamId, { name: 'Named late' });
		const watcher = polling(credentials, { triggerOn: 'newScans' }, { durableCursors: false });
		await watcher.poll();

		suite.sim.state.addScan(code.id, { city: 'Lost?' });
		// the service fails (5xx, after retries) the request that names the scanned code
		const fault = suite.sim.faults.add({
			kind: 'status',
			status: 500,
			message: 'Simulated outage',
			method: 'GET',
			pathPattern: `^/api/qrs-api/teams/${code.id}$`,
		});
		await expect(watcher.poll()).rejects.toThrow();
		expect(suite.sim.faults.list().find((active) => active.id === fault)?.fired).toBeGreaterThan(0);
		suite.sim.faults.remove(fault);

		expect((await watcher.poll()).map((scan) => [scan.qrId, scan.qrName, scan.city])).toEqual([
			[code.id, 'Named late', 'Lost?'],
		]);
		expect(await watcher.poll()).toEqual([]);
	});

	it('reports a scan made while the first poll reads the scans, once, and none from before activation', async () => {
		const account = newAccount();
		const code = createCode(account.teamId, { name: 'Scanned during activation' });
		// 900 ms into a second: the service's `Date` (whole seconds) tells its present up to a second late
		suite.sim.clock.set(Math.floor(Date.now() / 1_000) * 1_000 + 900);
		try {
			suite.sim.state.addScan(code.id, { city: 'Before activation' });
			const watcher = polling(account.credentials, { triggerOn: 'newScans' });
			// the first poll's scan read reaches the service 0.6 s after it told its present; a visitor scans meanwhile
			const stall = suite.sim.faults.add({
				kind: 'stall',
				delayMs: 600,
				method: 'POST',
				path: '/api/analytics-api/detailed/all',
				count: 1,
			});
			const first = watcher.poll();
			for (let waited = 0; stalledRequests(stall) === 0 && waited < 100; waited += 1)
				await new Promise((resolve) => setTimeout(resolve, 20));
			expect(stalledRequests(stall)).toBe(1);
			suite.sim.clock.advance(300);
			suite.sim.state.addScan(code.id, { city: 'During the first poll' });

			expect((await first).map((scan) => scan.city)).toEqual(['During the first poll']);
			suite.sim.faults.remove(stall);
			suite.sim.clock.advance(60_000);
			expect(await watcher.poll()).toEqual([]);
		} finally {
			suite.sim.clock.useRealTime();
		}
	});

	it('takes a scan made during the first poll for seen when the service stamps scans 3 s ahead of its Date (a documented limit), and reports the next', async () => {
		const account = newAccount();
		const code = createCode(account.teamId, { name: 'Scanned during activation' });
		suite.sim.setChangeDrift({ clockOffsetMs: -3_000 });
		try {
			suite.sim.state.addScan(code.id, { city: 'Before activation' });
			const watcher = polling(account.credentials, { triggerOn: 'newScans' });
			const stall = suite.sim.faults.add({
				kind: 'stall',
				delayMs: 600,
				method: 'POST',
				path: '/api/analytics-api/detailed/all',
				count: 1,
			});
			const first = watcher.poll();
			for (let waited = 0; stalledRequests(stall) === 0 && waited < 100; waited += 1)
				await new Promise((resolve) => setTimeout(resolve, 20));
			expect(stalledRequests(stall)).toBe(1);
			suite.sim.state.addScan(code.id, { city: 'During the first poll' });

			// no answer tells it from a scan made just before activation: docs/trigger.md, "Limits"
			expect(await first).toEqual([]);
			suite.sim.faults.remove(stall);
			suite.sim.state.addScan(code.id, { city: 'After the first poll' });
			expect((await watcher.poll()).map((scan) => scan.city)).toEqual(['After the first poll']);
		} finally {
			suite.sim.setChangeDrift({ clockOffsetMs: 0 });
		}
	});

	it('fetches the newest scan as a test event without touching static data', async () => {
		const account = newAccount();
		const code = createCode(account.teamId);
		const now = suite.sim.clock.now();
		suite.sim.state.addScan(code.id, { scanTime: now - 60_000, city: 'Older' });
		suite.sim.state.addScan(code.id, { scanTime: now - 1_000, city: 'Newest' });
		const watcher = polling(account.credentials, { triggerOn: 'newScans' });

		expect((await watcher.poll('manual')).map((scan) => scan.city)).toEqual(['Newest']);
		expect(watcher.staticData).toEqual({});
	});

	it('fetches the test event from the last hour first, then the last day, and the last 30 days only when those had none', async () => {
		const HOUR_MS = 3_600_000;
		const DAY_MS = 86_400_000;
		const ranges = (since: number) =>
			requestsSince(since)
				.filter((entry) => entry.operationId === 'getBulkQrAnalytics')
				.map((entry) => entry.body as { startTime: number; endTime: number });
		const now = suite.sim.clock.now();

		// a busy code, scanned every minute of the last day: the newest scan is in the last hour, read alone
		const account = newAccount();
		const busy = createCode(account.teamId, { name: 'Busy' });
		for (let minute = 5; minute < 24 * 60; minute += 1)
			suite.sim.state.addScan(busy.id, {
				scanTime: now - minute * 60_000,
				city: `${minute} min ago`,
			});
		let before = lastSeq();
		expect(
			(await polling(account.credentials, { triggerOn: 'newScans' }).poll('manual')).map(
				(scan) => scan.city,
			),
		).toEqual(['5 min ago']);
		expect(ranges(before)).toHaveLength(1);
		expect(ranges(before)[0].startTime).toBeGreaterThanOrEqual(now - HOUR_MS - 1_000);

		// a month of scans before a quiet hour: the rest of the day is read, not the month
		const daily = newAccount();
		const code = createCode(daily.teamId, { name: 'Daily' });
		for (let day = 2; day < 30; day += 1)
			suite.sim.state.addScan(code.id, { scanTime: now - day * DAY_MS, city: `Day ${day}` });
		suite.sim.state.addScan(code.id, { scanTime: now - 3 * HOUR_MS, city: 'Three hours ago' });
		before = lastSeq();
		expect(
			(await polling(daily.credentials, { triggerOn: 'newScans' }).poll('manual')).map(
				(scan) => scan.city,
			),
		).toEqual(['Three hours ago']);
		expect(ranges(before)).toHaveLength(2);
		expect(ranges(before)[1].startTime).toBeGreaterThanOrEqual(now - DAY_MS - 1_000);

		// a quiet last day: the rest of the 30 days is read, the newest of it found
		const quiet = newAccount();
		const older = createCode(quiet.teamId, { name: 'Quiet' });
		suite.sim.state.addScan(older.id, { scanTime: now - 10 * DAY_MS, city: 'Ten days ago' });
		suite.sim.state.addScan(older.id, { scanTime: now - 12 * DAY_MS, city: 'Twelve days ago' });
		before = lastSeq();
		expect(
			(await polling(quiet.credentials, { triggerOn: 'newScans' }).poll('manual')).map(
				(scan) => scan.city,
			),
		).toEqual(['Ten days ago']);
		const read = ranges(before);
		expect(read).toHaveLength(3);
		// the reads do not overlap: no scan is read twice
		for (let index = 1; index < read.length; index += 1)
			expect(read[index].endTime).toBeLessThan(read[index - 1].startTime + 3);
	});
});

describe('QRTRAC Trigger: new scans after a long pause', () => {
	afterEach(() => jest.useRealTimers());

	it('catches up a week of scans day by day in one poll, each scan once, nothing lost', async () => {
		const DAY_MS = 86_400_000;
		const account = newAccount();
		const code = createCode(account.teamId, { name: 'Paused' });
		const watcher = polling(account.credentials, { triggerOn: 'newScans' });
		expect(await watcher.poll()).toEqual([]);

		// the workflow is off for a week (or polls weekly): the service's clock moves on, one scan a day meanwhile
		const paused = suite.sim.clock.now();
		try {
			suite.sim.clock.set(paused + 7 * DAY_MS);
			pauseClocksTo(paused + 7 * DAY_MS);
			const scanTimes = Array.from({ length: 7 }, (_, day) => paused + day * DAY_MS + DAY_MS / 2);
			for (const scanTime of scanTimes) suite.sim.state.addScan(code.id, { scanTime });

			const before = lastSeq();
			const first = await watcher.poll();
			expect(first.map((scan) => scan.scanTime)).toEqual(scanTimes);
			expect(await watcher.poll()).toEqual([]);

			// read one day per request, so the poll could stop between days
			const ranges = requestsSince(before)
				.filter((entry) => entry.operationId === 'getBulkQrAnalytics')
				.map((entry) => entry.body as { startTime: number; endTime: number });
			expect(ranges.length).toBeGreaterThanOrEqual(7);
			for (const range of ranges)
				expect(range.endTime - range.startTime).toBeLessThanOrEqual(DAY_MS + 2 * 3_600_000);
		} finally {
			suite.sim.clock.useRealTime();
		}
	});

	it(`after a pause stops between days once a poll has ${MAX_SCANS_PER_POLL} scans; the next poll goes on`, async () => {
		const DAY_MS = 86_400_000;
		const account = newAccount();
		const code = createCode(account.teamId, { name: 'Busy' });
		const watcher = polling(account.credentials, { triggerOn: 'newScans' });
		expect(await watcher.poll()).toEqual([]);

		const paused = suite.sim.clock.now();
		try {
			suite.sim.clock.set(paused + 5 * DAY_MS);
			pauseClocksTo(paused + 5 * DAY_MS);
			for (let index = 0; index < MAX_SCANS_PER_POLL; index += 1)
				suite.sim.state.addScan(code.id, { scanTime: paused + DAY_MS / 2 + index });
			const late = paused + 3 * DAY_MS + DAY_MS / 2;
			suite.sim.state.addScan(code.id, { scanTime: late });

			const first = await watcher.poll();
			expect(first).toHaveLength(MAX_SCANS_PER_POLL);
			const second = await watcher.poll();
			expect(second.map((scan) => scan.scanTime)).toEqual([late]);
			expect(await watcher.poll()).toEqual([]);
		} finally {
			suite.sim.clock.useRealTime();
		}
	});

	it(`after a pause stops between chunks of 100 codes once a poll has ${MAX_SCANS_PER_POLL} scans; the next poll goes on`, async () => {
		const DAY_MS = 86_400_000;
		const account = newAccount();
		const codes = Array.from({ length: 150 }, (_, index) => {
			// one change time each: the oldest and the newest code are in different chunks of 100 codes
			suite.sim.clock.advance(5);
			return createCode(account.teamId, { name: `Code ${index}` });
		});
		const watcher = polling(account.credentials, { triggerOn: 'newScans' });
		try {
			expect(await watcher.poll()).toEqual([]);

			const paused = suite.sim.clock.now();
			suite.sim.clock.set(paused + 2 * DAY_MS);
			pauseClocksTo(paused + 2 * DAY_MS);
			// one busy day: the scans of each of the two codes alone fill a poll
			for (const code of [codes[0], codes[149]])
				for (let index = 0; index < MAX_SCANS_PER_POLL; index += 1)
					suite.sim.state.addScan(code.id, { scanTime: paused + DAY_MS / 2 + index });

			const first = await watcher.poll();
			expect(first).toHaveLength(MAX_SCANS_PER_POLL);
			const second = await watcher.poll();
			expect(second).toHaveLength(MAX_SCANS_PER_POLL);
			expect(
				[first, second].map((scans) => [...new Set(scans.map((scan) => scan.qrId))]).sort(),
			).toEqual([[codes[0].id], [codes[149].id]].sort());
			expect(await watcher.poll()).toEqual([]);
		} finally {
			suite.sim.clock.useRealTime();
		}
	});
});
