import { startSimulator, type Simulator } from '..';
import { operations } from '../../test/support/contract';
import { contractClient, segment, type Call } from './contractClient';

/** Every operation of the contract, answered successfully over HTTP, each request and answer checked by the contract. */
describe('all 29 operations', () => {
	let sim: Simulator;
	let call: Call;
	let teamId: string;
	let qrId: string;

	beforeAll(async () => {
		sim = await startSimulator();
		call = contractClient(sim);
		teamId = sim.credentials.teamId;
	});
	afterAll(() => sim.close());

	test('createQr answers 201 with the stored record', async () => {
		const reply = await call('POST', '/api/qrs-api', {
			body: {
				name: 'My Website',
				qrType: 'WEB',
				qrRedirectUrl: 'https://example.com',
				tags: ['contract'],
			},
		});
		expect(reply.status).toBe(201);
		expect(reply.body.success).toBe(true);
		expect(reply.body.data).toMatchObject({
			name: 'My Website',
			qrType: 'WEB',
			teamId,
			deleted: false,
			tags: ['contract'],
		});
		qrId = reply.body.data.id;
		expect(sim.state.getQr(qrId)?.name).toBe('My Website');
	});

	test('duplicateQr answers 201 with a copy under a new id and displayId', async () => {
		const reply = await call('POST', `/api/qrs-api/duplicate/${qrId}`);
		expect(reply.status).toBe(201);
		const original = sim.state.getQr(qrId);
		expect(reply.body.data.id).not.toBe(qrId);
		expect(reply.body.data.displayId).not.toBe(original?.displayId);
		expect(reply.body.data.qrRedirectUrl).toBe('https://example.com');
	});

	test('checkQrAvailability tells free and taken ids apart', async () => {
		const free = await call('GET', '/api/qrs-api/availability/never-used-id');
		expect(free.status).toBe(200);
		expect(free.body.success).toBe(true);
		const taken = await call(
			'GET',
			`/api/qrs-api/availability/${sim.state.getQr(qrId)?.displayId}`,
		);
		expect(taken.status).toBe(200);
		expect(taken.body.success).toBe(false);
		expect(typeof taken.body.data).toBe('string');
	});

	test('updateQr merges the fields onto the code', async () => {
		const reply = await call('PUT', `/api/qrs-api/${qrId}`, {
			body: { qrType: 'WEB', qrRedirectUrl: 'https://example.com/new', name: 'Renamed' },
		});
		expect(reply.status).toBe(200);
		expect(reply.body.data).toMatchObject({
			id: qrId,
			name: 'Renamed',
			qrRedirectUrl: 'https://example.com/new',
			tags: ['contract'],
		});
	});

	test('updateQrTags replaces the tags', async () => {
		const reply = await call('PUT', `/api/qrs-api/${qrId}/tags`, {
			body: { tags: ['marketing', 'q4'] },
		});
		expect(reply.status).toBe(200);
		expect(reply.body.data.tags).toEqual(['marketing', 'q4']);
	});

	test('updateQrTitle sets the name', async () => {
		const reply = await call('PATCH', `/api/qrs-api/${qrId}/title`, {
			body: { title: 'Summer campaign' },
		});
		expect(reply.status).toBe(200);
		expect(reply.body.data.name).toBe('Summer campaign');
	});

	test('getTeamQrsPaginated lists the team codes', async () => {
		const reply = await call(
			'GET',
			'/api/qrs-api/v2/teams/?limit=5&page=1&sortBy=createdAt&sortOrder=desc',
		);
		expect(reply.status).toBe(200);
		expect(reply.body.data.limit).toBe(5);
		expect(reply.body.data.page).toBe(1);
		expect(reply.body.data.totalCount).toBe(sim.state.listQrs(teamId).length);
		expect(reply.body.data.qrs).toHaveLength(5);
	});

	test('getQrById returns the code', async () => {
		const reply = await call('GET', `/api/qrs-api/teams/${qrId}`);
		expect(reply.status).toBe(200);
		expect(reply.body.data.id).toBe(qrId);
	});

	test('getTeamQrsFromTime returns codes changed after the time', async () => {
		const since = (sim.state.getQr(qrId)?.updatedAt ?? 0) - 1;
		const reply = await call('GET', `/api/qrs-api/teams/fromTime/${since}`);
		expect(reply.status).toBe(200);
		expect(reply.body.data.map((qr: { id: string }) => qr.id)).toContain(qrId);
	});

	test('getAllQrsFromTime returns codes of every team', async () => {
		const reply = await call('GET', '/api/qrs-api/all/fromTime/0');
		expect(reply.status).toBe(200);
		const teams = new Set(reply.body.data.map((qr: { teamId: string }) => qr.teamId));
		expect(teams.size).toBe(3);
	});

	test('getQrTemplatesByTeam returns the team templates', async () => {
		const reply = await call('GET', '/api/qr-templates-api');
		expect(reply.status).toBe(200);
		expect(reply.body.data.map((template: { name: string }) => template.name)).toEqual([
			'Classic',
			'Rounded',
			'Brand',
		]);
	});

	test('getQrAnalytics returns the scan events of a code', async () => {
		sim.state.seedScans(qrId, 4, { seed: 7 });
		const reply = await call('GET', `/api/analytics-api/detailed/${qrId}`);
		expect(reply.status).toBe(200);
		expect(reply.body.data).toHaveLength(4);
		expect(reply.body.data[0].qrId).toBe(qrId);
	});

	test('getBulkQrAnalytics returns events in range', async () => {
		const reply = await call('POST', '/api/analytics-api/detailed/all', {
			body: { qrIds: [qrId], startTime: 0, endTime: sim.clock.now() },
		});
		expect(reply.status).toBe(200);
		expect(reply.body.data).toHaveLength(4);
	});

	test('getTotalScansOverview returns totals per code', async () => {
		const reply = await call('POST', '/api/analytics-api/overviews', { body: { qrIds: [qrId] } });
		expect(reply.status).toBe(200);
		expect(reply.body.data[0]).toMatchObject({ id: qrId, totalScans: 4 });
		expect(reply.body.data[0].todayDate).toMatch(/^\d{1,2}\/\d{1,2}\/\d{4}$/);
	});

	test('deleteQr soft-deletes and answers the record', async () => {
		const reply = await call('DELETE', `/api/qrs-api/${qrId}`);
		expect(reply.status).toBe(200);
		expect(reply.body.data).toMatchObject({ id: qrId, deleted: true });
	});

	let newTeamId: string;

	test('getAllTeams lists the organization teams with members', async () => {
		const reply = await call('GET', '/api/teams-api');
		expect(reply.status).toBe(200);
		expect(reply.body.data.map((team: { name: string }) => team.name)).toEqual([
			'Marketing',
			'Sales',
			'Support',
		]);
		expect(reply.body.data[0].members.length).toBeGreaterThan(1);
	});

	test('createTeam answers 200 with the new team', async () => {
		const reply = await call('POST', '/api/teams-api', { body: { name: 'Events' } });
		expect(reply.status).toBe(200);
		expect(reply.body.data).toMatchObject({
			name: 'Events',
			orgId: sim.state.teams.get(teamId)?.orgId,
		});
		newTeamId = reply.body.data.id;
	});

	test('getTeamById returns the team with its members', async () => {
		const reply = await call('GET', `/api/teams-api/${newTeamId}`);
		expect(reply.status).toBe(200);
		expect(reply.body.data.members).toEqual([
			expect.objectContaining({ email: 'olivia@acme.example', role: 'owner' }),
		]);
	});

	test('updateTeam renames the team', async () => {
		const reply = await call('PUT', `/api/teams-api/${newTeamId}`, {
			body: { name: 'Events 2027' },
		});
		expect(reply.status).toBe(200);
		expect(reply.body.data.name).toBe('Events 2027');
	});

	test('updateDomainPreferences sets domains and the default', async () => {
		const reply = await call('PUT', `/api/teams-api/${newTeamId}/domainPreferences`, {
			body: { defaultDomain: 'qr.example.com', domains: ['qr.example.com', 'go.example.com'] },
		});
		expect(reply.status).toBe(200);
		expect(reply.body.data).toMatchObject({
			defaultDomain: 'qr.example.com',
			domains: ['qr.example.com', 'go.example.com'],
		});
	});

	test('addTeamMember invites an unknown user', async () => {
		const reply = await call('PUT', `/api/teams-api/${newTeamId}/members`, {
			body: { name: 'Nina New', email: 'nina@acme.example', role: 'editor' },
		});
		expect(reply.status).toBe(200);
		expect(reply.body).toEqual({ success: true });
		expect(sim.state.findMember(newTeamId, 'nina@acme.example')).toMatchObject({
			role: 'editor',
			state: 'active',
			userState: 'pending',
		});
	});

	test('bulkAddMember adds one user to several teams', async () => {
		const reply = await call('POST', '/api/teams-api/members/bulk', {
			body: { name: 'Nina New', email: 'nina@acme.example', teams: [{ teamId, role: 'viewer' }] },
		});
		expect(reply.status).toBe(200);
		expect(sim.state.findMember(teamId, 'nina@acme.example')?.role).toBe('viewer');
	});

	test('pauseMember pauses an active membership', async () => {
		const reply = await call(
			'PUT',
			`/api/teams-api/${newTeamId}/members/${segment('nina@acme.example')}/pause`,
		);
		expect(reply.status).toBe(200);
		expect(sim.state.findMember(newTeamId, 'nina@acme.example')?.state).toBe('paused');
	});

	test('activateMember activates a paused membership', async () => {
		const reply = await call(
			'PUT',
			`/api/teams-api/${newTeamId}/members/${segment('nina@acme.example')}/activate`,
		);
		expect(reply.status).toBe(200);
		expect(sim.state.findMember(newTeamId, 'nina@acme.example')?.state).toBe('active');
	});

	test('changeMemberRole changes the role', async () => {
		const reply = await call(
			'PUT',
			`/api/teams-api/${newTeamId}/members/${segment('nina@acme.example')}/changeRole`,
			{ body: { role: 'admin' } },
		);
		expect(reply.status).toBe(200);
		expect(sim.state.findMember(newTeamId, 'nina@acme.example')?.role).toBe('admin');
	});

	test('resendInvite re-sends to a pending user', async () => {
		const reply = await call('GET', `/api/teams-api/resend/invite/${segment('nina@acme.example')}`);
		expect(reply.status).toBe(200);
		expect(sim.state.resendCount('nina@acme.example')).toBe(1);
	});

	test('removeMemberFromTeam leaves the other teams', async () => {
		const reply = await call(
			'DELETE',
			`/api/teams-api/${newTeamId}/members/${segment('nina@acme.example')}`,
		);
		expect(reply.status).toBe(200);
		expect(sim.state.findMember(newTeamId, 'nina@acme.example')).toBeUndefined();
		expect(sim.state.findMember(teamId, 'nina@acme.example')).toBeDefined();
	});

	test('deleteMember removes the user from the organization', async () => {
		const reply = await call(
			'DELETE',
			`/api/teams-api/${teamId}/members/${segment('nina@acme.example')}/delete`,
		);
		expect(reply.status).toBe(200);
		expect(reply.body.success).toBe(true);
		expect(typeof reply.body.message).toBe('string');
		expect(sim.state.findUser('nina@acme.example')).toBeUndefined();
	});

	test('simpleCreateDynamic creates a WEB code with the bearer key', async () => {
		const reply = await call('POST', '/v1/qr/create', {
			credentials: null,
			headers: { authorization: `Bearer ${sim.credentials.apiKey}` },
			body: {
				destination_url: 'https://example.com',
				type: 'dynamic',
				design: { pattern_color: '#0A66C2' },
			},
		});
		expect(reply.status).toBe(200);
		expect(reply.body.data).toMatchObject({
			destination_url: 'https://example.com',
			type: 'dynamic',
		});
		expect(reply.body.data.shortUrl).toBe(`https://qr.acme.example/${reply.body.data.displayId}`);
		expect(sim.state.getQr(reply.body.data.id)).toMatchObject({
			qrType: 'WEB',
			qrRedirectUrl: 'https://example.com',
			teamId,
		});
	});

	test('every one of the 29 operations answered successfully at least once', () => {
		const answered = new Set(
			sim.requestLog.filter((entry) => (entry.status ?? 0) < 300).map((entry) => entry.operationId),
		);
		const missing = operations
			.map((operation) => operation.operationId)
			.filter((id) => !answered.has(id));
		expect(operations).toHaveLength(29);
		expect(missing).toEqual([]);
	});
});
