/**
 * Rows of one person (e-mail without case) follow each other whatever their team (teamMember/personTurns.ts), in
 * every node version; other people's rows are still sent at once.
 */
import { memberRuns, pauseEachRow } from '../../support/memberRuns';
import { useSimulator } from '../../support/simulatorSuite';
import { byId as teamRef, organizations } from '../../support/organizations';

const suite = useSimulator({ seed: false });
const newOrganization = organizations(suite, 'turns.example').withTwoTeams;
const { run, runRows, writes, holdMemberWrites, refuseMemberWriteOnce } = memberRuns(suite);

const addParams = {
	resource: 'teamMember',
	operation: 'add',
	teamId: teamRef('={{ $json.team }}'),
	name: 'Someone',
	email: '={{ $json.email }}',
	role: 'viewer',
};

/**
 * A new organization where `email` is an editor of Main and Sales (invite accepted), and the first write of Main's
 * members is answered 300 ms late; the request log is cleared.
 */
function editorOfBothTeams(name: string, email: string) {
	const organization = newOrganization();
	const { main, sales } = organization;
	suite.sim.state.addMember(main.id, { name, email, role: 'editor' });
	suite.sim.state.addMember(sales.id, { name, email, role: 'editor' });
	suite.sim.state.acceptInvite(email);
	holdMemberWrites(main.id, 1);
	suite.sim.clearRequestLog();
	return organization;
}

it('Pause of one person in two teams: the second pause starts after the first answered', async () => {
	const email = 'pat@turns.example';
	const { main, sales, credentials } = editorOfBothTeams('Pat', email);
	const result = await runRows(credentials, pauseEachRow, [
		{ team: main.id, email },
		{ team: sales.id, email: 'PAT@turns.example' },
	]);
	const [first, second] = writes();
	expect(second.startedAt).toBeGreaterThanOrEqual(first.endedAt!);
	// the second is her last active team: refused, not both paused
	expect(result.items[0].json.result).toBe('paused');
	expect(result.items[1].json.error).toBeDefined();
});

it('Continue On Fail: a refused first add of a person does not hold up her next team or other people; order kept', async () => {
	const { main, sales, credentials } = newOrganization();
	refuseMemberWriteOnce(main.id);
	const result = await runRows(credentials, addParams, [
		{ team: main.id, email: 'p@turns.example' },
		{ team: sales.id, email: 'p@turns.example' },
		{ team: main.id, email: 'q@turns.example' },
		{ team: main.id, email: 'p@turns.example' },
	]);
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
	refuseMemberWriteOnce(main.id);
	suite.sim.clearRequestLog();
	const result = await run(credentials, addParams, [
		{ team: main.id, email: 'p@turns.example' },
		{ team: sales.id, email: 'p@turns.example' },
	]);
	const log = suite.sim.requestLog.map((entry) => `${entry.method} ${entry.path}`);
	expect(result.error).toBeDefined();
	expect(log.filter((line) => line.includes(sales.id))).toEqual([]);
});

it('many different people in one team are still sent at once', async () => {
	const { main, credentials } = newOrganization();
	holdMemberWrites(main.id, 10);
	suite.sim.clearRequestLog();
	const result = await run(
		credentials,
		addParams,
		Array.from({ length: 10 }, (_, i) => ({ team: main.id, email: `n${i}@turns.example` })),
	);
	expect(result.error).toBeUndefined();
	const w = writes();
	const overlapping = w.filter((x) => x.startedAt < w[0].endedAt!).length;
	expect(overlapping).toBeGreaterThan(1);
});

it('Pause saved with version 1.1, one person in two teams: the second pause starts after the first answered, as in 1.2', async () => {
	const email = 'old@turns.example';
	const { main, sales, credentials } = editorOfBothTeams('Old', email);
	const result = await runRows(
		credentials,
		pauseEachRow,
		[
			{ team: main.id, email },
			{ team: sales.id, email },
		],
		1.1,
	);
	const [first, second] = writes();
	expect(second.startedAt).toBeGreaterThanOrEqual(first.endedAt!);
	// the first pause went through; the second is her last active team: refused
	expect(result.items[0].json.result).toBe('paused');
	expect(result.items[1].json.error).toBeDefined();
});
