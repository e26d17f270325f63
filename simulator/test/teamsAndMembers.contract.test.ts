import { startSimulator, type Simulator } from '..';
import { contractClient, segment, type Call, type ClientCredentials } from './contractClient';

/** Team rules and the member state machine: pending/active users, active/paused memberships, owner rules. */
describe('teams and members', () => {
	let sim: Simulator;
	let call: Call;
	let owner: ClientCredentials;
	let orgId: string;
	let teamA: string;
	let teamB: string;

	/** A fresh organization per test, so member states never leak between tests. */
	beforeEach(async () => {
		sim ??= await startSimulator({ seed: false });
		const org = sim.state.createOrganization(
			`Org ${sim.state.orgs.size}`,
			{ name: 'Olga Owner', email: `olga${sim.state.orgs.size}@org.example` },
			'A',
		);
		orgId = org.org.id;
		teamA = org.team.id;
		teamB = sim.state.createTeam(orgId, 'B').id;
		owner = sim.state.addApiClient(orgId, 'owner', teamA);
		call = contractClient(sim, owner);
	});
	afterAll(() => sim.close());

	const ownerEmail = () =>
		sim.state.users.get(sim.state.orgs.get(orgId)?.ownerUserId as string)?.email as string;
	const member = (team: string, email: string) =>
		`/api/teams-api/${team}/members/${segment(email)}`;

	describe('teams', () => {
		test('a new team has the platform domain, starter templates and the owner', async () => {
			const reply = await call('POST', '/api/teams-api', { body: { name: '  Launch  ' } });
			expect(reply.body.data).toMatchObject({
				name: 'Launch',
				domains: ['q.qrtrac.com'],
				defaultDomain: 'q.qrtrac.com',
			});
			expect(reply.body.data.members).toEqual([
				expect.objectContaining({
					email: ownerEmail(),
					role: 'owner',
					state: 'active',
					userState: 'active',
				}),
			]);
			expect(sim.state.templatesOfTeam(reply.body.data.id)).toHaveLength(3);
		});

		test.each([
			['missing', {}],
			['empty', { name: '' }],
			['blank', { name: '   ' }],
			['not a string', { name: 7 }],
		])('create with a name %s is 400', async (_case, body) => {
			const before = sim.state.teamsOfOrg(orgId).length;
			const reply = await call('POST', '/api/teams-api', { body, invalidRequest: true });
			expect(reply.status).toBe(400);
			expect(reply.body.message).toMatch(/"name"/);
			expect(sim.state.teamsOfOrg(orgId)).toHaveLength(before);
		});

		test('rename needs a non-empty name and a team of the organization', async () => {
			expect(
				(await call('PUT', `/api/teams-api/${teamB}`, { body: { name: 'Bee' } })).body.data.name,
			).toBe('Bee');
			expect((await call('PUT', `/api/teams-api/${teamB}`, { body: { name: '' } })).status).toBe(
				400,
			);
			expect(
				(await call('PUT', '/api/teams-api/team_missing', { body: { name: 'x' } })).status,
			).toBe(400);
			expect((await call('GET', '/api/teams-api/team_missing')).status).toBe(400);
		});

		test('domain preferences: hostnames, unique, non-empty, default among them; they decide which baseUrl is accepted', async () => {
			const set = (body: unknown) =>
				call('PUT', `/api/teams-api/${teamA}/domainPreferences`, { body, invalidRequest: true });
			expect(
				(await set({ defaultDomain: 'go.example.com', domains: ['qr.example.com'] })).body.message,
			).toMatch(/"defaultDomain" must be one of/);
			expect(
				(
					await set({
						defaultDomain: 'https://qr.example.com',
						domains: ['https://qr.example.com'],
					})
				).body.message,
			).toMatch(/hostnames/);
			expect((await set({ defaultDomain: 'qr.example.com', domains: [] })).status).toBe(400);
			expect(
				(
					await set({
						defaultDomain: 'qr.example.com',
						domains: ['qr.example.com', 'QR.example.com'],
					})
				).body.message,
			).toMatch(/repeat/);
			expect((await set({ domains: ['qr.example.com'] })).status).toBe(400);

			const ok = await set({
				defaultDomain: 'QR.Example.com',
				domains: ['QR.Example.com', 'go.example.com'],
			});
			expect(ok.status).toBe(200);
			expect(ok.body.data).toMatchObject({
				defaultDomain: 'qr.example.com',
				domains: ['qr.example.com', 'go.example.com'],
			});

			const body = { qrType: 'WEB', qrRedirectUrl: 'https://example.com' };
			expect(
				(
					await call('POST', '/api/qrs-api', {
						body: { ...body, baseUrl: 'https://go.example.com/' },
					})
				).status,
			).toBe(201);
			expect(
				(
					await call('POST', '/api/qrs-api', {
						body: { ...body, baseUrl: 'https://q.qrtrac.com/' },
					})
				).status,
			).toBe(400);
			expect((await call('POST', '/api/qrs-api', { body })).body.data.baseUrl).toBe(
				'https://qr.example.com/',
			);
		});

		test('priorTeamAnswers: a team change answers the team as before; `unchanged` also leaves it as before', async () => {
			sim.setAnswerModes({ priorTeamAnswers: 'changed' });
			try {
				const renamed = await call('PUT', `/api/teams-api/${teamB}`, { body: { name: 'Bee' } });
				expect(renamed.body).toMatchObject({ success: true, data: { id: teamB, name: 'B' } });
				expect(sim.state.team(teamB)?.name).toBe('Bee');

				sim.setAnswerModes({ priorTeamAnswers: 'unchanged' });
				const domains = await call('PUT', `/api/teams-api/${teamB}/domainPreferences`, {
					body: { defaultDomain: 'go.example.com', domains: ['go.example.com'] },
				});
				expect(domains.body.data).toMatchObject({ id: teamB, domains: ['q.qrtrac.com'] });
				expect(sim.state.team(teamB)).toMatchObject({ name: 'Bee', domains: ['q.qrtrac.com'] });
				const refused = await call('PUT', `/api/teams-api/${teamB}`, {
					body: { name: '' },
					invalidRequest: true,
				});
				expect(refused.body).toMatchObject({ success: false });
			} finally {
				sim.setAnswerModes({});
			}
		});
	});

	describe('adding members', () => {
		test('an unknown e-mail becomes a pending user with one invitation; adding again changes the role', async () => {
			const add = (role: string) =>
				call('PUT', `/api/teams-api/${teamA}/members`, {
					body: { name: 'Nora', email: 'Nora@Org.example', role },
				});
			expect((await add('viewer')).status).toBe(200);
			expect(sim.state.findMember(teamA, 'nora@org.example')).toEqual({
				name: 'Nora',
				email: 'nora@org.example',
				role: 'viewer',
				state: 'active',
				userState: 'pending',
			});
			expect(sim.state.pendingInvites(orgId).map((user) => user.email)).toEqual([
				'nora@org.example',
			]);
			expect((await add('admin')).status).toBe(200);
			expect(sim.state.findMember(teamA, 'nora@org.example')?.role).toBe('admin');
			expect(sim.state.findUser('nora@org.example')?.invitationsSent).toBe(1);
		});

		test.each([
			['role owner', { name: 'X', email: 'x@org.example', role: 'owner' }, /"role" must be one of/],
			[
				'a bad e-mail',
				{ name: 'X', email: 'not-an-email', role: 'viewer' },
				/"email" must be a valid email/,
			],
			['no name', { email: 'x@org.example', role: 'viewer' }, /"name" is required/],
		])('adding with %s is 400', async (_case, body, message) => {
			const reply = await call('PUT', `/api/teams-api/${teamA}/members`, {
				body,
				invalidRequest: true,
			});
			expect(reply.status).toBe(400);
			expect(reply.body.message).toMatch(message);
		});

		test("the owner's role cannot be changed by adding them", async () => {
			const reply = await call('PUT', `/api/teams-api/${teamA}/members`, {
				body: { name: 'Olga', email: ownerEmail(), role: 'viewer' },
			});
			expect(reply.status).toBe(400);
			expect(sim.state.findMember(teamA, ownerEmail())?.role).toBe('owner');
		});

		test('bulk add puts the user in every listed team', async () => {
			const reply = await call('POST', '/api/teams-api/members/bulk', {
				body: {
					name: 'Bo',
					email: 'bo@org.example',
					teams: [
						{ teamId: teamA, role: 'editor' },
						{ teamId: teamB, role: 'viewer' },
					],
				},
			});
			expect(reply.status).toBe(200);
			expect(sim.state.findMember(teamA, 'bo@org.example')?.role).toBe('editor');
			expect(sim.state.findMember(teamB, 'bo@org.example')?.role).toBe('viewer');
		});

		test('bulk add is all or nothing: a foreign team, a repeated team or an empty list changes nothing', async () => {
			const { team: foreign } = sim.state.createOrganization('Foreign', {
				name: 'F',
				email: 'f@foreign.example',
			});
			const bodies = [
				{
					name: 'Cy',
					email: 'cy@org.example',
					teams: [
						{ teamId: teamA, role: 'editor' },
						{ teamId: foreign.id, role: 'viewer' },
					],
				},
				{
					name: 'Cy',
					email: 'cy@org.example',
					teams: [
						{ teamId: teamA, role: 'editor' },
						{ teamId: teamA, role: 'viewer' },
					],
				},
				{ name: 'Cy', email: 'cy@org.example', teams: [] },
				{ name: 'Cy', email: 'cy@org.example', teams: [{ teamId: teamA, role: 'owner' }] },
			];
			for (const body of bodies) {
				const reply = await call('POST', '/api/teams-api/members/bulk', {
					body,
					invalidRequest: true,
				});
				expect(reply.status).toBe(400);
			}
			expect(sim.state.findUser('cy@org.example', orgId)).toBeUndefined();
		});

		test('bulkAddInOrder: the teams before the refused one keep the user, the ones after it are not joined', async () => {
			sim.setBulkAddInOrder(true);
			try {
				const reply = await call('POST', '/api/teams-api/members/bulk', {
					body: {
						name: 'Di',
						email: 'di@org.example',
						teams: [
							{ teamId: teamA, role: 'editor' },
							{ teamId: 'team_unknown', role: 'viewer' },
							{ teamId: teamB, role: 'viewer' },
						],
					},
					invalidRequest: true,
				});
				expect(reply.status).toBe(400);
				expect(reply.body.message).toBe('Team not found');
				expect(sim.state.findMember(teamA, 'di@org.example')?.role).toBe('editor');
				expect(sim.state.findMember(teamB, 'di@org.example')).toBeUndefined();
			} finally {
				sim.setBulkAddInOrder(false);
			}
		});
	});

	describe('member states', () => {
		beforeEach(() => {
			sim.state.addMember(teamA, { name: 'Max', email: 'max+qr@org.example', role: 'editor' });
			sim.state.addMember(teamB, { name: 'Max', email: 'max+qr@org.example', role: 'viewer' });
			sim.state.acceptInvite('max+qr@org.example');
		});

		test('pause then activate; each refuses the state it is already in', async () => {
			expect((await call('PUT', `${member(teamA, 'max+qr@org.example')}/activate`)).status).toBe(
				400,
			);
			expect((await call('PUT', `${member(teamA, 'max+qr@org.example')}/pause`)).status).toBe(200);
			expect(sim.state.findMember(teamA, 'max+qr@org.example')?.state).toBe('paused');
			expect((await call('PUT', `${member(teamA, 'max+qr@org.example')}/pause`)).status).toBe(400);
			expect((await call('PUT', `${member(teamA, 'max+qr@org.example')}/activate`)).status).toBe(
				200,
			);
			expect(sim.state.findMember(teamA, 'max+qr@org.example')?.state).toBe('active');
		});

		test('the e-mail in the path is percent-decoded and case-insensitive', async () => {
			const reply = await call(
				'PUT',
				`/api/teams-api/${teamA}/members/MAX%2Bqr%40org.example/pause`,
			);
			expect(reply.status).toBe(200);
			expect(sim.state.findMember(teamA, 'max+qr@org.example')?.state).toBe('paused');
		});

		test('pausing the last active team is 400', async () => {
			expect((await call('PUT', `${member(teamB, 'max+qr@org.example')}/pause`)).status).toBe(200);
			const reply = await call('PUT', `${member(teamA, 'max+qr@org.example')}/pause`);
			expect(reply.status).toBe(400);
			expect(reply.body.message).toMatch(/no active team/);
			expect(sim.state.findMember(teamA, 'max+qr@org.example')?.state).toBe('active');
		});

		test('the owner cannot be paused, re-roled, removed or deleted', async () => {
			const email = ownerEmail();
			const replies = await Promise.all([
				call('PUT', `${member(teamA, email)}/pause`),
				call('PUT', `${member(teamA, email)}/changeRole`, { body: { role: 'admin' } }),
				call('DELETE', member(teamA, email)),
				call('DELETE', `${member(teamA, email)}/delete`),
			]);
			expect(replies.map((reply) => reply.status)).toEqual([400, 400, 400, 400]);
			expect(replies.every((reply) => /owner/.test(reply.body.message))).toBe(true);
			expect(sim.state.findMember(teamA, email)).toMatchObject({ role: 'owner', state: 'active' });
		});

		test('change role: assignable roles only, members only', async () => {
			expect(
				(
					await call('PUT', `${member(teamA, 'max+qr@org.example')}/changeRole`, {
						body: { role: 'admin' },
					})
				).status,
			).toBe(200);
			expect(sim.state.findMember(teamA, 'max+qr@org.example')?.role).toBe('admin');
			const owner = await call('PUT', `${member(teamA, 'max+qr@org.example')}/changeRole`, {
				body: { role: 'owner' },
				invalidRequest: true,
			});
			expect(owner.status).toBe(400);
			const stranger = await call('PUT', `${member(teamA, 'nobody@org.example')}/changeRole`, {
				body: { role: 'viewer' },
			});
			expect(stranger.status).toBe(400);
			expect(stranger.body.message).toMatch(/not a member/);
		});

		test('remove: fine while another active team remains, 400 for the last team or the last active one', async () => {
			expect((await call('PUT', `${member(teamB, 'max+qr@org.example')}/pause`)).status).toBe(200);
			const noActive = await call('DELETE', member(teamA, 'max+qr@org.example'));
			expect(noActive.status).toBe(400);
			expect((await call('PUT', `${member(teamB, 'max+qr@org.example')}/activate`)).status).toBe(
				200,
			);
			expect((await call('DELETE', member(teamA, 'max+qr@org.example'))).status).toBe(200);
			expect(sim.state.findMember(teamA, 'max+qr@org.example')).toBeUndefined();
			const last = await call('DELETE', member(teamB, 'max+qr@org.example'));
			expect(last.status).toBe(400);
			expect(last.body.message).toMatch(/last team/);
		});

		test('delete completely removes every membership; an unknown e-mail is 400', async () => {
			const reply = await call('DELETE', `${member(teamA, 'max+qr@org.example')}/delete`);
			expect(reply.status).toBe(200);
			expect(reply.body.message).toMatch(/max\+qr@org\.example/);
			expect(sim.state.findMember(teamB, 'max+qr@org.example')).toBeUndefined();
			expect((await call('DELETE', `${member(teamA, 'max+qr@org.example')}/delete`)).status).toBe(
				400,
			);
		});
	});

	describe('resend invite', () => {
		test('works for a pending user up to the limit, then 400', async () => {
			sim.state.addMember(teamA, { name: 'Pia', email: 'pia@org.example', role: 'viewer' });
			const resend = () =>
				call('GET', `/api/teams-api/resend/invite/${segment('pia@org.example')}`);
			for (let i = 1; i <= 3; i++) {
				expect((await resend()).status).toBe(200);
				expect(sim.state.resendCount('pia@org.example')).toBe(i);
			}
			const refused = await resend();
			expect(refused.status).toBe(400);
			expect(refused.body.message).toMatch(/limit/);
			expect(sim.state.resendCount('pia@org.example')).toBe(3);
		});

		test('an accepted or unknown user is 400', async () => {
			expect(
				(await call('GET', `/api/teams-api/resend/invite/${segment(ownerEmail())}`)).status,
			).toBe(400);
			expect(
				(await call('GET', `/api/teams-api/resend/invite/${segment('ghost@org.example')}`)).status,
			).toBe(400);
		});
	});

	describe('exactEmails: e-mails held as written and compared exactly', () => {
		afterEach(() => sim.setExactEmails(false));

		test('a member added as Ada@Org.example is held so, found only in that case', async () => {
			sim.setExactEmails(true);
			const added = await call('PUT', `/api/teams-api/${teamA}/members`, {
				body: { name: 'Ada', email: 'Ada@Org.example', role: 'viewer' },
			});
			expect(added.status).toBe(200);
			expect(sim.state.findMember(teamA, 'Ada@Org.example')?.email).toBe('Ada@Org.example');
			expect(sim.state.findMember(teamA, 'ada@org.example')).toBeUndefined();
			sim.state.addMember(teamB, { name: 'Ada', email: 'Ada@Org.example', role: 'viewer' });

			const lower = await call('PUT', `${member(teamA, 'ada@org.example')}/pause`);
			expect(lower.status).toBe(400);
			expect(lower.body.message).toMatch(/not a member/);
			expect((await call('PUT', `${member(teamA, 'Ada@Org.example')}/pause`)).status).toBe(200);
			expect(sim.state.findMember(teamA, 'Ada@Org.example')?.state).toBe('paused');
		});
	});

	describe('membersWithoutEmail: a member listed without an e-mail', () => {
		afterEach(() => sim.setAnswerModes({}));

		test('lists one extra member without email; with an e-mail, that member without it, still acted on', async () => {
			sim.state.addMember(teamA, { name: 'Max', email: 'max@org.example', role: 'editor' });
			sim.state.addMember(teamB, { name: 'Max', email: 'max@org.example', role: 'editor' });
			sim.state.acceptInvite('max@org.example');
			const members = async () =>
				(await call('GET', `/api/teams-api/${teamA}`)).body.data.members as Array<
					Record<string, unknown>
				>;

			sim.setAnswerModes({ membersWithoutEmail: true });
			const extra = await members();
			sim.setAnswerModes({ membersWithoutEmail: 'max@org.example' });
			const hidden = await members();
			const paused = await call('PUT', `${member(teamA, 'max@org.example')}/pause`);

			expect(extra.map((entry) => entry.email)).toEqual([
				ownerEmail(),
				'max@org.example',
				undefined,
			]);
			expect(extra[2]).toEqual({ name: 'Invited member', role: 'viewer' });
			expect(hidden.map((entry) => [entry.name, entry.email])).toEqual([
				['Olga Owner', ownerEmail()],
				['Max', undefined],
				['Invited member', undefined],
			]);
			expect(paused.status).toBe(200);
			expect(sim.state.findMember(teamA, 'max@org.example')?.state).toBe('paused');
		});
	});
});
