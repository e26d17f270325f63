/**
 * The Trigger's Team is an ID sent as the `x-request-team-id` header: a value an expression gives that is no team ID
 * (a list, an object, an ID with a separator) fails the poll naming the field, before any request; a list is never
 * watched as its text ("team_a,team_b"). A picker saved without `__rl` is still a picker.
 */
import { pollTrigger } from '../../support/n8nHarness';
import { organizations } from '../../support/organizations';
import { useSimulator } from '../../support/simulatorSuite';
import { polling } from '../../support/triggerRuns';

const suite = useSimulator();
const byId = (value: string) => ({ __rl: true, mode: 'id', value });
const newOrganization = organizations(suite, 'trigger-team.example').withTeam;

it.each([
	['a list', '={{ ["team_a", "team_b"] }}', '"Team" must be text'],
	['an object', '={{ { "id": "team_a" } }}', '"Team" must be text'],
	['an ID with a slash', 'team_a/x', '"Team" must not contain / \\ ? # % or spaces'],
])(
	'a Team given as %s fails the poll naming the field, nothing read',
	async (_case, value, message) => {
		const { credentials } = newOrganization();
		const watcher = polling(credentials, { team: byId(value) });

		await expect(watcher.poll()).rejects.toMatchObject({ message });
		expect(suite.sim.requestLog).toEqual([]);
	},
);

it('a Team an expression gives as a number no sheet shows fails saying why, with the hint of the Team', async () => {
	const { credentials } = newOrganization();
	const watcher = polling(credentials, { team: byId('={{ parseInt("") }}') });

	const failed = await watcher.poll().then(
		() => undefined,
		(error: Error & { description?: string }) => error,
	);
	expect(failed?.message).toBe(
		'"Team" got NaN, a number no sheet shows (parseInt of an empty cell, or Number of text that is no number?): give text or a number',
	);
	expect(failed?.description).toBe(
		"It is NaN. Pick the team From List, give its ID, or leave the field empty to watch the credential's team. Nothing was read from QRTRAC.",
	);
	expect(suite.sim.requestLog).toEqual([]);
});

it('a Team an expression gives as text is watched', async () => {
	const { org, credentials } = newOrganization();
	const team = suite.sim.state.createTeam(org.id, 'Numbered');
	const watcher = polling(credentials, { team: byId(`={{ ${JSON.stringify(team.id)} }}`) });

	await watcher.poll();
	const teams = suite.sim.requestLog.map((entry) => entry.headers?.['x-request-team-id']);
	expect(new Set(teams)).toEqual(new Set([team.id]));
});

it('a Team saved without __rl ({mode, value}, a workflow written by hand or through the API) is watched', async () => {
	const { org, credentials } = newOrganization();
	const team = suite.sim.state.createTeam(org.id, 'Unmarked');
	const watcher = polling(credentials, { team: { mode: 'id', value: team.id } });

	await watcher.poll();
	const teams = suite.sim.requestLog.map((entry) => entry.headers?.['x-request-team-id']);
	expect(new Set(teams)).toEqual(new Set([team.id]));
});

it('a Team Name or ID (trigger version 1, the dropdown) an expression gives as a list fails as no text, with its own hint', async () => {
	const { org, credentials } = newOrganization();
	const team = suite.sim.state.createTeam(org.id, 'Listed');
	const poll = pollTrigger({
		typeVersion: 1,
		parameters: { team: `={{ [${JSON.stringify(team.id)}] }}` },
		credentials,
		staticData: {},
		mode: 'trigger',
	});

	const error = (await poll.catch((caught: unknown) => caught)) as Error & { description?: string };

	expect(error.message).toBe('"Team Name or ID" must be text');
	// a dropdown, without the picker's From List: told to choose the team in the field
	expect(error.description).toContain(
		"Choose the team in the field, give its ID, or leave the field empty to watch the credential's team.",
	);
	expect(error.description).not.toContain('From List');
	expect(suite.sim.requestLog).toEqual([]);
});

it('a Team Name or ID (trigger version 1, the dropdown) an expression gives as {mode, value} fails as no text', async () => {
	const { org, credentials } = newOrganization();
	const team = suite.sim.state.createTeam(org.id, 'Shaped');
	const poll = pollTrigger({
		typeVersion: 1,
		parameters: { team: `={{ { mode: "list", value: ${JSON.stringify(team.id)} } }}` },
		credentials,
		staticData: {},
		mode: 'trigger',
	});

	const error = (await poll.catch((caught: unknown) => caught)) as Error;

	expect(error.message).toBe('"Team Name or ID" must be text');
	expect(suite.sim.requestLog).toEqual([]);
});

it("a Team given as a list is told the Team's own hint, not the generic one of a text field", async () => {
	const { credentials } = newOrganization();
	const watcher = polling(credentials, { team: byId('={{ ["team_a"] }}') });

	const error = (await watcher.poll().catch((caught: unknown) => caught)) as {
		description?: string;
	};

	expect(error.description).toContain(
		"Pick the team From List, give its ID, or leave the field empty to watch the credential's team.",
	);
	expect(error.description).not.toContain('Write the text, or an expression giving text.');
});
