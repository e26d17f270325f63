/**
 * Scan > Get for a Code through n8n's engine: what the code read by its ID (Get QR Code) makes of the ID, one rule
 * whether the scans read was refused (`failRefusedScans`) or answered (`readLiveCode`): another team's code is no
 * live code of this team, naming the team read; a 403 of the code read tells nothing.
 */
import { runNode } from '../../../support/n8nHarness';
import { organizations } from '../../../support/organizations';
import { useSimulator } from '../../../support/simulatorSuite';

const suite = useSimulator({ seed: false });
const teams = organizations(suite, 'code-read.example');

/** Get for a Code of `qrId`, every scan, with `options`. */
async function scansOf(
	qrId: string,
	credentials: Parameters<typeof runNode>[0]['credentials'],
	options: Record<string, unknown> = {},
) {
	return await runNode({
		nodeType: 'qrtrac',
		parameters: {
			resource: 'analytics',
			operation: 'getScans',
			qrCodeId: { __rl: true, mode: 'id', value: qrId },
			returnAll: true,
			timeRange: 'allTime',
			options,
		},
		credentials,
	});
}

/** `path` (a GET) answering `status` with `message`. */
function refuse(path: string, status: number, message: string) {
	suite.sim.faults.add({ kind: 'status', status, method: 'GET', path, message });
}

describe('Get for a Code: the code read by its ID', () => {
	afterEach(() => {
		suite.sim.faults.clear();
		suite.sim.setListDrift({});
	});

	// the service answers a code by its ID whatever team is asked: the credential team's code, asked in another
	// team (Team Override), is read as a code of another team than the one asked
	it.each([
		['answered (no events)', undefined],
		['refused 403', 403],
		['refused 400 "QR code not found"', 400],
	] as const)(
		"fails another team's code as no live code of this team, naming the team read, scans %s",
		async (_how, scansStatus) => {
			const { codes, credentials, org } = teams.withCodes(1);
			const id = codes[0].id;
			const other = suite.sim.state.createTeam(org.id, 'Other').id;
			suite.sim.setListDrift({ ignoreTeamHeader: true });
			if (scansStatus === 403) refuse(`/api/analytics-api/detailed/${id}`, 403, 'Forbidden');
			if (scansStatus === 400)
				refuse(`/api/analytics-api/detailed/${id}`, 400, `QR code not found: ${id}`);

			const result = await scansOf(id, credentials, { teamOverride: other });

			expect(result.error?.message).toBe(`This ID is not a live code of this team: ${id}`);
			expect(result.error?.description).toContain(
				`QRTRAC answered ${id}: a code of another team, "${codes[0].teamId}"`,
			);
			expect(result.error?.description).not.toContain('not known');
			expect(result.error?.description).not.toContain('please report it');
		},
	);

	it('keeps a 403 of the code read as unknown when the scans read answered, never "not a live code"', async () => {
		const { codes, credentials } = teams.withCodes(1);
		const id = codes[0].id;
		refuse(`/api/qrs-api/teams/${id}`, 403, 'Forbidden');

		const result = await scansOf(id, credentials);

		expect([result.error?.httpCode, result.error?.message]).toEqual(['403', 'Forbidden']);
		expect(result.error?.description).toContain(
			`Read by its ID (Get QR Code), whether ${id} is a live code of this team is not known`,
		);
	});

	it.each([
		[404, 'Not Found', false],
		[403, 'Forbidden', true],
	] as const)(
		'keeps the scans refusal %s when the code read is refused 403, "too" only for a refusal alike',
		async (scansStatus, message, alike) => {
			const { codes, credentials } = teams.withCodes(1);
			const id = codes[0].id;
			refuse(`/api/analytics-api/detailed/${id}`, scansStatus, message);
			refuse(`/api/qrs-api/teams/${id}`, 403, 'Forbidden');

			const result = await scansOf(id, credentials);

			expect([result.error?.httpCode, result.error?.message]).toEqual([
				String(scansStatus),
				message,
			]);
			expect(result.error?.description).toContain(
				`Get QR Code answered 403 Forbidden${alike ? ' too' : ''}: the ID may not be a live code`,
			);
		},
	);
});
