/**
 * Team Member > Get Many (issue 25, item 6): the members of one team, read through Get Team by ID (one request),
 * one item each, filtered by role and status, through n8n's engine against the simulator.
 */
import { runNode, type HarnessCredentials } from '../../../support/n8nHarness';
import { useSimulator } from '../../../support/simulatorSuite';

const suite = useSimulator({ seed: false });

let orgCount = 0;

/**
 * A team with the owner, an active admin, a paused editor (active elsewhere), a pending viewer and an active
 * viewer.
 */
function teamWithMembers() {
	orgCount += 1;
	const { org, team } = suite.sim.state.createOrganization(
		`Members org ${orgCount}`,
		{ name: 'Olivia Owner', email: `owner${orgCount}@list.example` },
		'Main',
	);
	const other = suite.sim.state.createTeam(org.id, 'Other');
	// acceptInvite finds a person by e-mail across organizations: each organization has its own people
	const at = (name: string) => `${name}@list${orgCount}.example`;
	const add = (name: string, email: string, role: 'admin' | 'editor' | 'viewer') =>
		suite.sim.state.addMember(team.id, { name, email: at(email.split('@')[0]), role });
	add('Ada Admin', at('ada'), 'admin');
	add('Eve Editor', at('eve'), 'editor');
	suite.sim.state.addMember(other.id, {
		name: 'Eve Editor',
		email: at('eve'),
		role: 'editor',
	});
	add('Pia Pending', at('pia'), 'viewer');
	add('Vic Viewer', at('vic'), 'viewer');
	for (const name of ['ada', 'eve', 'vic']) suite.sim.state.acceptInvite(at(name));
	suite.sim.state.setMemberState(team.id, at('eve'), 'paused');
	const credentials: HarnessCredentials = {
		baseUrl: suite.sim.url,
		...suite.sim.state.addApiClient(org.id, 'owner', team.id),
	};
	return { team, credentials, at };
}

async function getMany(
	credentials: HarnessCredentials,
	teamId: string,
	more: Record<string, unknown> = {},
) {
	return await runNode({
		nodeType: 'qrtrac',
		parameters: {
			resource: 'teamMember',
			operation: 'getMany',
			teamId: { __rl: true, mode: 'id', value: teamId },
			returnAll: true,
			...more,
		},
		credentials,
	});
}

describe('Team Member > Get Many', () => {
	afterEach(() => suite.sim.setAnswerModes({}));

	it('lists every member of the team, one item each, with role and status, in one request', async () => {
		const { team, credentials, at } = teamWithMembers();

		const result = await getMany(credentials, team.id);

		expect(result.error).toBeUndefined();
		expect(
			result.items.map((item) => [
				item.json.email,
				item.json.role,
				item.json.status,
				item.json.teamId,
			]),
		).toEqual([
			[`owner${orgCount}@list.example`, 'owner', 'active', team.id],
			[at('ada'), 'admin', 'active', team.id],
			[at('eve'), 'editor', 'paused', team.id],
			[at('pia'), 'viewer', 'pending', team.id],
			[at('vic'), 'viewer', 'active', team.id],
		]);
		expect(result.items[1].json.name).toBe('Ada Admin');
		expect(result.items.map((item) => item.pairedItem)).toEqual(
			result.items.map(() => ({ item: 0 })),
		);
		expect(suite.sim.requestLog.map((entry) => `${entry.method} ${entry.path}`)).toEqual([
			`GET /api/teams-api/${team.id}`,
		]);
		suite.expectRequestsFollowContract();
	});

	it('filters by role', async () => {
		const { team, credentials, at } = teamWithMembers();

		const result = await getMany(credentials, team.id, {
			filters: { roles: ['viewer', 'admin'] },
		});

		expect(result.items.map((item) => item.json.email)).toEqual([at('ada'), at('pia'), at('vic')]);
	});

	it('filters by status', async () => {
		const { team, credentials, at } = teamWithMembers();

		const paused = await getMany(credentials, team.id, { filters: { statuses: ['paused'] } });
		const pending = await getMany(credentials, team.id, { filters: { statuses: ['pending'] } });

		expect(paused.items.map((item) => item.json.email)).toEqual([at('eve')]);
		expect(pending.items.map((item) => item.json.email)).toEqual([at('pia')]);
	});

	it('Paused keeps an invitee paused in the team, whose status is pending, as Pause takes them as paused', async () => {
		const { team, credentials, at } = teamWithMembers();
		const other = [...suite.sim.state.teams.values()].find(
			(candidate) => candidate.orgId === team.orgId && candidate.id !== team.id,
		)!;
		suite.sim.state.addMember(other.id, { name: 'Pia Pending', email: at('pia'), role: 'viewer' });
		suite.sim.state.setMemberState(team.id, at('pia'), 'paused');

		const paused = await getMany(credentials, team.id, { filters: { statuses: ['paused'] } });
		const pending = await getMany(credentials, team.id, { filters: { statuses: ['pending'] } });
		const active = await getMany(credentials, team.id, { filters: { statuses: ['active'] } });

		expect(paused.items.map((item) => [item.json.email, item.json.status])).toEqual([
			[at('eve'), 'paused'],
			[at('pia'), 'pending'],
		]);
		expect(pending.items.map((item) => item.json.email)).toEqual([at('pia')]);
		expect(active.items.map((item) => item.json.email)).not.toContain(at('pia'));
	});

	it('filters by role and status together, and Limit cuts what matches', async () => {
		const { team, credentials, at } = teamWithMembers();

		const both = await getMany(credentials, team.id, {
			filters: { roles: ['viewer'], statuses: ['active'] },
		});
		const limited = await getMany(credentials, team.id, { returnAll: false, limit: 2 });

		expect(both.items.map((item) => item.json.email)).toEqual([at('vic')]);
		expect(limited.items).toHaveLength(2);
	});

	it("refuses a Statuses filter when the service's answer tells no status, rather than return nothing", async () => {
		const { team, credentials, at } = teamWithMembers();
		suite.sim.setAnswerModes({ contractMembers: true });

		const unfiltered = await getMany(credentials, team.id, { filters: { roles: ['admin'] } });
		const filtered = await getMany(credentials, team.id, { filters: { statuses: ['active'] } });

		expect(unfiltered.items.map((item) => item.json)).toEqual([
			{ name: 'Ada Admin', email: at('ada'), role: 'admin', teamId: team.id },
		]);
		expect(filtered.error?.message).toBe(
			"Item 0: QRTRAC's answer does not tell the members' status, so 'Statuses' cannot filter them",
		);
	});

	it('refuses a Roles filter when the answer lists a member without a role (a pending invitee), rather than leave them out', async () => {
		const { team, credentials, at } = teamWithMembers();
		suite.sim.setAnswerModes({ pendingWithoutRole: true });

		const viewers = await getMany(credentials, team.id, { filters: { roles: ['viewer'] } });
		const everyone = await getMany(credentials, team.id);

		// Pia, a pending viewer listed without her role, may be one asked for: no list without her passes as complete.
		expect(viewers.error?.message).toBe(
			"Item 0: QRTRAC's answer does not tell every member's role, so 'Roles' cannot filter them",
		);
		expect(viewers.error?.description).toMatch(/1 member/);
		expect(everyone.items.map((item) => item.json.email)).toContain(at('pia'));
	});

	it('refuses an unknown role before sending anything', async () => {
		const { team, credentials } = teamWithMembers();

		const result = await getMany(credentials, team.id, { filters: { roles: '={{ ["boss"] }}' } });

		expect(result.error?.message).toMatch(/^Item 0: "Roles" /);
		expect(suite.sim.requestLog).toHaveLength(0);
	});
});
