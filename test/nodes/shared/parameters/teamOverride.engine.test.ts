/**
 * The team fields written as an expression, through n8n's engine against the simulator: `=` alone (what n8n saves
 * for a field switched to Expression and left empty) is no team, as before; the trigger's Team whose expression
 * gives nothing fails the poll instead of watching the credential's team. (Options written as one expression never
 * reach the node: n8n's Workflow replaces a collection that is not an object by `{}`.)
 */
import { QrtracTrigger } from '../../../../nodes/QrtracTrigger/QrtracTrigger.node';
import { pollTrigger, runNode } from '../../../support/n8nHarness';
import { useSimulator } from '../../../support/simulatorSuite';

const suite = useSimulator();

/** QR Code > Create of one code per item, with `options` as stored, each item's team in `team`. */
async function create(
	typeVersion: number,
	options: unknown,
	items: Array<Record<string, unknown>>,
) {
	suite.sim.clearRequestLog();
	return await runNode({
		nodeType: 'qrtrac',
		typeVersion,
		credentials: suite.credentials,
		parameters: {
			resource: 'qrCode',
			operation: 'create',
			qrType: 'WEB',
			qrRedirectUrl: '={{ $json.url }}',
			options,
		},
		items,
		continueOnFail: true,
	});
}

describe('Team (Override): an expression that gives an item no team', () => {
	it.each([
		['a team picker (1.2)', 1.2, { __rl: true, mode: 'id', value: '={{ $json.team }}' }],
		['a dropdown (1.1)', 1.1, '={{ $json.team }}'],
	])(
		"fails the item, never creating in the credential's team (%s)",
		async (_, typeVersion, teamOverride) => {
			const orgId = suite.sim.state.teams.get(suite.credentials.teamId!)!.orgId;
			const other = suite.sim.state.createTeam(orgId, `Expression team ${typeVersion}`);
			const before = suite.sim.state.listQrs(suite.credentials.teamId!).length;
			const label = typeVersion === 1.2 ? 'Team (Override)' : 'Team Override Name or ID';

			const result = await create(typeVersion as number, { teamOverride }, [
				{ url: 'https://example.com/a', team: other.id },
				{ url: 'https://example.com/b', team: '' },
				{ url: 'https://example.com/c' },
			]);

			expect(result.error).toBeUndefined();
			expect(suite.sim.state.getQr(String(result.items[0].json.id))?.teamId).toBe(other.id);
			for (const index of [1, 2]) {
				expect(result.items[index].json.error).toBe(
					`Item ${index}: "${label}" is an expression that gave no team for this item`,
				);
				expect(result.items[index].pairedItem).toEqual({ item: index });
			}
			expect(suite.sim.state.listQrs(other.id)).toHaveLength(1);
			expect(suite.sim.state.listQrs(suite.credentials.teamId!)).toHaveLength(before);
			expect(suite.sim.requestLog.filter((entry) => entry.method === 'POST')).toHaveLength(1);
		},
	);
});

/**
 * Every item given no team (one item, or all alike): n8n still stores the expression, and each item fails as
 * above, never created in the credential's team (the fake context stores it so too: fakeContext.unit.test.ts).
 */
it.each([
	['one item', [{ url: 'https://example.com/a', team: '' }]],
	[
		'two items, both empty',
		[
			{ url: 'https://example.com/a', team: '' },
			{ url: 'https://example.com/b', team: '' },
		],
	],
])(
	'Team (Override): an expression that gives every item no team fails each (%s)',
	async (_, items) => {
		const before = suite.sim.state.listQrs(suite.credentials.teamId!).length;
		const result = await create(
			1.2,
			{ teamOverride: { __rl: true, mode: 'id', value: '={{ $json.team }}' } },
			items,
		);
		expect(result.items.map((item) => item.json.error)).toEqual(
			items.map(
				(_item, index) =>
					`Item ${index}: "Team (Override)" is an expression that gave no team for this item`,
			),
		);
		expect(suite.sim.state.listQrs(suite.credentials.teamId!)).toHaveLength(before);
		expect(suite.sim.requestLog.filter((entry) => entry.method === 'POST')).toHaveLength(0);
	},
);

describe('Team (Override): an expression that gives a number no sheet shows', () => {
	it.each([
		['a team picker (1.2)', 1.2, { __rl: true, mode: 'id', value: '={{ parseInt($json.team) }}' }],
		['a dropdown (1.1)', 1.1, '={{ parseInt($json.team) }}'],
	])(
		'fails the item saying why, before any request, not as a credential QRTRAC refused (%s)',
		async (_, typeVersion, teamOverride) => {
			const label = typeVersion === 1.2 ? 'Team (Override)' : 'Team Override Name or ID';

			const result = await create(typeVersion as number, { teamOverride }, [
				{ url: 'https://example.com/n', team: '' },
			]);

			expect(result.items[0].json.error).toBe(
				`Item 0: "${label}" got NaN, a number no sheet shows (parseInt of an empty cell, or Number of text that is no number?): give text or a number`,
			);
			expect(suite.sim.requestLog).toHaveLength(0);
		},
	);
});

describe('Team (Override): an expression that gives an object', () => {
	it.each([
		['a dropdown (1.1)', 1.1, '={{ $json.team }}'],
		['a team picker (1.2)', 1.2, { __rl: true, mode: 'id', value: '={{ $json.team }}' }],
	])(
		'fails a plain {value: team} as no text, never acting in the team it names (%s)',
		async (_, typeVersion, teamOverride) => {
			const orgId = suite.sim.state.teams.get(suite.credentials.teamId!)!.orgId;
			const other = suite.sim.state.createTeam(orgId, `Object team ${typeVersion}`);
			const label = typeVersion === 1.2 ? 'Team (Override)' : 'Team Override Name or ID';

			const result = await create(typeVersion as number, { teamOverride }, [
				{ url: 'https://example.com/o', team: { value: other.id } },
			]);

			expect(result.items[0].json.error).toBe(`Item 0: "${label}" must be text`);
			expect(suite.sim.state.listQrs(other.id)).toHaveLength(0);
			expect(suite.sim.requestLog).toHaveLength(0);
		},
	);
});

/** A dropdown stores text, never a locator: an object its expression gives is a value, however it is shaped. */
describe('Team (Override) 1.1, a dropdown: an expression that gives a locator-shaped object', () => {
	it.each([
		['{mode: "id", value}', (id: string) => ({ mode: 'id', value: id })],
		['{mode: "list", value}', (id: string) => ({ mode: 'list', value: id })],
		['{__rl: true, value}', (id: string) => ({ __rl: true, value: id })],
	])('fails it as no text, never acting in the team it names (%s)', async (shape, give) => {
		const orgId = suite.sim.state.teams.get(suite.credentials.teamId!)!.orgId;
		const other = suite.sim.state.createTeam(orgId, `Shaped ${shape}`);

		const result = await create(1.1, { teamOverride: '={{ $json.team }}' }, [
			{ url: 'https://example.com/o', team: give(other.id) },
		]);

		expect(result.items[0].json.error).toBe('Item 0: "Team Override Name or ID" must be text');
		expect(suite.sim.state.listQrs(other.id)).toHaveLength(0);
		expect(suite.sim.requestLog).toHaveLength(0);
	});
});

describe('Team (Override): a field switched to Expression and left empty', () => {
	it.each([
		['a dropdown (1.1), "="', 1.1, '='],
		['a dropdown (1.1), "=" and spaces', 1.1, '=  '],
		['a team picker (1.2), "="', 1.2, { __rl: true, mode: 'id', value: '=' }],
		['a team picker (1.2), "=" and a space', 1.2, { __rl: true, mode: 'list', value: '= ' }],
	])(
		"is no override, as before: the credential's team (%s)",
		async (_, typeVersion, teamOverride) => {
			const result = await create(typeVersion as number, { teamOverride }, [
				{ url: 'https://example.com/e' },
			]);

			expect(result.error).toBeUndefined();
			expect(result.items[0].json.error).toBeUndefined();
			expect(suite.sim.state.getQr(String(result.items[0].json.id))?.teamId).toBe(
				suite.credentials.teamId,
			);
		},
	);
});

describe("QRTRAC Trigger's Team written as an expression", () => {
	async function poll(typeVersion: number, team: unknown) {
		suite.sim.clearRequestLog();
		return await pollTrigger({
			typeVersion,
			parameters: { team },
			credentials: suite.credentials,
			staticData: {},
			mode: 'trigger',
		}).then(
			() => undefined,
			(error: Error) => error,
		);
	}

	it.each([
		['a team picker (1.1)', 1.1, { __rl: true, mode: 'id', value: '={{ "" }}' }, 'Team'],
		['a dropdown (1)', 1, '={{ "" }}', 'Team Name or ID'],
	])(
		"fails the poll when the expression gives no team, never watching the credential's team (%s)",
		async (_, typeVersion, team, label) => {
			const error = await poll(typeVersion as number, team);

			expect(error?.message).toBe(`"${label}" is an expression that gave no team`);
			expect(suite.sim.requestLog).toHaveLength(0);
		},
	);

	it.each([
		['a team picker (1.1)', 1.1, { __rl: true, mode: 'id', value: '={{ $json.team }}' }, 'Team'],
		['a dropdown (1)', 1, '={{ $json.team }}', 'Team Name or ID'],
		[
			'a team picker reading $input (1.1)',
			1.1,
			{ __rl: true, mode: 'id', value: '={{ $input.first().json.team }}' },
			'Team',
		],
	])(
		'fails the poll naming the field when the expression reads $json, which a trigger does not have (%s)',
		async (_, typeVersion, team, label) => {
			const error = await poll(typeVersion as number, team);

			expect(error?.message).toBe(`"${label}" is an expression that could not be read`);
			expect((error as { description?: string })?.description).toMatch(
				/^A trigger has no input item, so \$json is empty here\. /,
			);
			expect(suite.sim.requestLog).toHaveLength(0);
		},
	);

	it("refuses an address that is not a team's on the Base URL without blaming $json, when the expression reads no item data", async () => {
		// before: every error was explained as "$json is empty here", misleading for an expression without $json
		const error = await poll(1.1, {
			__rl: true,
			mode: 'url',
			value: '={{ "https://elsewhere.example/nothing" }}',
		});

		expect(error?.message).toMatch(
			/^"Team" By URL: Not the address of a team on QRTRAC's API, such as http:\/\/127\.0\.0\.1:\d+\/api\/teams-api\/team_1234/,
		);
		expect(error?.message).not.toContain('could not be read');
		expect(JSON.stringify(error)).not.toContain('$json is empty here');
		expect(suite.sim.requestLog).toHaveLength(0);
	});

	it('says on the Team field, in every version, that an expression there cannot use $json', () => {
		const teams = new QrtracTrigger().description.properties.filter(
			(property) => property.name === 'team',
		);
		expect(teams.map((team) => team.type)).toEqual(
			expect.arrayContaining(['options', 'resourceLocator']),
		);
		for (const team of teams)
			expect(team.description).toContain(
				'A trigger has no input item: an expression here cannot use $json',
			);
	});

	it.each([
		['a team picker (1.1)', 1.1, { __rl: true, mode: 'id', value: '=' }],
		['a dropdown (1)', 1, '= '],
	])(
		'watches the credential\'s team when the field is only "=" (%s)',
		async (_, typeVersion, team) => {
			expect(await poll(typeVersion as number, team)).toBeUndefined();
			// the poll read the credential's team: every request names it in its team header, none "="
			expect(suite.sim.requestLog.length).toBeGreaterThan(0);
			expect(suite.sim.requestLog.map((entry) => entry.headers['x-request-team-id'])).toEqual(
				suite.sim.requestLog.map(() => suite.credentials.teamId),
			);
		},
	);
});
