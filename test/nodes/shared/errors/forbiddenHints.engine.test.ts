/**
 * The hint a 403 shows, through n8n-core against the simulator: an operation the contract gives a role rule names
 * that rule (Rename Team: Admin or Owner; Delete Member completely: Owner), any other request of the primary API
 * the client's role in general, and the v1 create (which sends only the bearer key) the API key, no Client ID.
 */
import { runNode } from '../../../support/n8nHarness';
import { useSimulator } from '../../../support/simulatorSuite';

const suite = useSimulator({ seed: true });

const byId = (value: string) => ({ __rl: true, mode: 'id', value });
const MEMBER = 'forbidden.hint@example.com';

/** Every request of `method` whose path matches `pathPattern` answered 403 `message`: the item's error. */
async function forbidden(
	method: string,
	pathPattern: string,
	parameters: Record<string, unknown>,
	credentials = suite.credentials,
	message = 'Forbidden',
) {
	suite.sim.faults.add({ kind: 'status', status: 403, message, method, pathPattern, count: 50 });
	const done = await runNode({
		nodeType: 'qrtrac',
		credentials,
		parameters,
		items: [{}],
		continueOnFail: true,
	});
	const json = done.items[0].json;
	expect(json.error).toBe(message);
	return String(json.description);
}

const GENERAL =
	"The API client's role may not do this: check the role of the API client the credential's 'Client ID' names";

beforeAll(() => {
	const team = suite.credentials.teamId!;
	if (!suite.sim.state.findMember(team, MEMBER))
		suite.sim.state.addMember(team, { name: 'Forbidden Hint', email: MEMBER, role: 'editor' });
});

it("Dynamic Link (the v1 create, bearer key only): the hint names the API key, not the client's Client ID", async () => {
	const team = suite.credentials.teamId!;
	const orgId = suite.sim.state.teams.get(team)!.orgId;
	const credentials = {
		...suite.credentials,
		...suite.sim.state.addApiClient(orgId),
		apiKey: suite.sim.state.addApiKey(team),
	};

	const said = await forbidden(
		'POST',
		'^/v1/qr/create',
		{ resource: 'dynamicLink', operation: 'create', destinationUrl: 'https://example.com/x' },
		credentials,
	);

	expect(said).toContain("'API Key (Simple Interface)'");
	expect(said).toContain(
		'QRTRAC refused it. Check in QRTRAC Settings > API Access that it is current and may create links.',
	);
	expect(said).not.toMatch(/Client ID|role/);
});

it("Dynamic Link: a 403 whose message says the plan's quota is reached gets the quota hint, not the key's", async () => {
	const said = await forbidden(
		'POST',
		'^/v1/qr/create',
		{ resource: 'dynamicLink', operation: 'create', destinationUrl: 'https://example.com/x' },
		suite.credentials,
		'Plan limit reached: maximum number of dynamic codes',
	);
	expect(said).toBe(
		"Your plan's QR code quota is reached. Delete unused codes or upgrade the plan in QRTRAC. Request: Create Dynamic Link (POST /v1/qr/create).",
	);
});

it('Team > Rename: the hint names the contract rule, Admin or Owner', async () => {
	const team = suite.credentials.teamId!;
	const said = await forbidden('PUT', '^/api/teams-api/', {
		resource: 'team',
		operation: 'rename',
		teamId: byId(team),
		name: 'Renamed',
	});
	expect(said).toContain('QRTRAC lets only an Admin or Owner client do it');
	expect(said).not.toMatch(/member/i);
});

it('Team Member > Delete (completely): the hint names the contract rule, Owner', async () => {
	const team = suite.credentials.teamId!;
	const said = await forbidden('DELETE', '/delete$', {
		resource: 'teamMember',
		operation: 'delete',
		teamId: byId(team),
		email: MEMBER,
	});
	expect(said).toContain('Deleting a member completely needs an Owner client');
});

it("Team Member > Delete (completely) of the organization's owner: the hint says QRTRAC never deletes the owner", async () => {
	const team = suite.credentials.teamId!;
	// the seeded credential is an Owner client: only the owner rule explains this refusal
	const said = await forbidden(
		'DELETE',
		'/delete$',
		{
			resource: 'teamMember',
			operation: 'delete',
			teamId: byId(team),
			email: 'olivia@acme.example',
		},
		suite.credentials,
		'The organization owner cannot be deleted',
	);
	expect(said).toMatch(
		/QRTRAC never deletes the organization's owner\. Check that the member is not the organization's owner/,
	);
});

describe("requests without a role rule in the contract get the general hint, no rule of another operation; a create's names a plan's limit too", () => {
	it.each([
		[
			'Team > Get',
			'GET',
			'^/api/teams-api/',
			{ resource: 'team', operation: 'get', teamId: 'TEAM' },
		],
		[
			'Team > Get Many',
			'GET',
			'^/api/teams-api',
			{ resource: 'team', operation: 'getMany', returnAll: true },
		],
		[
			'Team > Create',
			'POST',
			'^/api/teams-api$',
			{ resource: 'team', operation: 'create', name: 'Forbidden' },
		],
		[
			'Team Member > Resend Invite',
			'GET',
			'^/api/teams-api/resend/',
			{ resource: 'teamMember', operation: 'resendInvite', email: MEMBER },
		],
		[
			'Team Member > Remove From Team',
			'DELETE',
			'^/api/teams-api/[^/]+/members/[^/]+$',
			{ resource: 'teamMember', operation: 'remove', teamId: 'TEAM', email: MEMBER },
		],
		[
			'QR Code > Get',
			'GET',
			'^/api/qrs-api/teams/',
			{ resource: 'qrCode', operation: 'get', qrCodeId: byId('qr_nope') },
		],
	])('%s', async (_name, method, pattern, parameters) => {
		const team = suite.credentials.teamId!;
		const filled = Object.fromEntries(
			Object.entries(parameters).map(([key, value]) => [
				key,
				value === 'TEAM' ? byId(team) : value,
			]),
		);
		const said = await forbidden(method, pattern, filled);
		expect(said.toLowerCase()).toContain(GENERAL.toLowerCase());
		// the hint names no role rule; the request it ends with names the operation (Remove Member from Team)
		const [hint, request] = said.split(' Request: ');
		expect(hint).not.toMatch(/Owner|member/i);
		expect(request).toMatch(new RegExp(`^[A-Z][\\w ]+ \\(${method} /api/`));
		// a 403 of what uses up the plan (Create Team) may be its limit as well: the hint names both
		expect(said.includes("If its message speaks of a plan's limit")).toBe(method === 'POST');
	});
});
