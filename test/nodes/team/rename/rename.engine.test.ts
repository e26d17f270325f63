/**
 * Team > Rename through n8n's engine against the simulator: output, the simulator's state afterwards, every request checked against the contract, and refused input
 * that never reaches the wire.
 */
import { runNode } from '../../../support/n8nHarness';
import { useSimulator } from '../../../support/simulatorSuite';
import { byId as teamRef, organizations } from '../../../support/organizations';

const suite = useSimulator({ seed: false });

const newOrganization = organizations(suite, 'team.example').withTeam;

describe('Team: Rename', () => {
	it('renames the team in the service', async () => {
		const { org, credentials } = newOrganization();
		const sales = suite.sim.state.createTeam(org.id, 'Sales');

		const result = await runNode({
			typeVersion: 1.1,
			nodeType: 'qrtrac',
			parameters: {
				resource: 'team',
				operation: 'rename',
				teamId: teamRef(sales.id),
				name: 'Sales EMEA',
			},
			credentials,
		});

		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({ id: sales.id, name: 'Sales EMEA' });
		expect(suite.sim.state.team(sales.id)?.name).toBe('Sales EMEA');
		expect(suite.sim.requestLog[0].body).toEqual({ name: 'Sales EMEA' });
		suite.expectRequestsFollowContract();
	});

	it('refuses an empty name before sending anything', async () => {
		const { team, credentials } = newOrganization();

		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: {
				resource: 'team',
				operation: 'rename',
				teamId: teamRef(team.id),
				name: '={{ $json.name }}',
			},
			items: [{ name: '  ' }],
			credentials,
		});

		expect(result.error?.message).toBe('Item 0: "Name" must not be empty');
		expect(suite.sim.requestLog).toHaveLength(0);
		expect(suite.sim.state.team(team.id)?.name).toBe('Main');
	});

	it("surfaces the service's 403 for a client whose role may not rename", async () => {
		const { team, credentials } = newOrganization('editor');

		const result = await runNode({
			nodeType: 'qrtrac',
			parameters: {
				resource: 'team',
				operation: 'rename',
				teamId: teamRef(team.id),
				name: 'Renamed',
			},
			credentials,
		});

		expect(result.error?.name).toBe('NodeApiError');
		expect(result.error?.httpCode).toBe('403');
		expect(result.error?.message).toMatch(/Your role \(editor\) is not allowed/);
		expect(suite.sim.state.team(team.id)?.name).toBe('Main');
		suite.expectRequestsFollowContract();
	});
});

/**
 * The contract does not say whether a change's answer shows the team before or after it, and some successes carry
 * only `success`: an answer that does not show the new name is checked by reading the team, never taken as done.
 */
describe('Team: Rename, an answer that does not show the new name', () => {
	afterEach(() => suite.sim.setAnswerModes({}));

	const rename = async (
		teamId: string,
		credentials: Parameters<typeof runNode>[0]['credentials'],
	) =>
		await runNode({
			nodeType: 'qrtrac',
			parameters: {
				resource: 'team',
				operation: 'rename',
				teamId: teamRef(teamId),
				name: 'Sales EMEA',
			},
			credentials,
		});
	const requests = () => suite.sim.requestLog.map((entry) => `${entry.method} ${entry.path}`);

	it('answered with the old name: the team read afterwards holds the new one, so it is updated with the read record', async () => {
		const { org, credentials } = newOrganization();
		const sales = suite.sim.state.createTeam(org.id, 'Sales');
		suite.sim.setAnswerModes({ priorTeamAnswers: 'changed' });

		const result = await rename(sales.id, credentials);

		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({
			id: sales.id,
			name: 'Sales EMEA',
			result: 'updated',
		});
		expect(requests()).toEqual([
			`GET /api/teams-api/${sales.id}`,
			`PUT /api/teams-api/${sales.id}`,
			`GET /api/teams-api/${sales.id}`,
		]);
		suite.expectRequestsFollowContract();
	});

	it('answered with the old name, and the team still holds it: the item fails naming the operation, the name asked and the name held', async () => {
		const { org, credentials } = newOrganization();
		const sales = suite.sim.state.createTeam(org.id, 'Sales');
		suite.sim.setAnswerModes({ priorTeamAnswers: 'unchanged' });

		const result = await rename(sales.id, credentials);

		expect(result.items).toEqual([]);
		expect(result.error?.message).toMatch(/Rename Team/);
		expect(result.error?.message).toMatch(/does not show the change/);
		const description = String((result.error as { description?: string }).description);
		expect(description).toContain('"name":"Sales EMEA"');
		expect(description).toContain('"name":"Sales"');
		expect(suite.sim.state.team(sales.id)?.name).toBe('Sales');
	});

	it('answered with only `success`: the team is read; a rename it does not hold fails the item', async () => {
		const { org, credentials } = newOrganization();
		const sales = suite.sim.state.createTeam(org.id, 'Sales');
		const successOnly = {
			kind: 'status' as const,
			method: 'PUT',
			path: `/api/teams-api/${sales.id}`,
			status: 200,
			body: '{"success":true}',
			contentType: 'application/json',
		};
		suite.sim.faults.add({ ...successOnly, afterWrite: true, count: 1 });

		const written = await rename(sales.id, credentials);

		expect(written.error).toBeUndefined();
		expect(written.items[0].json).toMatchObject({
			id: sales.id,
			name: 'Sales EMEA',
			result: 'updated',
		});
		expect(requests().at(-1)).toBe(`GET /api/teams-api/${sales.id}`);

		const second = suite.sim.state.createTeam(org.id, 'Sales');
		suite.sim.faults.add({ ...successOnly, path: `/api/teams-api/${second.id}`, count: 1 });
		const dropped = await rename(second.id, credentials);

		expect(dropped.error?.message).toMatch(/Rename Team.*does not show the change/);
		expect(suite.sim.state.team(second.id)?.name).toBe('Sales');
	});

	it('answered with the old name and the read afterwards fails: the item says the rename was sent and answered success', async () => {
		const { org, credentials } = newOrganization();
		const sales = suite.sim.state.createTeam(org.id, 'Sales');
		suite.sim.setAnswerModes({ priorTeamAnswers: 'changed' });
		// the first GET (the re-run check) passes, the one after the PUT is refused
		suite.sim.faults.add({
			kind: 'status',
			status: 400,
			message: 'Temporarily unavailable',
			method: 'GET',
			path: `/api/teams-api/${sales.id}`,
			skip: 1,
			count: 1,
		});

		const result = await rename(sales.id, credentials);

		expect(result.error?.message).toBe(
			`QRTRAC answered success to Rename Team (PUT /teams-api/{id}), but the record could not be read afterwards to confirm the change`,
		);
		const description = String((result.error as { description?: string }).description);
		expect(description).toMatch(/^The change was sent and answered success;/);
		expect(description).toContain('Temporarily unavailable');
		expect(suite.sim.state.team(sales.id)?.name).toBe('Sales EMEA');
	});

	it("answered with another team's record: the asked team is read, and only it is output", async () => {
		const { org, credentials } = newOrganization();
		const sales = suite.sim.state.createTeam(org.id, 'Sales');
		const other = suite.sim.state.createTeam(org.id, 'Sales EMEA');
		suite.sim.faults.add({
			kind: 'status',
			method: 'PUT',
			path: `/api/teams-api/${sales.id}`,
			status: 200,
			body: JSON.stringify({ success: true, data: { id: other.id, name: 'Sales EMEA' } }),
			contentType: 'application/json',
			afterWrite: true,
			count: 1,
		});

		const result = await rename(sales.id, credentials);

		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => [item.json.id, item.json.name, item.json.result])).toEqual([
			[sales.id, 'Sales EMEA', 'updated'],
		]);
		expect(requests().at(-1)).toBe(`GET /api/teams-api/${sales.id}`);
	});
});
