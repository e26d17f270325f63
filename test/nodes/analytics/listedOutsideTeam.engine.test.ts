/**
 * Scan answers name no team, so a listed code outside the team's live codes is read by its ID before its scans
 * are asked: a code the service says is another team's (its record names that team, or it refuses the read as
 * forbidden) fails the row; one it does not know (a deleted code) is left to the scan read, as before. Against a
 * simulator whose scan operations serve any code (answer mode `scansOfAnyCode`).
 */
import type { QrRecord } from '../../../simulator/model';
import { organizations } from '../../support/organizations';
import { useSimulator } from '../../support/simulatorSuite';
import { runForCodes } from './scanRuns';

const HOUR = 3_600_000;
const SCAN_PATHS = /^\/api\/analytics-api\//;

const suite = useSimulator({ seed: false });
const orgs = organizations(suite, 'outside-team.example');

afterEach(() => suite.sim.setAnswerModes({}));

function codeOf(teamId: string, name: string): QrRecord {
	const code = suite.sim.state.createQr(teamId, {
		name,
		qrType: 'WEB',
		qrRedirectUrl: `https://example.com/${name.toLowerCase().replace(/ /g, '-')}`,
	});
	suite.sim.state.addScan(code.id, { scanTime: Date.now() - HOUR, ipAddress: '198.51.100.7' });
	return code;
}

function twoTeams() {
	const { main, sales, credentials } = orgs.withTwoTeams();
	return { own: codeOf(main.id, 'Own code'), foreign: codeOf(sales.id, 'Sales code'), credentials };
}

const OPERATIONS: Array<[string, Record<string, unknown>]> = [
	['getScansForCodes', { timeRange: 'last7Days' }],
	['getReport', { timeRange: 'last7Days' }],
	['getTotals', {}],
];

describe('a listed code of another team', () => {
	it.each(OPERATIONS)(
		'%s: fails the row when the service refuses its record as forbidden (403), before any scan request',
		async (operation, parameters) => {
			suite.sim.setAnswerModes({ scansOfAnyCode: true, foreignRecordStatus: 403 });
			const { own, foreign, credentials } = twoTeams();

			const result = await runForCodes(
				credentials,
				operation,
				`${own.id}, ${foreign.id}`,
				parameters,
			);

			expect(result.items).toHaveLength(0);
			expect(result.error).toMatchObject({ name: 'NodeApiError', httpCode: '403' });
			expect(suite.sim.requestLog.some((entry) => SCAN_PATHS.test(entry.path))).toBe(false);
		},
	);

	it.each(OPERATIONS)(
		"%s: fails the row when the service answers the code's record naming another team",
		async (operation, parameters) => {
			suite.sim.setAnswerModes({ scansOfAnyCode: true });
			const { own, foreign, credentials } = twoTeams();
			// a service that answers Get QR by ID for any team's code, as it stores it
			suite.sim.faults.add({
				kind: 'status',
				status: 200,
				method: 'GET',
				path: `/api/qrs-api/teams/${foreign.id}`,
				contentType: 'application/json',
				body: JSON.stringify({ success: true, data: foreign }),
			});

			const result = await runForCodes(
				credentials,
				operation,
				`${own.id}, ${foreign.id}`,
				parameters,
			);

			expect(result.items).toHaveLength(0);
			expect(result.error?.description).toContain(`"teamId" is "${foreign.teamId}", another team`);
			expect(suite.sim.requestLog.some((entry) => SCAN_PATHS.test(entry.path))).toBe(false);
		},
	);

	it('a listed deleted code of the team, unknown to Get QR by ID, still gets its scans (one read by ID)', async () => {
		suite.sim.setAnswerModes({ scansOfAnyCode: true });
		const { own, credentials } = twoTeams();
		const gone = codeOf(own.teamId, 'Old campaign');
		suite.sim.state.getQr(gone.id)!.deleted = true;

		const result = await runForCodes(credentials, 'getScansForCodes', `${own.id}, ${gone.id}`, {
			timeRange: 'last7Days',
		});

		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json.qrId).sort()).toEqual([own.id, gone.id].sort());
		expect(
			suite.sim.requestLog.filter((entry) => entry.path.startsWith('/api/qrs-api/teams/qr')),
		).toHaveLength(1);
	});
});
