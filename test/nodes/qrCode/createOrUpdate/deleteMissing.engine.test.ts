/**
 * Create or Update's Delete Missing against how n8n hands rows to a node: through n8n-core's WorkflowExecute
 * with the node's own settings, against the simulator. Delete Missing takes the rows it gets for the whole sheet,
 * so a setting that hands it part of the sheet must stop it before anything is sent.
 */
import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeType } from 'n8n-workflow';

import { executeWorkflow } from '../../../support/harness/executeWorkflow';
import { sheet, type SheetRow as Row } from '../../../support/sheetRows';
import { useSimulator } from '../../../support/simulatorSuite';
import { deleteMissingTeams, syncNode } from './deleteMissingNodes';

const suite = useSimulator();
const teamWith = deleteMissingTeams(suite, 'Delete Missing team');

async function runSync(teamId: string, rows: Row[], settings: Record<string, unknown> = {}) {
	const { run } = await executeWorkflow(
		{ nodes: [syncNode(teamId, settings)], connections: {} },
		{ credentials: suite.credentials },
		{ node: 'Sync', items: rows.map((json) => ({ json: { ...json } })) },
	);
	const task = run.data.resultData.runData.Sync?.[0];
	return {
		error: task?.error ?? run.data.resultData.error,
		items: (task?.data?.main?.[0] ?? []).map((item) => item.json),
	};
}

describe('Delete Missing and how n8n hands the rows over', () => {
	it('is refused under Execute Once, which hands the node the first row only: nothing sent, nothing deleted', async () => {
		const rows = sheet(3, 'once');
		const teamId = teamWith(rows);

		const result = await runSync(teamId, rows, { executeOnce: true });

		expect(result.error?.message).toBe(
			'"Delete Missing" cannot run with Execute Once: the node gets only the first row, not the whole sheet',
		);
		expect(suite.sim.requestLog).toHaveLength(0);
		expect(suite.sim.state.liveQrsOfTeam(teamId)).toHaveLength(3);
	});

	it('runs as usual without Execute Once: the whole sheet is the rows, nothing deleted', async () => {
		const rows = sheet(3, 'whole');
		const teamId = teamWith(rows);

		const result = await runSync(teamId, rows);

		expect(result.error).toBeUndefined();
		expect(result.items.map((json) => json.result)).toEqual([
			'unchanged',
			'unchanged',
			'unchanged',
		]);
		expect(suite.sim.state.liveQrsOfTeam(teamId)).toHaveLength(3);
	});
});

const SHEET_PART_TYPE = 'harness.sheetPart';

/** A node handing over the rows `parts` names for it, as a Google Sheets or Split Out node would. */
function sheetPart(parts: Record<string, IDataObject[]>): INodeType {
	return {
		description: {
			displayName: 'Sheet Part',
			name: 'sheetPart',
			group: ['transform'],
			version: 1,
			description: 'Hands over some rows of a sheet',
			defaults: { name: 'Sheet Part' },
			inputs: ['main'],
			outputs: ['main'],
			properties: [],
		},
		async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
			return [parts[this.getNode().name].map((json) => ({ json: { ...json } }))];
		},
	};
}

function partNode(name: string, x: number) {
	return {
		id: name,
		name,
		type: SHEET_PART_TYPE,
		typeVersion: 1,
		position: [x, 0] as [number, number],
		parameters: {},
	};
}

/**
 * Runs a workflow of Sheet Part nodes and the sync, wired by `edges` ([from, to], `to` may be 'Sync'), each part
 * node handing over its rows in `parts`; returns the sync's runs.
 */
async function runFed(
	teamId: string,
	edges: Array<[string, string]>,
	parts: Record<string, Array<Row | Record<string, never>>>,
) {
	const names = Object.keys(parts);
	const connections: Record<
		string,
		{ main: Array<Array<{ node: string; type: 'main'; index: 0 }>> }
	> = {};
	for (const [from, to] of edges) {
		connections[from] ??= { main: [[]] };
		connections[from].main[0].push({ node: to, type: 'main', index: 0 });
	}
	const { run } = await executeWorkflow(
		{
			nodes: [...names.map((name, index) => partNode(name, -400 + 200 * index)), syncNode(teamId)],
			connections,
		},
		{
			credentials: suite.credentials,
			standIns: { [SHEET_PART_TYPE]: sheetPart(parts as unknown as Record<string, IDataObject[]>) },
		},
	);
	return run.data.resultData.runData.Sync ?? [];
}

/** Sheet -> Rows -> the sync over a team holding exactly the rows' codes: the sync's runs and the team. */
async function runChain(prefix: string) {
	const rows = sheet(3, prefix);
	const teamId = teamWith(rows);
	const tasks = await runFed(
		teamId,
		[
			['Sheet', 'Rows'],
			['Rows', 'Sync'],
		],
		{ Sheet: [{}], Rows: rows },
	);
	return { tasks, teamId };
}

describe('Delete Missing fed by several nodes', () => {
	it('is refused when two nodes feed the sync, which n8n runs once per node: nothing sent, nothing deleted', async () => {
		const rows = sheet(4, 'branches');
		const teamId = teamWith(rows);
		const tasks = await runFed(
			teamId,
			[
				['Sheet', 'Part A'],
				['Sheet', 'Part B'],
				['Part A', 'Sync'],
				['Part B', 'Sync'],
			],
			{ Sheet: [{}], 'Part A': rows.slice(0, 2), 'Part B': rows.slice(2) },
		);

		expect(tasks[0]?.error?.message).toBe(
			'"Delete Missing" cannot run on rows from several nodes: n8n runs this node once per node that feeds it (Part A, Part B)',
		);
		expect(suite.sim.requestLog).toHaveLength(0);
		expect(suite.sim.state.liveQrsOfTeam(teamId)).toHaveLength(4);
	});

	it('runs as usual after a chain of nodes, each feeding the next: one run over the whole sheet', async () => {
		const { tasks, teamId } = await runChain('chain');

		expect(tasks.map((task) => task.error)).toEqual([undefined]);
		expect((tasks[0].data?.main?.[0] ?? []).map((item) => item.json.result)).toEqual([
			'unchanged',
			'unchanged',
			'unchanged',
		]);
		expect(suite.sim.state.liveQrsOfTeam(teamId)).toHaveLength(3);
	});

	it('is refused when one node feeds the sync both directly and through another node', async () => {
		const rows = sheet(4, 'twice');
		const teamId = teamWith(rows);
		const tasks = await runFed(
			teamId,
			[
				['Sheet', 'Sync'],
				['Sheet', 'Part B'],
				['Part B', 'Sync'],
			],
			{ Sheet: rows.slice(0, 2), 'Part B': rows.slice(2) },
		);

		expect(tasks[0]?.error?.message).toBe(
			'"Delete Missing" cannot run on rows from several nodes: n8n runs this node once per node that feeds it (Part B, Sheet)',
		);
		expect(suite.sim.requestLog).toHaveLength(0);
		expect(suite.sim.state.liveQrsOfTeam(teamId)).toHaveLength(4);
	});
});

describe('Delete Missing on an n8n whose getParentNodes ignores depth (n8n-core before 1.114)', () => {
	// n8n-core up to 1.112 defines getParentNodes(nodeName) alone: every node before this one, whatever is asked
	const { NodeExecutionContext } =
		require('n8n-core/dist/execution-engine/node-execution-context/node-execution-context') as {
			NodeExecutionContext: { prototype: { getParentNodes: unknown } };
		};
	const current = NodeExecutionContext.prototype.getParentNodes;
	beforeAll(() => {
		NodeExecutionContext.prototype.getParentNodes = function (
			this: {
				workflow: {
					getParentNodes(name: string): string[];
					nodes: Record<string, { name: string; type: string; typeVersion: number }>;
				};
			},
			nodeName: string,
		) {
			return this.workflow.getParentNodes(nodeName).map((parent) => {
				const node = this.workflow.nodes[parent];
				return { name: node.name, type: node.type, typeVersion: node.typeVersion, disabled: false };
			});
		};
	});
	afterAll(() => {
		NodeExecutionContext.prototype.getParentNodes = current;
	});

	it('runs after a chain of nodes as before: no refusal it cannot back', async () => {
		const { tasks, teamId } = await runChain('old-chain');

		expect(tasks.map((task) => task.error)).toEqual([undefined]);
		expect(suite.sim.state.liveQrsOfTeam(teamId)).toHaveLength(3);
	});
});

const PAGER_TYPE = 'harness.pager';

/**
 * A node handing over the next page of a sheet each time it runs (and nothing once the pages are done), as a
 * paginated HTTP Request in a loop built of n8n's own nodes (an IF leading back) would, without Loop Over Items.
 */
function pager(pages: Row[][]): INodeType {
	return {
		description: {
			displayName: 'Pager',
			name: 'pager',
			group: ['transform'],
			version: 1,
			description: 'Hands over the next page of a sheet',
			defaults: { name: 'Pager' },
			inputs: ['main'],
			outputs: ['main'],
			properties: [],
		},
		async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
			const context = this.getContext('node');
			const page = (context.page as number | undefined) ?? 0;
			context.page = page + 1;
			return [(pages[page] ?? []).map((json) => ({ json: { ...json } }))];
		},
	};
}

describe('Delete Missing in a loop made without Loop Over Items', () => {
	it('is refused when the sync leads back to the node feeding it, which n8n runs once per page: nothing deleted', async () => {
		const rows = sheet(4, 'paged');
		const teamId = teamWith(rows);
		const { run } = await executeWorkflow(
			{
				nodes: [
					partNode('Sheet', -400),
					{ ...partNode('Pager', -200), type: PAGER_TYPE },
					syncNode(teamId),
				],
				connections: {
					Sheet: { main: [[{ node: 'Pager', type: 'main', index: 0 }]] },
					Pager: { main: [[{ node: 'Sync', type: 'main', index: 0 }]] },
					Sync: { main: [[{ node: 'Pager', type: 'main', index: 0 }]] },
				},
			},
			{
				credentials: suite.credentials,
				standIns: {
					[SHEET_PART_TYPE]: sheetPart({ Sheet: [{}] }),
					[PAGER_TYPE]: pager([rows.slice(0, 2), rows.slice(2)]),
				},
			},
		);
		const tasks = run.data.resultData.runData.Sync ?? [];

		expect(tasks[0]?.error?.message).toBe(
			'"Delete Missing" cannot run inside a loop: each run of the node would look like the whole sheet',
		);
		expect(tasks[0]?.error?.description).toContain(
			'This node leads back to "Pager", which feeds it',
		);
		expect(suite.sim.requestLog).toHaveLength(0);
		expect(suite.sim.state.liveQrsOfTeam(teamId)).toHaveLength(4);
	});
});

describe('Delete Missing Tag given as a number, as the rows give their tags', () => {
	it('takes a year a row gives (2026) as the tag "2026", as Tags takes it', async () => {
		const orgId = suite.sim.state.teams.get(suite.credentials.teamId!)!.orgId;
		const teamId = suite.sim.state.createTeam(orgId, 'Year tags').id;
		const gone = suite.sim.state.createQr(teamId, {
			displayId: 'year-gone',
			qrType: 'WEB',
			qrRedirectUrl: 'https://example.com/gone',
			tags: ['2026'],
		});
		const node = syncNode(teamId);
		node.parameters.additionalFields = { tags: '={{ $json.year }}' };
		node.parameters.options = {
			teamOverride: teamId,
			deleteMissing: true,
			deleteMissingTag: '={{ $json.year }}',
		};

		const { run } = await executeWorkflow(
			{ nodes: [node], connections: {} },
			{ credentials: suite.credentials },
			{
				node: 'Sync',
				items: [{ json: { ...sheet(1, 'year')[0], year: 2026 } }],
			},
		);
		const task = run.data.resultData.runData.Sync?.[0];

		expect(task?.error?.message).toBeUndefined();
		expect((task?.data?.main?.[0] ?? []).map((item) => item.json.result)).toEqual([
			'created',
			'deleted',
		]);
		expect(suite.sim.state.getQr(gone.id)?.deleted).toBe(true);
		expect(suite.sim.state.liveQrsOfTeam(teamId).map((code) => code.tags)).toEqual([['2026']]);
	});
});
