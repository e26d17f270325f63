/**
 * The title an item shows when QRTRAC refuses it, through n8n-core: QRTRAC's words as they came (n8n's own text
 * never replaces them), a quoted body left as valid JSON, and a Team Override's 401 told as the team's.
 */
import { runNode } from '../../../support/n8nHarness';
import { useSimulator } from '../../../support/simulatorSuite';

const suite = useSimulator();

/** Design Template > Get Many run with every request answered `status` and `body`: the error n8n shows. */
async function refused(status: number, body: unknown, options: Record<string, unknown> = {}) {
	suite.sim.faults.add({
		kind: 'status',
		status,
		body: JSON.stringify(body),
		contentType: 'application/json',
	});
	const result = await runNode({
		nodeType: 'qrtrac',
		parameters: { resource: 'designTemplate', operation: 'getMany', returnAll: true, options },
		credentials: suite.credentials,
	});
	return { title: String(result.error?.message), description: String(result.error?.description) };
}

describe('a refusal of QRTRAC', () => {
	it('with HTTP 401 and no message, for a Team Override: the title speaks of the team, not of refused credentials', async () => {
		const shown = await refused(401, { success: false }, { teamOverride: 'team_unknown' });
		expect(shown.title).toBe(
			'QRTRAC refused the request for team "team_unknown" (QRTRAC answered Get Design Templates (GET /api/qr-templates-api) with HTTP 401 without a message)',
		);
		expect(shown.description).toContain('The team may not exist');
	});

	it('with HTTP 401 and no message, for a Team Override: the hint names the credential as the other cause', async () => {
		// the contract's 401 is "bad credentials": a wrong Client Secret answers so for any team
		const shown = await refused(401, { success: false }, { teamOverride: 'team_unknown' });
		expect(shown.description).toContain(
			"or the credential itself was refused: run once with the credential's own team",
		);
		expect(shown.description).toMatch(/Client Secret/);
	});

	it('with HTTP 401 for the team of Team > Get (a field, no Team Override there): the hint names no Team Override', async () => {
		suite.sim.faults.add({
			kind: 'status',
			status: 401,
			body: JSON.stringify({ success: false }),
			contentType: 'application/json',
		});
		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: {
				resource: 'team',
				operation: 'get',
				teamId: { __rl: true, mode: 'id', value: 'team_other' },
			},
			credentials: suite.credentials,
		});
		const description = String(result.error?.description);
		expect(description).toContain('The team may not exist');
		expect(description).not.toContain('Team Override');
	});

	it('whose words hold a Node error code (EPERM in "deletePermission"): the title keeps them, not n8n\'s generic text', async () => {
		const shown = await refused(403, {
			statusCode: 403,
			message: ['missing deletePermission'],
			error: 'Forbidden',
		});
		expect(shown.title).toContain('missing deletePermission');
		expect(shown.title).not.toContain('Operation not permitted');
	});

	it('without a message text, naming API fields: the body is quoted as valid JSON, and once', async () => {
		const body = {
			statusCode: 400,
			message: ['displayId must be shorter', 'qrRedirectUrl must be a URL address'],
			error: 'Bad Request',
		};
		const shown = await refused(400, body);
		expect(shown.title).toBe(
			`QRTRAC answered Get Design Templates (GET /api/qr-templates-api) with HTTP 400 and an error without a "message" text: ${JSON.stringify(body)}`,
		);
		expect(shown.description).not.toContain("QRTRAC's message");
	});
});
