/**
 * Team answers the contract allows but the node used to refuse (finding C3): a member listed without `role` (a
 * pending invitee; TeamMember has no required field) and a team without `members` (optional in Team). Simulator
 * answer modes `pendingWithoutRole` and `teamsWithoutMembers`. Through n8n's engine against the simulator.
 */
import { memberRuns } from '../../support/memberRuns';
import { useSimulator } from '../../support/simulatorSuite';
import { byId as teamRef, organizations } from '../../support/organizations';

const suite = useSimulator({ seed: false });

const newOrganization = organizations(suite, 'loose.example').withTwoTeams;

/** Ada, active in both teams, and Pia, invited to Sales and not yet accepted. */
function withMembers() {
	const org = newOrganization();
	for (const team of [org.main, org.sales])
		suite.sim.state.addMember(team.id, { name: 'Ada', email: 'ada@loose.example', role: 'editor' });
	suite.sim.state.acceptInvite('ada@loose.example');
	suite.sim.state.addMember(org.sales.id, {
		name: 'Pia',
		email: 'pia@loose.example',
		role: 'viewer',
	});
	return org;
}

const { run, writes } = memberRuns(suite);

afterEach(() => suite.sim.setAnswerModes({}));

describe('a member listed without a role', () => {
	it('Get Team and Get Many Teams succeed; the member comes without role', async () => {
		const { sales, credentials } = withMembers();
		suite.sim.setAnswerModes({ pendingWithoutRole: true });

		const team = await run(credentials, {
			resource: 'team',
			operation: 'get',
			teamId: teamRef(sales.id),
		});
		const teams = await run(credentials, {
			resource: 'team',
			operation: 'getMany',
			returnAll: true,
		});

		expect(team.error).toBeUndefined();
		const members = team.items[0].json.members as Array<Record<string, unknown>>;
		const pia = members.find((member) => member.email === 'pia@loose.example');
		expect(pia).toBeDefined();
		expect(pia).not.toHaveProperty('role');
		expect(teams.error).toBeUndefined();
		expect(teams.items.map((item) => item.json.id)).toContain(sales.id);
	});

	it('Change Role and Add send the change for a member whose role is not known', async () => {
		const { sales, credentials } = withMembers();
		suite.sim.setAnswerModes({ pendingWithoutRole: true });

		const changed = await run(credentials, {
			resource: 'teamMember',
			operation: 'changeRole',
			teamId: teamRef(sales.id),
			email: 'pia@loose.example',
			role: 'viewer',
		});
		const added = await run(credentials, {
			resource: 'teamMember',
			operation: 'add',
			teamId: teamRef(sales.id),
			name: 'Pia',
			email: 'pia@loose.example',
			role: 'admin',
		});

		expect(changed.error).toBeUndefined();
		expect(changed.items[0].json).toEqual({
			email: 'pia@loose.example',
			teamId: sales.id,
			role: 'viewer',
			result: 'roleChanged',
		});
		expect(added.error).toBeUndefined();
		// Add cannot tell what its role changes: `sent`, as for a team that lists no members.
		expect(added.items[0].json).toMatchObject({ result: 'sent' });
		expect(added.items[0].json).not.toHaveProperty('previousRole');
		expect(suite.sim.state.findMember(sales.id, 'pia@loose.example')?.role).toBe('admin');
	});
});

describe('a team answered without members', () => {
	it('Team Member > Get Many fails clearly: it cannot list', async () => {
		const { sales, credentials } = withMembers();
		suite.sim.setAnswerModes({ teamsWithoutMembers: true });

		const result = await run(credentials, {
			resource: 'teamMember',
			operation: 'getMany',
			teamId: teamRef(sales.id),
			returnAll: true,
		});

		expect(result.error?.message).toMatch(/Get Team Members/);
		expect(result.error?.description).toMatch(/"members"/);
	});

	it.each([
		[
			'pause',
			'paused',
			(teamId: string) =>
				suite.sim.state.findMember(teamId, 'ada@loose.example')?.state === 'paused',
		],
		[
			'changeRole',
			'roleChanged',
			(teamId: string) =>
				suite.sim.state.findMember(teamId, 'ada@loose.example')?.role === 'viewer',
		],
		[
			'remove',
			'removed',
			(teamId: string) => suite.sim.state.findMember(teamId, 'ada@loose.example') === undefined,
		],
	] as const)(
		'%s is sent anyway, as version 1.1 does, and reported as sent',
		async (operation, done, holds) => {
			const { sales, credentials } = withMembers();
			suite.sim.setAnswerModes({ teamsWithoutMembers: true });

			const result = await run(credentials, {
				resource: 'teamMember',
				operation,
				teamId: teamRef(sales.id),
				email: 'ada@loose.example',
				...(operation === 'changeRole' ? { role: 'viewer' } : {}),
			});

			expect(result.error).toBeUndefined();
			expect(result.items[0].json).toMatchObject({ email: 'ada@loose.example', result: done });
			expect(writes()).toHaveLength(1);
			expect(holds(sales.id)).toBe(true);
		},
	);

	it('Remove of a person the team does not list is still sent when the roster is not told', async () => {
		const { main, credentials } = withMembers();
		suite.sim.setAnswerModes({ teamsWithoutMembers: true });

		const result = await run(credentials, {
			resource: 'teamMember',
			operation: 'remove',
			teamId: teamRef(main.id),
			email: 'nobody@loose.example',
		});

		expect(writes()).toHaveLength(1);
		expect(result.error?.message).toMatch(/not a member/);
	});

	it('Add and Add to Teams send and report "sent"', async () => {
		const { main, sales, credentials } = withMembers();
		suite.sim.setAnswerModes({ teamsWithoutMembers: true });

		const added = await run(credentials, {
			resource: 'teamMember',
			operation: 'add',
			teamId: teamRef(main.id),
			name: 'Nia',
			email: 'nia@loose.example',
			role: 'viewer',
		});
		const bulk = await run(credentials, {
			resource: 'teamMember',
			operation: 'addToTeams',
			name: 'Ola',
			email: 'ola@loose.example',
			teams: {
				team: [
					{ teamId: main.id, role: 'viewer' },
					{ teamId: sales.id, role: 'editor' },
				],
			},
		});

		expect(added.error).toBeUndefined();
		expect(added.items[0].json).toMatchObject({ result: 'sent' });
		expect(suite.sim.state.findMember(main.id, 'nia@loose.example')?.role).toBe('viewer');
		expect(bulk.error).toBeUndefined();
		expect(bulk.items[0].json).toMatchObject({ result: 'sent' });
		expect(suite.sim.state.findMember(sales.id, 'ola@loose.example')?.role).toBe('editor');
	});
});

describe('roles and states in another case (capitalisedMembers)', () => {
	it('Get Many filters, Add and Pause read "Editor" and "Paused" as editor and paused', async () => {
		const { main, sales, credentials } = newOrganization();
		for (const team of [main, sales])
			suite.sim.state.addMember(team.id, {
				name: 'Cap',
				email: 'cap@loose.example',
				role: 'editor',
			});
		suite.sim.state.acceptInvite('cap@loose.example');
		suite.sim.state.setMemberState(sales.id, 'cap@loose.example', 'paused');
		suite.sim.setAnswerModes({ capitalisedMembers: true });

		const listed = await run(credentials, {
			resource: 'teamMember',
			operation: 'getMany',
			teamId: teamRef(sales.id),
			returnAll: true,
			filters: { roles: ['editor'], statuses: ['paused'] },
		});
		const added = await run(credentials, {
			resource: 'teamMember',
			operation: 'add',
			teamId: teamRef(sales.id),
			name: 'Cap',
			email: 'cap@loose.example',
			role: 'editor',
		});
		const paused = await run(credentials, {
			resource: 'teamMember',
			operation: 'pause',
			teamId: teamRef(sales.id),
			email: 'cap@loose.example',
		});

		expect(listed.items.map((item) => [item.json.email, item.json.role, item.json.status])).toEqual(
			[['cap@loose.example', 'Editor', 'paused']],
		);
		expect(added.items[0].json).toMatchObject({ result: 'unchanged', role: 'editor' });
		expect(paused.items[0].json).toMatchObject({ result: 'unchanged' });
		expect(writes()).toEqual([]);
	});
});
