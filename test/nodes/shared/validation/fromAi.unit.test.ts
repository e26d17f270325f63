/**
 * The node as an AI agent's tool reads `$fromAI` in its parameters as n8n 2.41.1 does (n8n-workflow
 * from-ai-parse-utils `/\$fromAI\s*\(/i`, and `$fromai` / `$fromAi` in the data proxy): any case, spaces before
 * the bracket. A Team (Override) the model left empty is the model choosing none, and a refused value names the
 * model's argument, however the call is spelt; one the model left out is said missing, no expression named.
 */
import type { IDataObject, INode, INodeExecutionData, INodeParameters } from 'n8n-workflow';
import { z } from 'zod';

import { NODE_VERSIONS } from '../../../../nodes/Qrtrac/descriptions/layoutVersions';
import { Qrtrac } from '../../../../nodes/Qrtrac/Qrtrac.node';
import { checkItem, refuseItem } from '../../../../nodes/shared/validation';
import { serviceAnswer } from '../../../support/actionRequests';
import { fakeContext } from '../../../support/fakeContext';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

const TOOL = 'n8n-nodes-qrtrac.qrtracTool';

/**
 * Runs the tool once: the node holds `stored` (its `$fromAI` expressions as written), n8n hands the operation
 * `resolved` (what the model's arguments made of them).
 */
async function runTool(stored: IDataObject, resolved: IDataObject) {
	const { ctx, sent } = fakeContext({
		parameters: resolved,
		typeVersion: NODE_VERSIONS[NODE_VERSIONS.length - 1],
		nodeType: TOOL,
		answers: serviceAnswer,
	});
	const node = ctx.getNode();
	ctx.getNode = () => ({ ...node, parameters: stored as INodeParameters });
	const run = await new Qrtrac().execute.call(ctx).then(
		(output: INodeExecutionData[][]) => ({ output, error: undefined }),
		(error: Error) => ({ output: undefined, error }),
	);
	return { ...run, sent };
}

const create = { resource: 'qrCode', operation: 'create', qrType: 'WEB' };

describe.each([
	["$fromAI('Team__Override_', ``, 'string')"],
	["$fromai('Team__Override_', ``, 'string')"],
	["$fromAi('Team__Override_', ``, 'string')"],
	["$fromAI ( 'Team__Override_', ``, 'string')"],
])('Team (Override) %s left empty by the model', (call) => {
	it("is no override: the code is created in the credential's team", async () => {
		const override = (value: string) => ({ __rl: true, mode: 'id', value });
		const run = await runTool(
			{
				...create,
				qrRedirectUrl: 'https://example.com/a',
				options: {
					teamOverride: override(`={{ /*n8n-auto-generated-fromAI-override*/ ${call} }}`),
				},
			},
			{
				...create,
				qrRedirectUrl: 'https://example.com/a',
				options: { teamOverride: override('') },
			},
		);

		expect(run.error).toBeUndefined();
		expect(
			run.sent.map((request) => [request.method, request.headers['x-request-team-id']]),
		).toEqual([['POST', 'team_1']]);
	});
});

it.each([
	["$fromAI('Redirect_URL', ``, 'string')"],
	["$fromai('Redirect_URL', ``, 'string')"],
	["$fromAI ( 'Redirect_URL', ``, 'string')"],
])('a refused value the model gave through %s names its argument', async (call) => {
	const run = await runTool(
		{ ...create, qrRedirectUrl: `={{ ${call} }}` },
		{ ...create, qrRedirectUrl: 'example.com/no-scheme' },
	);

	expect(run.error?.message).toMatch(/^"Redirect URL" \(the "Redirect_URL" argument\) /);
	expect(run.sent).toEqual([]);
});

const getCode = { resource: 'qrCode', operation: 'get' };
const codeLocator = (value: unknown) => ({ __rl: true, mode: 'id', value });

it.each([
	['an ID with a slash', 'qr/1', 'must not contain / \\ ? # % or spaces'],
	['a list', ['qr_1', 'qr_2'], 'must be text'],
	['true', true, 'must be text'],
])(
	'a QR Code the model gave as %s is refused by the ID rule, naming its argument',
	async (_case, value, rule) => {
		const run = await runTool(
			{ ...getCode, qrCodeId: codeLocator("={{ $fromAI('QR_Code', ``, 'string') }}") },
			{ ...getCode, qrCodeId: codeLocator(value) },
		);

		expect(run.error?.message).toBe(`"QR Code" (the "QR_Code" argument) ${rule}`);
		expect(run.sent).toEqual([]);
	},
);

const addToTeams = {
	resource: 'teamMember',
	operation: 'addToTeams',
	name: 'Bob',
	email: 'b@example.com',
	teamsSource: 'json',
};
const teamsFromAi = { ...addToTeams, teamsJson: "={{ $fromAI('Teams__JSON_', ``, 'string') }}" };

it.each([
	[
		'no valid JSON',
		'[{"teamId": "team_1", "role": "viewer"',
		'"Teams (JSON)"',
		'is not valid JSON',
	],
	['blank', ' ', '"Teams (JSON)"', 'must list at least one team'],
	['an empty list', '[]', '"Teams (JSON)"', 'must list at least one team'],
	[
		'a row with a role no one can be given',
		'[{"teamId": "team_1", "role": "owner"}]',
		'"Role" (row 1)',
		'must be one of "admin", "editor", "viewer"',
	],
	[
		'a row without a team',
		'[{"teamId": "", "role": "viewer"}]',
		'"Team Name or ID" (row 1)',
		'must not be empty',
	],
	// an agent's own name for the key (team_id, id): told the key to write, not that the team is empty
	[
		'a row naming its team under another key',
		'[{"teamId": "team_1", "role": "editor"}, {"team_id": "team_2", "role": "viewer"}]',
		'"Team Name or ID" (row 2)',
		'is missing: the row has no "teamId" key (its keys: team_id, role); write each team as {"teamId": "<the team\'s id>", "role": "viewer"}',
	],
	[
		'a list of team IDs without roles',
		'["team_1"]',
		'"Teams (JSON)"',
		'row 1 must be an object {"teamId": "<the team\'s id>", "role": "viewer"}',
	],
])(
	'Teams (JSON) the model gave as %s names its argument, even for a field inside a row',
	async (_case, teamsJson, field, rule) => {
		const run = await runTool(teamsFromAi, { ...addToTeams, teamsJson });

		expect(run.error?.message).toContain(`${field} (the "Teams__JSON_" argument) ${rule}`);
		expect(run.sent).toHaveLength(0);
	},
);

it('an argument the model left out is said missing, without the words of an expression the model never wrote', () => {
	const title = z.object({ title: z.string().describe('Title') });
	const node = (type: string, parameters: IDataObject) =>
		({ name: 'QRTRAC', type, typeVersion: 1.2, position: [0, 0], parameters }) as unknown as INode;
	const refusal = (type: string, parameters: IDataObject) =>
		refuseItem(node(type, parameters), checkItem(title, {}).issues!, 0).message;

	expect(refusal(TOOL, { title: "={{ $fromAI('title', 'The title', 'string') }}" })).toBe(
		'"Title" (the "title" argument) is missing',
	);
	// an expression the workflow's author wrote, on the tool or the node, keeps its words
	expect(refusal(TOOL, { title: '={{ $json.title }}' })).toBe(
		'"Title" is missing (an expression that gave no value)',
	);
	expect(refusal('n8n-nodes-qrtrac.qrtrac', { title: '={{ $json.title }}' })).toBe(
		'Item 0: "Title" is missing (an expression that gave no value)',
	);
});

describe('a number the model gave that is refused is told in words for the model, naming no sheet it has not got', () => {
	const updateTitle = {
		resource: 'qrCode',
		operation: 'updateTitle',
		qrCodeId: codeLocator('qr_1'),
	};
	const titleFromAi = { ...updateTitle, title: "={{ $fromAI('title', ``, 'number') }}" };

	it.each([
		[0.1 + 0.2, 'got a number past 15 significant digits (0.30000000000000004): give it as text'],
		[1e21, 'got a number written with an exponent (1e+21): give it as text'],
		[NaN, 'got NaN, which is no number: give text or a number'],
	])('Title %p', async (title, rule) => {
		const run = await runTool(titleFromAi, { ...updateTitle, title });

		expect(run.error?.message).toBe(`"Title" (the "title" argument) ${rule}`);
		expect(run.sent).toEqual([]);
	});

	it('an entry of a list: Tags [2026, 0.30000000000000004]', async () => {
		const updateTags = {
			resource: 'qrCode',
			operation: 'updateTags',
			qrCodeId: codeLocator('qr_1'),
		};
		const run = await runTool(
			{ ...updateTags, mode: 'add', tags: "={{ $fromAI('tags', ``, 'json') }}" },
			{ ...updateTags, mode: 'add', tags: [2026, 0.1 + 0.2] },
		);

		expect(run.error?.message).toBe(
			'"Tags" (the "tags" argument) got a number past 15 significant digits (0.30000000000000004): give it as text',
		);
		expect(run.sent).toEqual([]);
	});

	it('while the node tells people of the sheet (Title 0.30000000000000004, an expression of the workflow)', async () => {
		const run = await runTool(
			{ ...updateTitle, title: '={{ $json.price }}' },
			{ ...updateTitle, title: 0.1 + 0.2 },
		);

		expect(run.error?.message).toBe(
			'"Title" got a number past 15 significant digits (0.30000000000000004), not what the sheet shows: round it or give it as text',
		);
	});
});

it('a list entry the model gave as a number no sheet shows is numbered, in the words for the model (QR Code IDs)', async () => {
	const scans = {
		resource: 'analytics',
		operation: 'getScansForCodes',
		codeSelection: 'list',
		timeRange: 'last24Hours',
	};
	const run = await runTool(
		{ ...scans, qrCodeIds: "={{ $fromAI('ids', ``, 'json') }}" },
		{ ...scans, qrCodeIds: ['qr_1', 1e21] },
	);

	expect(run.error?.message).toBe(
		'"QR Code IDs" (the "ids" argument) entry 2 got a number written with an exponent (1e+21): give it as text',
	);
	expect(run.sent).toEqual([]);
});
