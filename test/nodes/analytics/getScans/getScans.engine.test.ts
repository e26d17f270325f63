/**
 * Scan > Get Scans through n8n's engine against the simulator: one code's scans with a time filter, the time range presets and
 * custom bounds, and refused input that never reaches the wire.
 */
import { runNode } from '../../../support/n8nHarness';
import { organizations } from '../../../support/organizations';
import { useSimulator } from '../../../support/simulatorSuite';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const suite = useSimulator({ seed: false });

const teams = organizations(suite, 'analytics.example');
const newTeamWithCodes = (codeCount: number) => teams.withCodes(codeCount);

function codeRef(id: string) {
	return { __rl: true, mode: 'id', value: id };
}

/** Get for a Code of one code, every scan (Return All), with the time range and options given. */
async function scansOf(
	qrId: string,
	credentials: Parameters<typeof runNode>[0]['credentials'],
	parameters: Record<string, unknown>,
) {
	return await runNode({
		nodeType: 'qrtrac',
		parameters: {
			resource: 'analytics',
			operation: 'getScans',
			qrCodeId: codeRef(qrId),
			returnAll: true,
			...parameters,
		},
		credentials,
	});
}

describe('Analytics: Get Scans', () => {
	it('returns every scan of the code, or those in the time range, up to the limit', async () => {
		const { codes, credentials } = newTeamWithCodes(1);
		const [code] = codes;
		const now = Date.now();
		for (const age of [40 * DAY, 10 * DAY, 3 * DAY, 2 * HOUR])
			suite.sim.state.addScan(code.id, { scanTime: now - age, country: `C${age}` });
		const stored = suite.sim.state.scans.get(code.id)!;

		const all = await scansOf(code.id, credentials, { timeRange: 'allTime' });
		const lastWeek = await scansOf(code.id, credentials, { timeRange: 'last7Days' });
		const limited = await runNode({
			nodeType: 'qrtrac',
			parameters: {
				resource: 'analytics',
				operation: 'getScans',
				qrCodeId: codeRef(code.id),
				timeRange: 'allTime',
				returnAll: false,
				limit: 2,
			},
			credentials,
		});
		const custom = await scansOf(code.id, credentials, {
			timeRange: 'custom',
			startTime: `={{ ${now - 11 * DAY} }}`,
			endTime: new Date(now - DAY).toISOString(),
		});

		expect(all.error).toBeUndefined();
		// from 1.2 each row names its code, as every scan row does, and hashes the IP address (ipPrivacy.engine.test.ts)
		const withIsoTime = (scan: { scanTime: number }) => ({
			...scan,
			ipAddress: expect.stringMatching(/^[0-9a-f]{64}$/),
			scanTimeIso: new Date(scan.scanTime).toISOString(),
			qrName: code.name,
			qrDisplayId: code.displayId,
			qrShortUrl: `${code.baseUrl}${code.displayId}`,
		});
		expect(all.items.map((item) => item.json)).toEqual(stored.map(withIsoTime));
		expect(lastWeek.items.map((item) => item.json.scanTime)).toEqual([
			now - 3 * DAY,
			now - 2 * HOUR,
		]);
		expect(limited.items.map((item) => item.json)).toEqual(stored.slice(0, 2).map(withIsoTime));
		expect(custom.items.map((item) => item.json.scanTime)).toEqual([now - 10 * DAY, now - 3 * DAY]);
		// each run reads the scans, then (1.2) the code that names them
		expect(suite.sim.requestLog.map((entry) => entry.path)).toEqual(
			Array(4)
				.fill([`/api/analytics-api/detailed/${code.id}`, `/api/qrs-api/teams/${code.id}`])
				.flat(),
		);
		suite.expectRequestsFollowContract();
	});

	it('"This Month" starts within the current month', async () => {
		const { codes, credentials } = newTeamWithCodes(1);
		const [code] = codes;
		const now = new Date();
		const monthStartUtc = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
		// A month starts at most 14 hours before or 12 hours after its UTC start, whatever the workflow's timezone.
		suite.sim.state.addScan(code.id, { scanTime: monthStartUtc - 15 * HOUR });
		suite.sim.state.addScan(code.id, { scanTime: now.getTime() - 60_000 });

		const result = await scansOf(code.id, credentials, { timeRange: 'thisMonth' });

		expect(result.items.map((item) => item.json.scanTime)).toEqual([now.getTime() - 60_000]);
	});

	it.each([
		[
			'epoch seconds as Start',
			{ startTime: '={{ 1700000000 }}', endTime: '={{ 1800000000000 }}' },
			'"Start" must be epoch milliseconds (after 2000-01-01); seconds are not accepted',
		],
		[
			'a Start after the End',
			{ startTime: '2026-03-02T00:00:00', endTime: '2026-03-01T00:00:00' },
			'"End" must not be before "Start"',
		],
		[
			'a date that is not a date',
			{ startTime: '={{ "last tuesday" }}', endTime: '2026-03-01T00:00:00' },
			'"Start" must be a date such as 2026-01-31T08:00:00 or a number of epoch milliseconds',
		],
		[
			'a fractional epoch',
			{ startTime: '={{ 1700000000000.5 }}', endTime: '={{ 1800000000000 }}' },
			'"Start" must be a whole number of epoch milliseconds',
		],
	])('refuses %s before sending anything', async (_case, bounds, message) => {
		const { codes, credentials } = newTeamWithCodes(1);

		const result = await scansOf(codes[0].id, credentials, { timeRange: 'custom', ...bounds });

		expect(result.error?.message).toBe(`Item 0: ${message}`);
		expect(suite.sim.requestLog).toHaveLength(0);
	});

	it('never shows an address in the error of a refused answer, also one sent as a list or an object', async () => {
		const { codes, credentials } = newTeamWithCodes(1);
		// a scan time no unit places (refused), with the forwarding chain as a list and an address object
		suite.sim.state.addScan(codes[0].id, {
			scanTime: 12,
			ipAddress: ['203.0.113.8', '198.51.100.9'],
			clientIp: { v4: '192.0.2.4' },
		} as never);

		const result = await scansOf(codes[0].id, credentials, {
			timeRange: 'allTime',
			options: { ipAddress: 'keep' },
		});

		expect(result.error?.message).toContain('does not have the expected shape');
		const shown = `${result.error?.message} ${result.error?.description}`;
		expect(shown).toContain('"ipAddress":"(withheld)"');
		for (const address of ['203.0.113.8', '198.51.100.9', '192.0.2.4'])
			expect(shown).not.toContain(address);
	});

	it('never shows an address in the error of an answer cut short (not JSON), of one code or of several', async () => {
		const { codes, credentials } = newTeamWithCodes(1);
		const now = Date.now();
		// the address first, as a service may order its fields, under the contract's name and others
		suite.sim.state.scans.set(
			codes[0].id,
			Array.from({ length: 10 }, (_, index) => ({
				ipAddress: `203.0.113.${index}`,
				clientIp: [`198.51.100.${index}`],
				qrId: codes[0].id,
				scanTime: now - (10 - index) * HOUR,
			})) as never,
		);
		// every attempt's answer is the real one cut in half, as a connection dropped by a proxy leaves it
		suite.sim.faults.add({ kind: 'malformedJson', path: '/api/analytics-api', afterWrite: true });

		const one = await scansOf(codes[0].id, credentials, {
			timeRange: 'allTime',
			options: { ipAddress: 'keep' },
		});
		const several = await runNode({
			nodeType: 'qrtrac',
			parameters: {
				resource: 'analytics',
				operation: 'getScansForCodes',
				codeSelection: 'list',
				qrCodeIds: codes[0].id,
				timeRange: 'last24Hours',
				options: { ipAddress: 'keep' },
			},
			credentials,
		});

		for (const { error } of [one, several]) {
			expect(error?.message).toContain('a body that is not JSON');
			const shown = `${error?.message} ${error?.description}`;
			expect(shown).toContain('"ipAddress":"(withheld)"');
			expect(shown).not.toMatch(/203\.0\.113|198\.51\.100/);
		}
		// each read gives up after its retries, a few seconds
	});

	it('never shows an address in another form (zone index, escaped JSON, a list) in an error cut short, nor in outputs', async () => {
		const { codes, credentials } = newTeamWithCodes(1);
		const now = Date.now();
		suite.sim.state.scans.set(
			codes[0].id,
			Array.from({ length: 3 }, (_, index) => ({
				remote: `fe80::${index}%eth0`,
				raw: JSON.stringify({ ipAddress: `192.0.2.${70 + index}` }),
				xff: `203.0.113.${index}, 198.51.100.${index}`,
				qrId: codes[0].id,
				scanTime: now - (10 - index) * HOUR,
			})) as never,
		);
		const parameters = {
			resource: 'analytics',
			operation: 'getScansForCodes',
			codeSelection: 'list',
			qrCodeIds: codes[0].id,
			timeRange: 'last24Hours',
			options: { ipAddress: 'hash', ipHashKey: 'k' },
		};
		const addresses = /fe80|192\.0\.2\.|203\.0\.113|198\.51\.100/;
		suite.sim.faults.add({ kind: 'malformedJson', path: '/api/analytics-api', afterWrite: true });

		const cut = await runNode({ nodeType: 'qrtrac', parameters, credentials });
		suite.sim.faults.clear();
		const read = await runNode({ nodeType: 'qrtrac', parameters, credentials });

		expect(cut.error?.message).toContain('a body that is not JSON');
		expect(`${cut.error?.message} ${cut.error?.description}`).not.toMatch(addresses);
		expect(read.error).toBeUndefined();
		expect(read.items).toHaveLength(3);
		for (const { json } of read.items) {
			expect(JSON.stringify(json)).not.toMatch(addresses);
			expect(JSON.parse(json.raw as string)).toEqual({
				ipAddress: expect.stringMatching(/^[0-9a-f]{64}$/),
			});
		}
	});
});

describe('Analytics: Get Scans of an id the scans read refuses', () => {
	afterEach(() => {
		suite.sim.faults.clear();
		suite.sim.setAnswerModes({});
	});

	/** A refusal of Get Scans for `qrId`: the simulator's own (400), or `status` with its plain words. */
	function refuseScans(qrId: string, status: 403 | 404) {
		suite.sim.faults.add({
			kind: 'status',
			status,
			method: 'GET',
			path: `/api/analytics-api/detailed/${qrId}`,
			message: status === 403 ? 'Forbidden' : 'Not Found',
		});
	}

	/** Get QR Code of `qrId` answering `status` with `message`. */
	function refuseCodeRead(qrId: string, status: number, message: string) {
		suite.sim.faults.add({
			kind: 'status',
			status,
			method: 'GET',
			path: `/api/qrs-api/teams/${qrId}`,
			message,
		});
	}

	// a refusal that a code not there may cause says little, and a 403 blames the client's role: the code read
	// tells whether the ID is a live code of the team, and the item's error says so when it proves the code gone
	it.each([
		['400 "QR code not found" (the simulator)', '400 QR code not found: '],
		['404', '404 Not Found'],
	] as const)(
		'fails a code of another team refused with %s as no live code of the team',
		async (how, answered) => {
			const { credentials } = newTeamWithCodes(0);
			const other = newTeamWithCodes(1).codes[0].id;
			if (how === '404') refuseScans(other, 404);

			const result = await scansOf(other, credentials, { timeRange: 'allTime' });

			expect(result.items).toHaveLength(0);
			expect(result.error?.name).toBe('NodeOperationError');
			expect(result.error?.message).toBe(`This ID is not a live code of this team: ${other}`);
			expect(result.error?.description).toContain(`QRTRAC answered ${other}: `);
			expect(result.error?.description).toContain(`Get Scans answered ${answered}`);
		},
	);

	it.each([
		['410 by both reads', { deletedCodeStatus: 410 }, ': 410 '],
		[
			'403 by the scans read, read as deleted: true',
			{ deletedCodeStatus: 403, deletedCodesById: true },
			'',
		],
	] as const)(
		'fails a deleted code of the team refused %s as no live code of the team',
		async (_how, modes, code) => {
			const { codes, credentials } = newTeamWithCodes(1);
			codes[0].deleted = true;
			suite.sim.setAnswerModes(modes);

			const result = await scansOf(codes[0].id, credentials, { timeRange: 'allTime' });

			expect(result.error?.message).toBe(`This ID is not a live code of this team: ${codes[0].id}`);
			expect(result.error?.description).toContain(`Get Scans answered ${modes.deletedCodeStatus} `);
			if (code !== '')
				expect(result.error?.description).toContain(`QRTRAC answered ${codes[0].id}${code}`);
		},
	);

	// a 403 of the code read too proves nothing (a role that may read neither is refused so): the scans refusal
	// stands, and the code read's answer tells the user what else it may mean
	it.each([
		['another team\'s code (403 "QR code not found" from both reads)', 'foreign'],
		['a live code of the team whose client may read neither (403, 403)', 'live'],
	] as const)('keeps the scans refusal for %s, the code read added', async (_how, which) => {
		const { codes, credentials } = newTeamWithCodes(1);
		const id = which === 'live' ? codes[0].id : newTeamWithCodes(1).codes[0].id;
		if (which === 'foreign') suite.sim.setAnswerModes({ foreignRecordStatus: 403 });
		else {
			refuseScans(id, 403);
			refuseCodeRead(id, 403, 'Forbidden');
		}

		const result = await scansOf(id, credentials, { timeRange: 'allTime' });

		expect(result.items).toHaveLength(0);
		expect(result.error?.name).toBe('NodeApiError');
		expect(result.error?.httpCode).toBe('403');
		expect(result.error?.message).not.toContain('is not a live code of this team');
		expect(result.error?.description).toContain(
			which === 'live'
				? 'Get QR Code answered 403 Forbidden'
				: 'Get QR Code answered 403 QR code not found: ',
		);
		expect(result.error?.description).toContain('may not be a live code of this team');
		expect(result.error?.description).toContain("The API client's role may not do this");
	});

	it("keeps the scans read's own refusal for a live code of the team", async () => {
		const { codes, credentials } = newTeamWithCodes(1);
		refuseScans(codes[0].id, 403);

		const result = await scansOf(codes[0].id, credentials, { timeRange: 'allTime' });

		expect(result.items).toHaveLength(0);
		expect(result.error?.name).toBe('NodeApiError');
		expect([result.error?.httpCode, result.error?.message]).toEqual(['403', 'Forbidden']);
		expect(result.error?.description).toContain(
			'Read by its ID (Get QR Code), it is a live code of this team.',
		);
		expect(result.error?.description).toContain("The API client's role may not do this");
	});

	it("keeps the scans read's own refusal when the code read fails for another reason", async () => {
		const { credentials } = newTeamWithCodes(0);
		const other = newTeamWithCodes(1).codes[0].id;
		suite.sim.setAnswerModes({ foreignRecordStatus: 403 });
		refuseCodeRead(other, 500, 'Internal Server Error');

		const result = await scansOf(other, credentials, { timeRange: 'allTime' });

		expect(result.error?.name).toBe('NodeApiError');
		expect([result.error?.httpCode, result.error?.message]).toEqual([
			'403',
			`QR code not found: ${other}`,
		]);
		expect(result.error?.description).toContain('Get QR Code failed: 500 ');
	});
});

describe('Analytics: Get Scans of an id the scans answer does not refuse', () => {
	afterEach(() => suite.sim.setChangeDrift({ scansOfUnknownEmpty: undefined }));

	// The contract documents no refusal of an unknown id by Get Scans: a service may answer it with no events,
	// which must not read as "a code never scanned" (a typo, another team's or a deleted code)
	it.each([
		['a mistyped id', () => 'qr_mistyped'],
		['a code of another team', () => newTeamWithCodes(1).codes[0].id],
	])('fails the item for %s instead of returning no scans', async (_case, idOf) => {
		const { codes, credentials } = newTeamWithCodes(1);
		suite.sim.state.addScan(codes[0].id, { scanTime: Date.now() - HOUR });
		const id = idOf();
		suite.sim.setChangeDrift({ scansOfUnknownEmpty: true });

		const result = await scansOf(id, credentials, { timeRange: 'allTime' });
		const known = await scansOf(codes[0].id, credentials, { timeRange: 'last24Hours' });
		const quiet = await scansOf(codes[0].id, credentials, {
			timeRange: 'custom',
			startTime: new Date(Date.now() - 30 * DAY).toISOString(),
			endTime: new Date(Date.now() - 20 * DAY).toISOString(),
		});

		// the code read's refusal reads as a deleted code's (below) and as such an ID among many in Get for Codes
		expect(result.items).toHaveLength(0);
		expect(result.error?.message).toBe(`This ID is not a live code of this team: ${id}`);
		expect(result.error?.description).toContain(`QRTRAC answered ${id}: 400 QR code not found`);
		expect(known.error).toBeUndefined();
		expect(known.items).toHaveLength(1);
		// a code of the team without scans in the range is no error: no items
		expect(quiet.error).toBeUndefined();
		expect(quiet.items).toHaveLength(0);
	});

	// nodes saved before 1.2 do not name their rows, but a mistyped ID is no code there either
	it.each([1, 1.1])(
		'fails the item for a mistyped id in a node saved as version %s, its rows unnamed',
		async (typeVersion) => {
			const { codes, credentials } = newTeamWithCodes(1);
			suite.sim.state.addScan(codes[0].id, { scanTime: Date.now() - HOUR });
			suite.sim.setChangeDrift({ scansOfUnknownEmpty: true });
			const run = async (qrId: string) =>
				await runNode({
					nodeType: 'qrtrac',
					typeVersion,
					parameters: {
						resource: 'analytics',
						operation: 'getScans',
						qrCodeId: typeVersion === 1 ? qrId : codeRef(qrId),
						timeRange: 'allTime',
						returnAll: true,
					},
					credentials,
				});

			const result = await run('qr_mistyped');
			const known = await run(codes[0].id);

			expect(result.items).toHaveLength(0);
			expect(result.error?.message).toBe('This ID is not a live code of this team: qr_mistyped');
			expect(known.error).toBeUndefined();
			expect(known.items).toHaveLength(1);
			expect(known.items[0].json.qrName).toBeUndefined();
		},
	);

	it('fails the item for a deleted code of the team that the code read answers as deleted', async () => {
		const { codes, credentials } = newTeamWithCodes(2);
		suite.sim.state.addScan(codes[0].id, { scanTime: Date.now() - HOUR });
		codes[1].deleted = true;
		suite.sim.setChangeDrift({ scansOfUnknownEmpty: true });
		suite.sim.setAnswerModes({ deletedCodesById: true });

		try {
			const result = await scansOf(codes[1].id, credentials, { timeRange: 'allTime' });

			expect(result.items).toHaveLength(0);
			expect(result.error?.message).toBe(`This ID is not a live code of this team: ${codes[1].id}`);
		} finally {
			suite.sim.setAnswerModes({});
		}
	});
});

describe('Analytics: Get Scans, a capped answer', () => {
	afterEach(() =>
		suite.sim.setChangeDrift({
			scanCapOfOne: undefined,
			scanCap: undefined,
			scanEventPaddingBytes: undefined,
		}),
	);

	it('reads the code through Get Scans for Codes when its answer looks capped, and returns every scan', async () => {
		const { codes, credentials } = newTeamWithCodes(1);
		const now = Date.now();
		for (let index = 0; index < 25; index++)
			suite.sim.state.addScan(codes[0].id, { scanTime: now - (index + 1) * HOUR });
		suite.sim.setChangeDrift({ scanCapOfOne: 20 });

		const result = await scansOf(codes[0].id, credentials, { timeRange: 'allTime' });

		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(25);
		expect(new Set(result.items.map((item) => item.json.scanTime)).size).toBe(25);
		expect(
			suite.sim.requestLog.some((entry) => entry.path === '/api/analytics-api/detailed/all'),
		).toBe(true);
	});

	it("reads the range through Get Scans for Codes when the code's answer is too large to read", async () => {
		const { codes, credentials } = newTeamWithCodes(1);
		const now = Date.now();
		// 100 events of about 700 KB: 70 MB, more than the 64 MB an answer may hold; 3 of them in the last day
		for (let index = 0; index < 100; index++)
			suite.sim.state.addScan(codes[0].id, { scanTime: now - HOUR - index * 8 * HOUR });
		suite.sim.setChangeDrift({ scanEventPaddingBytes: 700_000 });

		const result = await scansOf(codes[0].id, credentials, { timeRange: 'last24Hours' });

		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json.scanTime)).toEqual([
			now - 17 * HOUR,
			now - 9 * HOUR,
			now - HOUR,
		]);
	});

	it("takes a Start a few minutes ahead of n8n's clock (a service's clock may run ahead), not one further", async () => {
		const { codes, credentials } = newTeamWithCodes(1);
		const range = (startAhead: number) => ({
			resource: 'analytics',
			operation: 'getScans',
			qrCodeId: codeRef(codes[0].id),
			timeRange: 'custom',
			startTime: `={{ Date.now() + ${startAhead} }}`,
			endTime: '={{ Date.now() + 7200000 }}',
		});

		const near = await runNode({ nodeType: 'qrtrac', parameters: range(10 * 60_000), credentials });
		const sentBefore = suite.sim.requestLog.length;
		const far = await runNode({ nodeType: 'qrtrac', parameters: range(20 * 60_000), credentials });

		expect(near.error).toBeUndefined();
		expect(suite.sim.requestLog).toHaveLength(sentBefore);
		// the time in the workflow's zone (n8n's default), which may not be the person's
		expect(far.error?.message).toMatch(
			/^Item 0: "Start" must not be in the future \(it is \d{4}-\d\d-\d\d \d\d:\d\d in the workflow's timezone, America\/New_York\): there are no scans after now$/,
		);
	});

	it("walks only the time range, not the code's whole life, when its answer looks capped", async () => {
		const { codes, credentials } = newTeamWithCodes(1);
		const now = Date.now();
		// 400 scans over the past years, 3 in the last day, both scan answers capped at 20 events
		for (let index = 0; index < 400; index++)
			suite.sim.state.addScan(codes[0].id, { scanTime: now - (index + 2) * 3 * DAY });
		for (const age of [3 * HOUR, 2 * HOUR, HOUR])
			suite.sim.state.addScan(codes[0].id, { scanTime: now - age });
		suite.sim.setChangeDrift({ scanCapOfOne: 20, scanCap: 20 });

		const result = await scansOf(codes[0].id, credentials, { timeRange: 'last24Hours' });

		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json.scanTime)).toEqual([
			now - 3 * HOUR,
			now - 2 * HOUR,
			now - HOUR,
		]);
		const walked = suite.sim.requestLog.filter(
			(entry) => entry.path === '/api/analytics-api/detailed/all',
		);
		// one request for the day (its 3 scans are no capped answer), none for the years before it
		expect(walked).toHaveLength(1);
		expect((walked[0].body as { startTime: number }).startTime).toBeGreaterThanOrEqual(
			now - DAY - 1,
		);
	});
});
