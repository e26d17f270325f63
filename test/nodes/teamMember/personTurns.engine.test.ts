/**
 * Rows of one person (e-mail without case) follow each other whatever their team (teamMember/personTurns.ts), in
 * every node version; other people's rows are still sent at once.
 */
import { runNode } from '../../support/n8nHarness';
import { memberRuns } from '../../support/memberRuns';
import { useSimulator } from '../../support/simulatorSuite';
import { byId as teamRef, organizations } from '../../support/organizations';

const suite = useSimulator({ seed: false });
const newOrganization = organizations(suite, 'turns.example').withTwoTeams;
const { writes } = memberRuns(suite);

const addParams = {
	resource: 'teamMember',
	operation: 'add',
	teamId: teamRef('={{ $json.team }}'),
	name: 'Someone',
	email: '={{ $json.email }}',
	role: 'viewer',
};

it('Pause of one person in two teams: the second pause starts after the first answered', async () => {
	const { main, sales, credentials } = newOrganization();
	const email = 'pat@turns.example';
	suite.sim.state.addMember(main.id, { name: 'Pat', email, role: 'editor' });
	suite.sim.state.addMember(sales.id, { name: 'Pat', email, role: 'editor' });
	suite.sim.state.acceptInvite(email);
	suite.sim.faults.add({
		kind: 'stall',
		method: 'PUT',
		path: `/api/teams-api/${main.id}/members`,
		delayMs: 300,
		count: 1,
	});
	suite.sim.clearRequestLog();
	const result = await runNode({
		nodeType: 'qrtrac',
		parameters: {
			resource: 'teamMember',
			operation: 'pause',
			teamId: teamRef('={{ $json.team }}'),
			email: '={{ $json.email }}',
		},
		items: [
			{ team: main.id, email },
			{ team: sales.id, email: 'PAT@turns.example' },
		],
		credentials,
		continueOnFail: true,
	});
	const [first, second] = writes();
	expect(second.startedAt).toBeGreaterThanOrEqual(first.endedAt!);
	// the second is her last active team: refused, not both paused
	expect(result.items[0].json.result).toBe('paused');
	expect(result.items[1].json.error).toBeDefined();
});

it('Continue On Fail: a refused first add of a person does not hold up her next team or other people; order kept', async () => {
	const { main, sales, credentials } = newOrganization();
	suite.sim.faults.add({
		kind: 'status',
		status: 400,
		message: 'nope',
		method: 'PUT',
		path: `/api/teams-api/${main.id}/members`,
		count: 1,
	});
	const result = await runNode({
		nodeType: 'qrtrac',
		parameters: addParams,
		items: [
			{ team: main.id, email: 'p@turns.example' },
			{ team: sales.id, email: 'p@turns.example' },
			{ team: main.id, email: 'q@turns.example' },
			{ team: main.id, email: 'p@turns.example' },
		],
		credentials,
		continueOnFail: true,
	});
	expect(result.items.map((i) => i.pairedItem)).toEqual([
		{ item: 0 },
		{ item: 1 },
		{ item: 2 },
		{ item: 3 },
	]);
	expect(result.items[0].json.error).toBeDefined();
	expect(result.items.slice(1).map((i) => i.json.result)).toEqual(['added', 'added', 'added']);
});

it('Continue On Fail off: after the first row fails, a held row of the person in another team sends nothing', async () => {
	const { main, sales, credentials } = newOrganization();
	suite.sim.faults.add({
		kind: 'status',
		status: 400,
		message: 'nope',
		method: 'PUT',
		path: `/api/teams-api/${main.id}/members`,
		count: 1,
	});
	suite.sim.clearRequestLog();
	const result = await runNode({
		nodeType: 'qrtrac',
		parameters: addParams,
		items: [
			{ team: main.id, email: 'p@turns.example' },
			{ team: sales.id, email: 'p@turns.example' },
		],
		credentials,
	});
	const log = suite.sim.requestLog.map((entry) => `${entry.method} ${entry.path}`);
	expect(result.error).toBeDefined();
	expect(log.filter((line) => line.includes(sales.id))).toEqual([]);
});

it('many different people in one team are still sent at once', async () => {
	const { main, credentials } = newOrganization();
	suite.sim.faults.add({
		kind: 'stall',
		method: 'PUT',
		path: `/api/teams-api/${main.id}/members`,
		delayMs: 300,
		count: 10,
	});
	suite.sim.clearRequestLog();
	const result = await runNode({
		nodeType: 'qrtrac',
		parameters: addParams,
		items: Array.from({ length: 10 }, (_, i) => ({ team: main.id, email: `n${i}@turns.example` })),
		credentials,
	});
	expect(result.error).toBeUndefined();
	const w = writes();
	const overlapping = w.filter((x) => x.startedAt < w[0].endedAt!).length;
	expect(overlapping).toBeGreaterThan(1);
});

it('Pause saved with version 1.1, one person in two teams: the second pause starts after the first answered, as in 1.2', async () => {
	const { main, sales, credentials } = newOrganization();
	const email = 'old@turns.example';
	suite.sim.state.addMember(main.id, { name: 'Old', email, role: 'editor' });
	suite.sim.state.addMember(sales.id, { name: 'Old', email, role: 'editor' });
	suite.sim.state.acceptInvite(email);
	suite.sim.faults.add({
		kind: 'stall',
		method: 'PUT',
		path: `/api/teams-api/${main.id}/members`,
		delayMs: 300,
		count: 1,
	});
	suite.sim.clearRequestLog();
	const result = await runNode({
		nodeType: 'qrtrac',
		typeVersion: 1.1,
		parameters: {
			resource: 'teamMember',
			operation: 'pause',
			teamId: teamRef('={{ $json.team }}'),
			email: '={{ $json.email }}',
		},
		items: [
			{ team: main.id, email },
			{ team: sales.id, email },
		],
		credentials,
		continueOnFail: true,
	});
	const [first, second] = writes();
	expect(second.startedAt).toBeGreaterThanOrEqual(first.endedAt!);
	// the first pause went through; the second is her last active team: refused
	expect(result.items[0].json.result).toBe('paused');
	expect(result.items[1].json.error).toBeDefined();
});
