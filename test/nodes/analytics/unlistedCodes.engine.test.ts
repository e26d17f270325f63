/**
 * Get Report and Get for Codes of a listed ID that is no live code of the team (a typo, another team's code, a
 * deleted one) where the service answers its scan read with no events instead of refusing it (simulator
 * `scansOfUnknownEmpty`; the contract documents no refusal): the item fails naming the ID, never a row of 0 scans.
 * Such an ID is read by its ID only when the team's list does not show it live and it got no events
 * (analytics/unlistedCodes.ts, the rule of Get Totals too); a code just created and not listed yet passes.
 */
import { runNode } from '../../support/n8nHarness';
import { organizations } from '../../support/organizations';
import { useSimulator } from '../../support/simulatorSuite';
import { runForCodes } from './scanRuns';

const suite = useSimulator({ seed: false });
const DAY = 86_400_000;

const teams = organizations(suite, 'unlisted-codes.example');

afterEach(() => {
	suite.sim.setChangeDrift({ scansOfUnknownEmpty: undefined, overviewOfUnknownZeros: undefined });
	suite.sim.setListDrift({});
});

/** Reads of one code by its ID (Get QR Code) since `since`. */
const codeReads = (since: number) =>
	suite.sim.requestLog.filter(
		(entry) => entry.seq > since && /^\/api\/qrs-api\/teams\/qr_/.test(entry.path),
	).length;
const lastSeq = () => suite.sim.requestLog.at(-1)?.seq ?? 0;

/** Get Report (each layout, raw events too) and Get for Codes (per event, per code) over `listed`. */
const everyRun = async (
	credentials: Parameters<typeof runForCodes>[0],
	listed: string,
	extra: Record<string, unknown> = {},
) => ({
	perCode: await runForCodes(credentials, 'getReport', listed, {
		timeRange: 'last7Days',
		...extra,
	}),
	summary: await runForCodes(credentials, 'getReport', listed, {
		timeRange: 'last7Days',
		reportLayout: 'summary',
		...extra,
	}),
	perDay: await runForCodes(credentials, 'getReport', listed, {
		timeRange: 'last7Days',
		reportLayout: 'perCodeAndDay',
		...extra,
	}),
	events: await runForCodes(credentials, 'getReport', listed, {
		timeRange: 'last7Days',
		simplify: false,
		...extra,
	}),
	forCodes: await runForCodes(credentials, 'getScansForCodes', listed, {
		timeRange: 'last7Days',
		...extra,
	}),
	forCodesPerCode: await runForCodes(credentials, 'getScansForCodes', listed, {
		timeRange: 'last7Days',
		options: { perCode: true },
		...extra,
	}),
});

describe('a listed ID that is no live code of the team, answered with no events', () => {
	it.each([
		['a mistyped ID', () => 'qr_typo404'],
		["another team's code", () => teams.withCodes(1).codes[0].id],
		['a deleted code of the team', () => 'deleted'],
	])('fails the item naming %s in every layout, not a row of 0 scans', async (_case, idOf) => {
		const { codes, credentials } = teams.withCodes(2);
		suite.sim.state.addScan(codes[0].id, { scanTime: Date.now() - DAY, ipAddress: '192.0.2.1' });
		let id = idOf();
		if (id === 'deleted') {
			codes[1].deleted = true;
			id = codes[1].id;
		}
		suite.sim.setChangeDrift({ scansOfUnknownEmpty: true });

		const runs = await everyRun(credentials, `${codes[0].id}, ${id}`);

		for (const [name, result] of Object.entries(runs)) {
			expect([name, result.items]).toEqual([name, []]);
			expect([name, result.error?.message]).toEqual([
				name,
				`This ID is not a live code of this team: ${id}`,
			]);
		}
	});

	it('fails the item naming a mistyped ID picked By ID in the 1.2 picker', async () => {
		const { codes, credentials } = teams.withCodes(1);
		suite.sim.setChangeDrift({ scansOfUnknownEmpty: true });
		const picked = (operation: string) =>
			runNode({
				nodeType: 'qrtrac',
				parameters: {
					resource: 'analytics',
					operation,
					pickedQrCodes: {
						code: [
							{ qrCodeId: { __rl: true, mode: 'list', value: codes[0].id } },
							{ qrCodeId: { __rl: true, mode: 'id', value: 'qr_typo404' } },
						],
					},
					timeRange: 'last7Days',
				},
				credentials,
			});

		for (const result of [await picked('getReport'), await picked('getScansForCodes')]) {
			expect(result.items).toEqual([]);
			expect(result.error?.message).toBe('This ID is not a live code of this team: qr_typo404');
		}
	});

	it('Compare With Totals fails the item instead of a row of 0 scans and allTimeScans 0', async () => {
		const { codes, credentials } = teams.withCodes(1);
		suite.sim.setChangeDrift({ scansOfUnknownEmpty: true, overviewOfUnknownZeros: true });

		const result = await runForCodes(credentials, 'getReport', `${codes[0].id}, qr_typo404`, {
			timeRange: 'last7Days',
			options: { compareWithTotals: true },
		});

		expect(result.items).toEqual([]);
		expect(result.error?.message).toBe('This ID is not a live code of this team: qr_typo404');
	});

	it('listed live codes without scans still give 0 scans, with no code read by its ID', async () => {
		const { codes, credentials } = teams.withCodes(2);
		suite.sim.state.addScan(codes[0].id, { scanTime: Date.now() - DAY, ipAddress: '192.0.2.1' });
		suite.sim.setChangeDrift({ scansOfUnknownEmpty: true });
		const before = lastSeq();

		const runs = await everyRun(credentials, `${codes[0].id}, ${codes[1].id}`);

		for (const result of Object.values(runs)) expect(result.error).toBeUndefined();
		expect(runs.perCode.items.map((item) => [item.json.qrId, item.json.scans])).toEqual([
			[codes[0].id, 1],
			[codes[1].id, 0],
		]);
		expect(codeReads(before)).toBe(0);
	});

	it('a code just created that the list does not show yet is read by its ID and keeps its row', async () => {
		const { team, codes, credentials } = teams.withCodes(1);
		codes[0].createdAt -= DAY; // listed: only the new code is left out of the list
		suite.sim.setListDrift({ listLagMs: 60_000 });
		suite.sim.setChangeDrift({ scansOfUnknownEmpty: true });
		const quiet = suite.sim.state.createQr(team.id, {
			name: 'Quiet',
			qrType: 'WEB',
			qrRedirectUrl: 'https://example.com/quiet',
		});
		const before = lastSeq();

		const runs = await everyRun(credentials, `${codes[0].id}, ${quiet.id}`);

		for (const result of Object.values(runs)) expect(result.error).toBeUndefined();
		expect(
			runs.perCode.items.map((item) => [item.json.qrId, item.json.qrName, item.json.scans]),
		).toEqual([
			[codes[0].id, codes[0].name, 0],
			[quiet.id, 'Quiet', 0],
		]);
		// one read of the unlisted code per run, none of the listed one
		expect(codeReads(before)).toBe(Object.keys(runs).length);
	});

	it('names the scan events of a code just created and not listed yet by the code read, in every event output', async () => {
		const { team, credentials } = teams.withCodes(1);
		suite.sim.setListDrift({ listLagMs: 60_000 });
		const fresh = suite.sim.state.createQr(team.id, {
			name: 'Fresh',
			qrType: 'WEB',
			qrRedirectUrl: 'https://example.com/fresh',
		});
		suite.sim.state.addScan(fresh.id, { scanTime: Date.now() - 1_000, ipAddress: '192.0.2.1' });

		const runs = await everyRun(credentials, fresh.id, { options: { ipAddress: 'remove' } });

		for (const name of ['events', 'forCodes']) {
			const result = runs[name as keyof typeof runs];
			expect([name, result.error]).toEqual([name, undefined]);
			expect([name, result.items.map((item) => [item.json.qrId, item.json.qrName])]).toEqual([
				name,
				[[fresh.id, 'Fresh']],
			]);
		}
	});
});
