/**
 * A team that lists a member without `email` (TeamMember requires no field: a pending placeholder, or a member
 * whose address the service hides). Simulator answer mode `membersWithoutEmail`. Get Many lists them; a person
 * listed with an e-mail is handled as before; a person not found cannot be proved absent, so the change is sent
 * and the service's answer stands, with a `rosterNote`. Through n8n's engine against the simulator.
 */
import type { HarnessCredentials } from '../../support/n8nHarness';
import { memberRuns } from '../../support/memberRuns';
import { useSimulator } from '../../support/simulatorSuite';
import { byId as teamRef, organizations } from '../../support/organizations';

const suite = useSimulator({ seed: false });

const newOrganization = organizations(suite, 'hidden.example').withTwoTeams;

/** Ada, active in both teams, and Pia, active in both teams too (so a pause leaves her an active team). */
function withMembers() {
	const org = newOrganization();
	for (const email of ['ada@hidden.example', 'pia@hidden.example']) {
		for (const team of [org.main, org.sales])
			suite.sim.state.addMember(team.id, { name: email.slice(0, 3), email, role: 'editor' });
		suite.sim.state.acceptInvite(email);
	}
	return org;
}

const { run, writes } = memberRuns(suite);
const methods = () => suite.sim.requestLog.map((entry) => entry.method);

afterEach(() => suite.sim.setAnswerModes({}));

describe('a member listed without an e-mail', () => {
	it('Get Many lists them with their name and role, and the Roles filter applies to them', async () => {
		const { sales, credentials } = withMembers();
		suite.sim.setAnswerModes({ membersWithoutEmail: true });
		const list = async (roles: string[]) =>
			await run(credentials, {
				resource: 'teamMember',
				operation: 'getMany',
				teamId: teamRef(sales.id),
				returnAll: true,
				filters: { roles },
			});

		const all = await list([]);
		const viewers = await list(['viewer']);
		const editors = await list(['editor']);

		expect(all.error).toBeUndefined();
		const unidentified = all.items.filter((item) => !('email' in item.json));
		expect(unidentified.map((item) => item.json)).toEqual([
			{ name: 'Invited member', role: 'viewer', teamId: sales.id },
		]);
		expect(all.items).toHaveLength(4);
		expect(viewers.items.map((item) => item.json.name)).toEqual(['Invited member']);
		expect(editors.items.map((item) => item.json.email)).toEqual([
			'ada@hidden.example',
			'pia@hidden.example',
		]);
	});

	it("Get Many's Statuses filter fails over a team listing a member without e-mail and status, who may be one asked for", async () => {
		const { sales, credentials } = withMembers();
		const list = async (statuses: string[]) =>
			await run(credentials, {
				resource: 'teamMember',
				operation: 'getMany',
				teamId: teamRef(sales.id),
				returnAll: true,
				filters: { statuses },
			});
		suite.sim.setAnswerModes({ membersWithoutEmail: true });
		const filtered = await list(['active', 'pending']);
		const unfiltered = await list([]);

		expect(filtered.items).toEqual([]);
		expect(filtered.error?.message).toMatch(/does not tell the members' status/);
		expect(unfiltered.error).toBeUndefined();
		expect(unfiltered.items.map((item) => item.json.name)).toContain('Invited member');
	});

	it.each([
		['without the mode', {}],
		['with the mode', { membersWithoutEmail: true }],
	])(
		'Pause of a listed person pauses them with one read and one write (%s)',
		async (_case, modes) => {
			const { sales, credentials } = withMembers();
			suite.sim.setAnswerModes(modes);

			const paused = await run(credentials, {
				resource: 'teamMember',
				operation: 'pause',
				teamId: teamRef(sales.id),
				email: 'ada@hidden.example',
			});

			expect(paused.error).toBeUndefined();
			expect(paused.items[0].json).toEqual({
				email: 'ada@hidden.example',
				teamId: sales.id,
				status: 'paused',
				result: 'paused',
			});
			expect(methods()).toEqual(['GET', 'PUT']);
			expect(suite.sim.state.findMember(sales.id, 'ada@hidden.example')?.state).toBe('paused');
		},
	);

	it.each(['pause', 'remove', 'activate', 'changeRole'])(
		'%s of a person not listed is sent, and the service refusal stands (never unchanged)',
		async (operation) => {
			const { sales, credentials } = withMembers();
			suite.sim.setAnswerModes({ membersWithoutEmail: true });

			const result = await run(credentials, {
				resource: 'teamMember',
				operation,
				teamId: teamRef(sales.id),
				email: 'nobody@hidden.example',
				...(operation === 'changeRole' ? { role: 'viewer' } : {}),
			});

			expect(writes()).toHaveLength(1);
			expect(result.items).toHaveLength(0);
			expect(result.error?.message).toMatch(/nobody@hidden\.example is not a member of this team/);
			expect(result.error?.description).toMatch(/without an e-mail/);
		},
	);

	it.each([
		['pause', 'paused', true],
		['remove', 'removed', false],
	] as const)(
		'%s of a member the team lists only without their e-mail is sent and done (%s)',
		async (operation, done, stillListed) => {
			const { sales, credentials } = withMembers();
			suite.sim.setAnswerModes({ membersWithoutEmail: 'pia@hidden.example' });

			const result = await run(credentials, {
				resource: 'teamMember',
				operation,
				teamId: teamRef(sales.id),
				email: 'pia@hidden.example',
			});

			expect(result.error).toBeUndefined();
			expect(result.items[0].json).toMatchObject({ email: 'pia@hidden.example', result: done });
			expect(result.items[0].json.rosterNote).toMatch(/without an e-mail/);
			expect(writes()).toHaveLength(1);
			expect(suite.sim.state.findMember(sales.id, 'pia@hidden.example') !== undefined).toBe(
				stillListed,
			);
		},
	);

	it('Add of a new person adds them', async () => {
		const { sales, credentials } = withMembers();
		suite.sim.setAnswerModes({ membersWithoutEmail: true });

		const added = await run(credentials, {
			resource: 'teamMember',
			operation: 'add',
			teamId: teamRef(sales.id),
			name: 'Nia',
			email: 'nia@hidden.example',
			role: 'viewer',
		});

		expect(added.error).toBeUndefined();
		// The person may be the member listed without an e-mail: what the add changed is not claimed.
		expect(added.items[0].json).toMatchObject({ email: 'nia@hidden.example', result: 'sent' });
		expect(added.items[0].json.rosterNote).toMatch(/without an e-mail/);
		expect(suite.sim.state.findMember(sales.id, 'nia@hidden.example')?.role).toBe('viewer');
	});

	it('Add of a listed member who has the role is unchanged, nothing sent', async () => {
		const { sales, credentials } = withMembers();
		suite.sim.setAnswerModes({ membersWithoutEmail: true });

		const added = await run(credentials, {
			resource: 'teamMember',
			operation: 'add',
			teamId: teamRef(sales.id),
			name: 'Ada',
			email: 'ada@hidden.example',
			role: 'editor',
		});

		expect(added.items[0].json).toMatchObject({ result: 'unchanged' });
		expect(added.items[0].json).not.toHaveProperty('rosterNote');
		expect(writes()).toEqual([]);
	});

	it('Add to Teams of a new person adds them to every team', async () => {
		const { main, sales, credentials } = withMembers();
		suite.sim.setAnswerModes({ membersWithoutEmail: true });

		const added = await run(credentials, {
			resource: 'teamMember',
			operation: 'addToTeams',
			name: 'Ola',
			email: 'ola@hidden.example',
			teams: {
				team: [
					{ teamId: main.id, role: 'viewer' },
					{ teamId: sales.id, role: 'editor' },
				],
			},
		});

		expect(added.error).toBeUndefined();
		expect(added.items[0].json).toMatchObject({ result: 'sent' });
		const teams = added.items[0].json.teams as Array<Record<string, unknown>>;
		expect(teams.map((team) => [team.teamId, team.result])).toEqual([
			[main.id, 'sent'],
			[sales.id, 'sent'],
		]);
		for (const team of teams) expect(team.rosterNote).toMatch(/without an e-mail/);
		expect(suite.sim.state.findMember(main.id, 'ola@hidden.example')?.role).toBe('viewer');
		expect(suite.sim.state.findMember(sales.id, 'ola@hidden.example')?.role).toBe('editor');
	});

	/** Delete Completely through `teamId`; `sendWhenEmailHidden` sets the option of that name. */
	async function deleteThrough(
		credentials: HarnessCredentials,
		teamId: string,
		email: string,
		sendWhenEmailHidden?: boolean,
	) {
		return await run(credentials, {
			resource: 'teamMember',
			operation: 'delete',
			teamId: teamRef(teamId),
			email,
			...(sendWhenEmailHidden === undefined ? {} : { options: { sendWhenEmailHidden } }),
		});
	}

	it('Delete Completely through a team that does not list the person, another team listing them, is refused naming it, nothing sent', async () => {
		const org = newOrganization();
		suite.sim.state.addMember(org.main.id, {
			name: 'Ada',
			email: 'ada@hidden.example',
			role: 'editor',
		});
		suite.sim.state.addMember(org.sales.id, {
			name: 'Pia',
			email: 'pia@hidden.example',
			role: 'editor',
		});
		for (const email of ['ada@hidden.example', 'pia@hidden.example'])
			suite.sim.state.acceptInvite(email);
		suite.sim.setAnswerModes({ membersWithoutEmail: true });

		// the option does not reach a person another team lists under their e-mail: that team is the way
		const byDefault = await deleteThrough(org.credentials, org.sales.id, 'ada@hidden.example');
		const withOption = await deleteThrough(
			org.credentials,
			org.sales.id,
			'ada@hidden.example',
			true,
		);

		for (const result of [byDefault, withOption]) {
			expect(result.items).toHaveLength(0);
			expect(result.error?.message).toBe(
				`Item 0: ada@hidden.example is not a member of team ${org.sales.id}; Delete Completely was not sent`,
			);
			expect(result.error?.description).toContain(`Team ${org.main.id} lists them`);
		}
		expect(writes()).toEqual([]);
		expect(suite.sim.state.findMember(org.main.id, 'ada@hidden.example')).toBeDefined();
	});

	it('Delete Completely of a person not listed is refused, nothing sent; with Send When Email Is Hidden it is sent and the refusal stands', async () => {
		const { sales, credentials } = withMembers();
		suite.sim.setAnswerModes({ membersWithoutEmail: true });

		const refused = await deleteThrough(credentials, sales.id, 'nobody@hidden.example');
		const writesRefused = writes().length;
		const sent = await deleteThrough(credentials, sales.id, 'nobody@hidden.example', true);

		expect(writesRefused).toBe(0);
		expect(refused.error?.message).toBe(
			`Item 0: nobody@hidden.example is not a member of team ${sales.id}; Delete Completely was not sent`,
		);
		expect(refused.error?.description).toContain('lists 1 member without an e-mail');
		expect(refused.error?.description).toContain('Send When Email Is Hidden');
		expect(writes()).toHaveLength(1);
		expect(sent.error?.message).toMatch(/not a member of this organization/);
		expect(sent.error?.description).toMatch(/without an e-mail/);
	});

	it('Delete Completely of a member listed only without their e-mail is refused by default; the option deletes them', async () => {
		const { main, sales, credentials } = withMembers();
		suite.sim.setAnswerModes({ membersWithoutEmail: 'pia@hidden.example' });

		const refused = await deleteThrough(credentials, sales.id, 'pia@hidden.example');
		const stillThere = suite.sim.state.findMember(main.id, 'pia@hidden.example') !== undefined;
		const result = await deleteThrough(credentials, sales.id, 'pia@hidden.example', true);

		expect(refused.error?.message).toMatch(/Delete Completely was not sent/);
		expect(stillThere).toBe(true);
		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({ result: 'deleted' });
		expect(result.items[0].json.rosterNote).toMatch(/without an e-mail/);
		expect(suite.sim.state.findMember(main.id, 'pia@hidden.example')).toBeUndefined();
		expect(writes()).toHaveLength(1);
	});
});
