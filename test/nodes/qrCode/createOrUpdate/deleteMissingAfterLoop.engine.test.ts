/**
 * Delete Missing after a loop that ends before the rows are read (a status poll: ask, wait, ask
 * again until ready, then read the sheet once). n8n runs the sync once, over the whole sheet. Before: a refusal of
 * every node below a loop refused it ("cannot run inside a loop").
 */
import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeType } from 'n8n-workflow';

import { executeWorkflow } from '../../../support/harness/executeWorkflow';
import { sheet } from '../../../support/sheetRows';
import { useSimulator } from '../../../support/simulatorSuite';
import { deleteMissingTeams, syncNode } from './deleteMissingNodes';

const suite = useSimulator();

const teamWith = deleteMissingTeams(suite, 'poll loop team');

const PASS = 'harness.pass';
const POLL = 'harness.poll';
const SHEET = 'harness.sheet';

function type(
	name: string,
	outputs: number,
	run: (ctx: IExecuteFunctions) => INodeExecutionData[][],
): INodeType {
	return {
		description: {
			displayName: name,
			name,
			group: ['transform'],
			version: 1,
			description: name,
			defaults: { name },
			inputs: ['main'],
			outputs: Array(outputs).fill('main'),
			properties: [],
		},
		async execute(this: IExecuteFunctions) {
			return run(this);
		},
	};
}

/** An IF on "export ready?": not ready (output 0) the first time, ready (output 1) the second. */
const poll = type('poll', 2, (ctx) => {
	const context = ctx.getContext('node');
	const asked = ((context.asked as number | undefined) ?? 0) + 1;
	context.asked = asked;
	return asked < 2 ? [[{ json: {} }], []] : [[], [{ json: {} }]];
});
const pass = type('pass', 1, () => [[{ json: {} }]]);
const node = (name: string, t: string, x: number) => ({
	id: name,
	name,
	type: t,
	typeVersion: 1,
	position: [x, 0] as [number, number],
	parameters: {},
});

it('runs Delete Missing once over the whole sheet read after a status poll loop', async () => {
	const rows = sheet(4, 'poll-loop');
	const teamId = teamWith(rows);
	const gone = suite.sim.state.createQr(teamId, {
		displayId: 'poll-loop-gone',
		name: 'gone',
		qrType: 'WEB',
		qrRedirectUrl: 'https://example.com/gone',
		tags: ['sheet'],
	});
	const sheetType = type('sheet', 1, () => [
		rows.map((json) => ({ json: { ...json } as IDataObject })),
	]);
	const { run } = await executeWorkflow(
		{
			nodes: [
				node('Start Export', PASS, -800),
				node('Export Ready?', POLL, -600),
				node('Wait', PASS, -400),
				node('Read Sheet', SHEET, -200),
				syncNode(teamId),
			],
			connections: {
				'Start Export': { main: [[{ node: 'Export Ready?', type: 'main', index: 0 }]] },
				'Export Ready?': {
					main: [
						[{ node: 'Wait', type: 'main', index: 0 }],
						[{ node: 'Read Sheet', type: 'main', index: 0 }],
					],
				},
				Wait: { main: [[{ node: 'Export Ready?', type: 'main', index: 0 }]] },
				'Read Sheet': { main: [[{ node: 'Sync', type: 'main', index: 0 }]] },
			},
		},
		{
			credentials: suite.credentials,
			standIns: { [PASS]: pass, [POLL]: poll, [SHEET]: sheetType },
		},
	);
	const tasks = run.data.resultData.runData.Sync ?? [];

	// n8n runs the sync once, with every row
	expect(tasks).toHaveLength(1);
	expect(tasks[0]?.error?.description ?? tasks[0]?.error?.message).toBeUndefined();
	expect(suite.sim.state.liveQrsOfTeam(teamId).map((qr: { id: string }) => qr.id)).not.toContain(
		(gone as { id: string }).id,
	);
	expect(suite.sim.state.liveQrsOfTeam(teamId)).toHaveLength(4);
});
