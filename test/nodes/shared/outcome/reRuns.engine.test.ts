/**
 * Re-runs (issue 25, item 1): from node version 1.2 every state-changing operation is idempotent from the user's
 * view. Each runs twice in a row through n8n's engine against the simulator: both runs succeed, the first makes
 * the change, the second reports `result: 'unchanged'` and changes nothing (no request, or only a refused one read
 * as "already so" and confirmed by a read). Nodes saved with 1.1 keep what they did. Every change reports one
 * `result` from one vocabulary.
 */
import type { LoggedRequest } from '../../../../simulator';
import { runNode, type HarnessCredentials } from '../../../support/n8nHarness';
import { useSimulator } from '../../../support/simulatorSuite';

const suite = useSimulator({ seed: false });

let orgCount = 0;

/** A fresh organization (teams Main and Sales) with an owner API client acting in Main. */
function newOrganization() {
	orgCount += 1;
	const { org, team: main } = suite.sim.state.createOrganization(
		`Rerun org ${orgCount}`,
		{ name: 'Olivia Owner', email: `owner${orgCount}@rerun.example` },
		'Main',
	);
	const sales = suite.sim.state.createTeam(org.id, 'Sales');
	const credentials: HarnessCredentials = {
		baseUrl: suite.sim.url,
		...suite.sim.state.addApiClient(org.id, 'owner', main.id),
	};
	return { org, main, sales, credentials };
}

/** A member of both teams, invitation accepted. */
function memberOfBoth(main: { id: string }, sales: { id: string }, email: string, role = 'editor') {
	suite.sim.state.addMember(main.id, { name: 'Rita Rerun', email, role: role as 'editor' });
	suite.sim.state.addMember(sales.id, { name: 'Rita Rerun', email, role: role as 'editor' });
	suite.sim.state.acceptInvite(email);
}

const byId = (id: string) => ({ __rl: true, mode: 'id', value: id });

/** Requests that would change something and were accepted. */
const acceptedWrites = (): LoggedRequest[] =>
	suite.sim.requestLog.filter(
		(entry) => entry.method !== 'GET' && entry.status !== undefined && entry.status < 300,
	);

/** Runs the same node twice; returns both runs and the writes the second one made. */
async function twice(parameters: Record<string, unknown>, credentials: HarnessCredentials) {
	const run = async () => await runNode({ nodeType: 'qrtrac', parameters, credentials });
	const first = await run();
	suite.sim.clearRequestLog();
	const second = await run();
	return { first, second, secondWrites: acceptedWrites(), secondLog: [...suite.sim.requestLog] };
}

describe('version 1.2: the second run of a change is `unchanged` and changes nothing', () => {
	it('Team Member > Pause', async () => {
		const { main, sales, credentials } = newOrganization();
		memberOfBoth(main, sales, 'pause@rerun.example');

		const { first, second, secondWrites, secondLog } = await twice(
			{
				resource: 'teamMember',
				operation: 'pause',
				teamId: byId(main.id),
				email: 'pause@rerun.example',
			},
			credentials,
		);

		expect(first.error).toBeUndefined();
		expect(first.items[0].json).toEqual({
			email: 'pause@rerun.example',
			teamId: main.id,
			status: 'paused',
			result: 'paused',
		});
		expect(second.error).toBeUndefined();
		expect(second.items[0].json).toEqual({
			email: 'pause@rerun.example',
			teamId: main.id,
			status: 'paused',
			result: 'unchanged',
		});
		expect(secondWrites).toEqual([]);
		expect(secondLog.map((entry) => `${entry.method} ${entry.path}`)).toEqual([
			`GET /api/teams-api/${main.id}`,
		]);
		expect(suite.sim.state.findMember(main.id, 'pause@rerun.example')?.state).toBe('paused');
		suite.expectRequestsFollowContract();
	});

	it('Team Member > Activate', async () => {
		const { main, sales, credentials } = newOrganization();
		memberOfBoth(main, sales, 'activate@rerun.example');
		suite.sim.state.setMemberState(main.id, 'activate@rerun.example', 'paused');

		const { first, second, secondWrites } = await twice(
			{
				resource: 'teamMember',
				operation: 'activate',
				teamId: byId(main.id),
				email: 'activate@rerun.example',
			},
			credentials,
		);

		expect(first.items[0].json).toMatchObject({ status: 'active', result: 'activated' });
		expect(second.error).toBeUndefined();
		expect(second.items[0].json).toMatchObject({ status: 'active', result: 'unchanged' });
		expect(secondWrites).toEqual([]);
		expect(suite.sim.state.findMember(main.id, 'activate@rerun.example')?.state).toBe('active');
	});

	it('Team Member > Change Role (the replaced role as previousRole)', async () => {
		const { main, sales, credentials } = newOrganization();
		memberOfBoth(main, sales, 'role@rerun.example', 'viewer');

		const { first, second, secondWrites } = await twice(
			{
				resource: 'teamMember',
				operation: 'changeRole',
				teamId: byId(main.id),
				email: 'role@rerun.example',
				role: 'admin',
			},
			credentials,
		);

		expect(first.items[0].json).toEqual({
			email: 'role@rerun.example',
			teamId: main.id,
			role: 'admin',
			previousRole: 'viewer',
			result: 'roleChanged',
		});
		expect(second.items[0].json).toEqual({
			email: 'role@rerun.example',
			teamId: main.id,
			role: 'admin',
			result: 'unchanged',
		});
		expect(secondWrites).toEqual([]);
		expect(suite.sim.state.findMember(main.id, 'role@rerun.example')?.role).toBe('admin');
	});

	it('Team Member > Remove From Team', async () => {
		const { main, sales, credentials } = newOrganization();
		memberOfBoth(main, sales, 'remove@rerun.example');

		const { first, second, secondWrites } = await twice(
			{
				resource: 'teamMember',
				operation: 'remove',
				teamId: byId(sales.id),
				email: 'remove@rerun.example',
			},
			credentials,
		);

		expect(first.items[0].json).toEqual({
			email: 'remove@rerun.example',
			teamId: sales.id,
			result: 'removed',
		});
		expect(second.items[0].json).toEqual({
			email: 'remove@rerun.example',
			teamId: sales.id,
			result: 'unchanged',
		});
		expect(secondWrites).toEqual([]);
		expect(suite.sim.state.findMember(sales.id, 'remove@rerun.example')).toBeUndefined();
		expect(suite.sim.state.findMember(main.id, 'remove@rerun.example')).toBeDefined();
	});

	it('Team Member > Delete Completely (a person no team lists is unchanged, nothing sent to delete)', async () => {
		const { org, main, sales, credentials } = newOrganization();
		memberOfBoth(main, sales, 'gone@rerun.example');

		const { first, second, secondWrites, secondLog } = await twice(
			{
				resource: 'teamMember',
				operation: 'delete',
				teamId: byId(main.id),
				email: 'gone@rerun.example',
			},
			credentials,
		);

		expect(first.items[0].json).toMatchObject({
			deleted: true,
			email: 'gone@rerun.example',
			result: 'deleted',
		});
		expect(second.error).toBeUndefined();
		expect(second.items[0].json).toEqual({
			deleted: true,
			id: 'gone@rerun.example',
			email: 'gone@rerun.example',
			teamId: main.id,
			result: 'unchanged',
		});
		expect(secondWrites).toEqual([]);
		// The team's members, then the organization's teams and the other team's members (the asked team is not read
		// twice): no team lists the person.
		expect(secondLog.map((entry) => `${entry.method} ${entry.path}`)).toEqual([
			`GET /api/teams-api/${main.id}`,
			'GET /api/teams-api',
			`GET /api/teams-api/${sales.id}`,
		]);
		expect(suite.sim.state.findUser('gone@rerun.example', org.id)).toBeUndefined();
	});

	it('Team Member > Add', async () => {
		const { main, credentials } = newOrganization();

		const { first, second, secondWrites } = await twice(
			{
				resource: 'teamMember',
				operation: 'add',
				teamId: byId(main.id),
				name: 'Nina New',
				email: 'nina@rerun.example',
				role: 'editor',
			},
			credentials,
		);

		expect(first.items[0].json).toMatchObject({ result: 'added' });
		expect(second.items[0].json).toMatchObject({ result: 'unchanged' });
		expect(secondWrites).toEqual([]);
	});

	it('Team Member > Add to Teams', async () => {
		const { main, sales, credentials } = newOrganization();

		const { first, second, secondWrites } = await twice(
			{
				resource: 'teamMember',
				operation: 'addToTeams',
				name: 'Bea Bulk',
				email: 'bea@rerun.example',
				teams: {
					team: [
						{ teamId: main.id, role: 'editor' },
						{ teamId: sales.id, role: 'viewer' },
					],
				},
			},
			credentials,
		);

		expect(first.items[0].json).toMatchObject({ result: 'updated' });
		expect(second.items[0].json).toMatchObject({ result: 'unchanged' });
		expect(secondWrites).toEqual([]);
	});

	it('QR Code > Delete (already deleted: the read refused, confirmed by the team record of changes; no delete sent)', async () => {
		const { main, credentials } = newOrganization();
		const code = suite.sim.state.createQr(main.id, {
			qrType: 'WEB',
			qrRedirectUrl: 'https://example.com/gone',
		});

		const { first, second, secondWrites, secondLog } = await twice(
			{ resource: 'qrCode', operation: 'delete', qrCodeId: byId(code.id) },
			credentials,
		);

		expect(first.items[0].json).toEqual({ deleted: true, id: code.id, result: 'deleted' });
		expect(second.error).toBeUndefined();
		expect(second.items[0].json).toEqual({ deleted: true, id: code.id, result: 'unchanged' });
		expect(secondWrites).toEqual([]);
		expect(secondLog.map((entry) => `${entry.method} ${entry.status}`)).toEqual([
			'GET 400',
			'GET 200',
		]);
		suite.expectRequestsFollowContract();
	});

	it('QR Code > Update Tags (tags compare as a set)', async () => {
		const { main, credentials } = newOrganization();
		const code = suite.sim.state.createQr(main.id, {
			qrType: 'WEB',
			qrRedirectUrl: 'https://example.com/t',
			tags: ['old'],
		});

		const { first, second, secondWrites } = await twice(
			{
				resource: 'qrCode',
				operation: 'updateTags',
				qrCodeId: byId(code.id),
				mode: 'replace',
				tags: 'b, a',
			},
			credentials,
		);

		expect(first.items[0].json).toMatchObject({ tags: ['b', 'a'], result: 'updated' });
		expect(second.items[0].json).toMatchObject({ tags: ['b', 'a'], result: 'unchanged' });
		expect(secondWrites).toEqual([]);
	});

	it('QR Code > Update Title', async () => {
		const { main, credentials } = newOrganization();
		const code = suite.sim.state.createQr(main.id, {
			qrType: 'WEB',
			qrRedirectUrl: 'https://example.com/t',
			name: 'Old',
		});

		const { first, second, secondWrites } = await twice(
			{ resource: 'qrCode', operation: 'updateTitle', qrCodeId: byId(code.id), title: 'Spring' },
			credentials,
		);

		expect(first.items[0].json).toMatchObject({ name: 'Spring', result: 'updated' });
		expect(second.items[0].json).toMatchObject({ name: 'Spring', result: 'unchanged' });
		expect(secondWrites).toEqual([]);
	});

	it('QR Code > Update (with the changed fields)', async () => {
		const { main, credentials } = newOrganization();
		const code = suite.sim.state.createQr(main.id, {
			qrType: 'WEB',
			qrRedirectUrl: 'https://example.com/v1',
			name: 'Poster',
		});

		const { first, second, secondWrites } = await twice(
			{
				resource: 'qrCode',
				operation: 'update',
				qrCodeId: byId(code.id),
				updateFields: { qrRedirectUrl: 'https://example.com/v2', name: 'Poster' },
			},
			credentials,
		);

		expect(first.items[0].json).toMatchObject({
			qrRedirectUrl: 'https://example.com/v2',
			result: 'updated',
			changedFields: ['qrRedirectUrl'],
		});
		expect(second.items[0].json).toMatchObject({
			qrRedirectUrl: 'https://example.com/v2',
			result: 'unchanged',
		});
		expect(second.items[0].json.changedFields).toBeUndefined();
		expect(secondWrites).toEqual([]);
	});

	it('QR Code > Create or Update reports `result` (not `operation`)', async () => {
		const { credentials } = newOrganization();

		const { first, second, secondWrites } = await twice(
			{
				resource: 'qrCode',
				operation: 'createOrUpdate',
				displayId: `rerun-${orgCount}`,
				qrType: 'WEB',
				qrRedirectUrl: 'https://example.com/sheet',
			},
			credentials,
		);

		expect(first.items[0].json).toMatchObject({ result: 'created' });
		expect(first.items[0].json.operation).toBeUndefined();
		expect(second.items[0].json).toMatchObject({ result: 'unchanged' });
		expect(second.items[0].json.operation).toBeUndefined();
		expect(secondWrites).toEqual([]);
	});

	it('Team > Rename', async () => {
		const { sales, credentials } = newOrganization();

		const { first, second, secondWrites } = await twice(
			{ resource: 'team', operation: 'rename', teamId: byId(sales.id), name: 'Sales EMEA' },
			credentials,
		);

		expect(first.items[0].json).toMatchObject({
			id: sales.id,
			name: 'Sales EMEA',
			result: 'updated',
		});
		expect(second.items[0].json).toMatchObject({
			id: sales.id,
			name: 'Sales EMEA',
			result: 'unchanged',
		});
		expect(secondWrites).toEqual([]);
	});

	it('Team > Set Domains (domains compare as a set, without case)', async () => {
		const { main, credentials } = newOrganization();

		const { first, second, secondWrites } = await twice(
			{
				resource: 'team',
				operation: 'setDomains',
				teamId: byId(main.id),
				domains: 'go.rerun.example, QR.rerun.example',
				defaultDomain: 'qr.rerun.example',
			},
			credentials,
		);

		expect(first.items[0].json).toMatchObject({ result: 'updated' });
		expect(second.items[0].json).toMatchObject({
			defaultDomain: 'qr.rerun.example',
			result: 'unchanged',
		});
		expect(secondWrites).toEqual([]);
	});
});

describe('version 1.2: what the node cannot read, it reads from a refusal it confirms', () => {
	afterEach(() => suite.sim.setAnswerModes({}));

	it('Pause where the team does not tell who is paused: "already paused" on a listed member is unchanged', async () => {
		const { main, sales, credentials } = newOrganization();
		memberOfBoth(main, sales, 'untold@rerun.example');
		suite.sim.setAnswerModes({ contractMembers: true });

		const { first, second, secondWrites, secondLog } = await twice(
			{
				resource: 'teamMember',
				operation: 'pause',
				teamId: byId(main.id),
				email: 'untold@rerun.example',
			},
			credentials,
		);

		expect(first.items[0].json).toMatchObject({ result: 'paused' });
		expect(second.error).toBeUndefined();
		expect(second.items[0].json).toMatchObject({ result: 'unchanged' });
		expect(secondWrites).toEqual([]);
		expect(secondLog.map((entry) => `${entry.method} ${entry.status}`)).toEqual([
			'GET 200',
			'PUT 400',
		]);
	});

	it('a QR code ID the team never had still fails Delete', async () => {
		const { credentials } = newOrganization();

		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: { resource: 'qrCode', operation: 'delete', qrCodeId: byId('qr_never_there') },
			credentials,
		});

		expect(result.error?.httpCode).toBe('400');
		expect(result.error?.message).toBe('QR code not found: qr_never_there');
	});

	it('a pause that would leave the member without an active team says what to do instead', async () => {
		const { main, credentials } = newOrganization();
		suite.sim.state.addMember(main.id, {
			name: 'Solo',
			email: 'solo@rerun.example',
			role: 'viewer',
		});

		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: {
				resource: 'teamMember',
				operation: 'pause',
				teamId: byId(main.id),
				email: 'solo@rerun.example',
			},
			credentials,
		});

		expect(result.error?.httpCode).toBe('400');
		expect(result.error?.message).toMatch(/no active team/);
		expect(result.error?.description).toMatch(
			/activate them in another team \(or add them to one\) first/,
		);
		expect(result.error?.description).toMatch(/Delete Completely/);
		expect(suite.sim.state.findMember(main.id, 'solo@rerun.example')?.state).toBe('active');
	});
});

describe('nodes saved with 1.1 keep what they did', () => {
	it('a second Pause still fails as the service answers it, and sends the change each time', async () => {
		const { main, sales, credentials } = newOrganization();
		memberOfBoth(main, sales, 'old@rerun.example');
		const run = async () =>
			await runNode({
				nodeType: 'qrtrac',
				typeVersion: 1.1,
				parameters: {
					resource: 'teamMember',
					operation: 'pause',
					teamId: byId(main.id),
					email: 'old@rerun.example',
				},
				credentials,
			});

		const first = await run();
		const second = await run();

		expect(first.items[0].json).toEqual({
			email: 'old@rerun.example',
			teamId: main.id,
			status: 'paused',
			result: 'paused',
		});
		expect(second.error?.message).toBe('old@rerun.example is already paused in this team');
	});

	it('Create or Update says `operation`, and Create, Delete and Rename carry no `result`', async () => {
		const { main, credentials } = newOrganization();
		const code = suite.sim.state.createQr(main.id, {
			qrType: 'WEB',
			qrRedirectUrl: 'https://example.com/o',
		});
		const run = async (parameters: Record<string, unknown>) =>
			(await runNode({ nodeType: 'qrtrac', typeVersion: 1.1, parameters, credentials })).items[0]
				.json;

		const upsert = await run({
			resource: 'qrCode',
			operation: 'createOrUpdate',
			displayId: `old-${orgCount}`,
			qrType: 'WEB',
			qrRedirectUrl: 'https://example.com/old',
		});
		const created = await run({
			resource: 'qrCode',
			operation: 'create',
			qrType: 'WEB',
			qrRedirectUrl: 'https://example.com/new',
		});
		const deleted = await run({ resource: 'qrCode', operation: 'delete', qrCodeId: byId(code.id) });
		const renamed = await run({
			resource: 'team',
			operation: 'rename',
			teamId: byId(main.id),
			name: 'Main 2',
		});

		expect(upsert).toMatchObject({ operation: 'created' });
		expect(upsert.result).toBeUndefined();
		expect(created.result).toBeUndefined();
		expect(deleted).toEqual({ deleted: true, id: code.id });
		expect(renamed.result).toBeUndefined();
	});
});

describe('version 1.2: one outcome field, one vocabulary', () => {
	it.each([
		[
			'QR Code > Create',
			{
				resource: 'qrCode',
				operation: 'create',
				qrType: 'WEB',
				qrRedirectUrl: 'https://example.com/c',
			},
		],
		['Team > Create', { resource: 'team', operation: 'create', name: 'New team' }],
	])('%s reports result: created', async (_name, parameters) => {
		const { credentials } = newOrganization();

		const result = await runNode({ nodeType: 'qrtrac', parameters, credentials });

		expect(result.error).toBeUndefined();
		expect(result.items[0].json.result).toBe('created');
	});

	it('QR Code > Duplicate reports result: created, with the copy', async () => {
		const { main, credentials } = newOrganization();
		const code = suite.sim.state.createQr(main.id, {
			qrType: 'WEB',
			qrRedirectUrl: 'https://example.com/d',
		});

		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: { resource: 'qrCode', operation: 'duplicate', qrCodeId: byId(code.id) },
			credentials,
		});

		expect(result.items[0].json).toMatchObject({ result: 'created' });
		expect(result.items[0].json.id).not.toBe(code.id);
	});

	it('every result a run of mixed changes reports is one of the documented values', async () => {
		const documented = [
			'created',
			'updated',
			'unchanged',
			'added',
			'roleChanged',
			'paused',
			'activated',
			'removed',
			'deleted',
			'sent',
			'inviteResent',
		];
		const { main, sales, credentials } = newOrganization();
		memberOfBoth(main, sales, 'mixed@rerun.example');
		const target = { teamId: byId(main.id), email: 'mixed@rerun.example' };
		const runs = [
			{ resource: 'teamMember', operation: 'pause', ...target },
			{ resource: 'teamMember', operation: 'activate', ...target },
			{ resource: 'teamMember', operation: 'changeRole', ...target, role: 'viewer' },
			{
				resource: 'teamMember',
				operation: 'remove',
				teamId: byId(sales.id),
				email: 'mixed@rerun.example',
			},
			{ resource: 'team', operation: 'rename', teamId: byId(sales.id), name: 'Sales' },
		];
		const results: unknown[] = [];
		for (const parameters of runs) {
			const run = await runNode({ nodeType: 'qrtrac', parameters, credentials });
			expect(run.error).toBeUndefined();
			results.push(run.items[0].json.result);
		}

		expect(results).toEqual(['paused', 'activated', 'roleChanged', 'removed', 'unchanged']);
		for (const result of results) expect(documented).toContain(result);
	});
});
