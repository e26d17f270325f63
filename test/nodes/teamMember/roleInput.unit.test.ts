/** Roles as typed in a sheet or by an AI agent: any case, surrounding spaces (fake context, no sockets). */
import { described, runAction } from '../../support/actionRequests';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

it.each([
	[
		'changeRole',
		{ teamId: 'team_1', email: 'a@example.com', role: ' Editor ' },
		{ role: 'editor' },
	],
	[
		'add',
		{ teamId: 'team_1', name: 'Nia', email: 'nia@example.com', role: 'VIEWER' },
		{ name: 'Nia', email: 'nia@example.com', role: 'viewer' },
	],
	[
		'addToTeams',
		{
			name: 'Ann',
			email: 'a@example.com',
			teamsSource: 'json',
			teamsJson: '[{"teamId":"team_1","role":"Admin"}]',
		},
		{ name: 'Ann', email: 'a@example.com', teams: [{ teamId: 'team_1', role: 'admin' }] },
	],
])(
	'%s takes a role written in another case or with spaces (a sheet, an AI agent) and sends it lower-case',
	async (operation, parameters, body) => {
		const run = await runAction('teamMember', operation, parameters);

		expect(run.error).toBeUndefined();
		expect(run.sent.map(described).at(-1)?.body).toEqual(body);
	},
);

it("Get Many's Roles and Statuses filters take values in another case, as the role fields do", async () => {
	const run = await runAction('teamMember', 'getMany', {
		teamId: 'team_1',
		filters: { roles: ['Editor', ' viewer'], statuses: ['Active'] },
	});

	expect(run.error).toBeUndefined();
	expect(run.sent.map(described)).toHaveLength(1);
});

it.each([
	['changeRole', { teamId: 'team_1', email: 'a@example.com', role: 'Owner' }, '"Owner"'],
	['changeRole', { teamId: 'team_1', email: 'a@example.com', role: ' Manager ' }, '" Manager "'],
	['getMany', { teamId: 'team_1', filters: { roles: ['Boss'] } }, '"Boss"'],
	['getMany', { teamId: 'team_1', filters: { statuses: ['BOGUS'] } }, '"BOGUS"'],
	[
		'changeRole',
		{ teamId: 'team_1', email: 'a@example.com', role: `Chief ${'x'.repeat(300)}` },
		`"Chief ${'x'.repeat(54)}…"`,
	],
])(
	'%s refuses a role or status outside the list, quoting what was given as typed (a long one cut, the quote closed)',
	async (operation, parameters, given) => {
		const run = await runAction('teamMember', operation, parameters);

		expect(run.sent).toHaveLength(0);
		expect(run.error?.message).toMatch(/"(Role|Roles|Statuses)"/);
		expect(run.error?.message).toContain(`must be one of`);
		expect(run.error?.message).toMatch(new RegExp(`not ${escape(given)}($|[;\\n])`));
	},
);
/**
 * n8n's editor flags an options field whose expression gives a value outside its list ("The value "Editor" is not
 * supported!"), though the node takes any case; `allowArbitraryValues` is what the editor (1.123 and 2.41) reads
 * to skip that check, and the hint says what an expression may give.
 */
describe('Role fields read from an expression', () => {
	const { Qrtrac } = jest.requireActual<typeof import('../../../nodes/Qrtrac/Qrtrac.node')>(
		'../../../nodes/Qrtrac/Qrtrac.node',
	);
	type Field = import('n8n-workflow').INodeProperties;
	const nested = (field: Field): Field[] => [
		field,
		...((field.options ?? []) as Array<Field & { values?: Field[] }>).flatMap((option) =>
			option.values
				? option.values.flatMap(nested)
				: 'name' in option && 'type' in option
					? nested(option)
					: [],
		),
	];
	const roleFields = (operation: string) =>
		new Qrtrac().description.properties
			.filter(
				(property) =>
					property.displayOptions?.show?.resource?.includes('teamMember') &&
					property.displayOptions?.show?.operation?.includes(operation),
			)
			.flatMap(nested)
			.filter((field) => field.name === 'role');

	test.each(['add', 'addToTeams', 'changeRole'])(
		'%s: the Role field takes any case from an expression without an editor issue, and says so',
		(operation) => {
			const fields = roleFields(operation);
			expect(fields.length).toBeGreaterThan(0);
			for (const field of fields) {
				expect(field.type).toBe('options');
				expect(field.allowArbitraryValues).toBe(true);
				expect(field.hint).toMatch(/expression[^.]*any case/i);
			}
		},
	);
});

function escape(text: string): string {
	return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
