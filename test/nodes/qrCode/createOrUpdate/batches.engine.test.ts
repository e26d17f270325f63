/**
 * Issue 27: Create or Update (sync) inside Loop Over Items, through n8n-core's WorkflowExecute against the
 * simulator. n8n-nodes-base is not installed here, so Loop Over Items is a stand-in with the real node's
 * version 3 logic (support/harness/loopOverItems.ts); the engine runs the sync once per batch within one
 * execution, as n8n does. The team is read once per execution and brought up to date per batch by one request
 * of the change feed; a capped feed forces a full read; two credentials never share what was read.
 */
import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeType } from 'n8n-workflow';

import {
	LOOP_OVER_ITEMS_TYPE,
	loopOverItems,
	moreCredentialDetails,
} from '../../../support/n8nHarness';
import { executeWorkflow } from '../../../support/harness/executeWorkflow';
import { SHEET_ROW, sheet, type SheetRow as Row } from '../../../support/sheetRows';
import { useSimulator } from '../../../support/simulatorSuite';
import type { QrRecord } from '../../../../simulator/model';
import type { LoggedRequest } from '../../../../simulator/requestLog';

jest.setTimeout(60_000);

const suite = useSimulator();
let orgId: string;
let teamCount = 0;

beforeAll(() => {
	orgId = suite.sim.state.teams.get(suite.credentials.teamId!)!.orgId;
});

const OTHER_CLIENT_TYPE = 'harness.otherClient';

/** Before each batch reaches the sync, `beforeBatch(n)` (n from 0) may change the service as another client. */
function otherClient(beforeBatch: (batch: number) => void): INodeType {
	let batch = 0;
	return {
		description: {
			displayName: 'Other Client',
			name: 'otherClient',
			group: ['transform'],
			version: 1,
			description: 'Changes QRTRAC between batches, as another client would',
			defaults: { name: 'Other Client' },
			inputs: ['main'],
			outputs: ['main'],
			properties: [],
		},
		async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
			beforeBatch(batch++);
			return [this.getInputData()];
		},
	};
}

const syncParameters = (teamId: string) => ({
	...SHEET_ROW,
	// A second sync node reads the first one's raw output, where the link is `qrRedirectUrl`.
	qrRedirectUrl: '={{ $json.url ?? $json.qrRedirectUrl }}',
	additionalFields: { tags: 'sheet' },
	simplify: false,
	options: { teamOverride: teamId },
});

function syncNode(
	name: string,
	teamId: string,
	credentialId?: string,
	onError?: 'continueRegularOutput',
) {
	return {
		id: name,
		name,
		type: 'qrtrac',
		typeVersion: 1.2,
		position: [400, 0] as [number, number],
		parameters: syncParameters(teamId),
		...(credentialId ? { credentials: { qrtracApi: moreCredentialDetails(credentialId) } } : {}),
		...(onError ? { onError } : {}),
	};
}

/** The same sync node with Delete Missing on, for the tag every sheet row carries. */
function deletingMissing<Node extends ReturnType<typeof syncNode>>(node: Node): Node {
	const { options } = node.parameters;
	return {
		...node,
		parameters: {
			...node.parameters,
			options: { ...options, deleteMissing: true, deleteMissingTag: 'sheet' },
		},
	};
}

/** The stand-ins of a loop workflow: n8n's Loop Over Items and an Other Client that does nothing. */
const loopStandIns = () => ({
	[LOOP_OVER_ITEMS_TYPE]: loopOverItems,
	[OTHER_CLIENT_TYPE]: otherClient(() => undefined),
});

/** Loop Over Items and the Other Client its "loop" output leads to. */
function loopNodes(batchSize: number) {
	return [
		{
			id: 'loop',
			name: 'Loop Over Items',
			type: LOOP_OVER_ITEMS_TYPE,
			typeVersion: 3,
			position: [0, 0] as [number, number],
			parameters: { batchSize },
		},
		{
			id: 'other',
			name: 'Other Client',
			type: OTHER_CLIENT_TYPE,
			typeVersion: 1,
			position: [200, 0] as [number, number],
			parameters: {},
		},
	];
}

/** Loop Over Items -> Other Client -> the sync node(s) -> back to the loop; the rows start at the loop. */
async function runInBatches(
	teamId: string,
	rows: Row[],
	batchSize: number,
	options: {
		beforeBatch?: (batch: number) => void;
		syncs?: Array<ReturnType<typeof syncNode>>;
		moreCredentials?: Record<string, typeof suite.credentials>;
	} = {},
) {
	const syncs = options.syncs ?? [syncNode('Sync', teamId)];
	const chain = ['Other Client', ...syncs.map((node) => node.name), 'Loop Over Items'];
	const connections: Record<
		string,
		{ main: Array<Array<{ node: string; type: 'main'; index: 0 }>> }
	> = {
		'Loop Over Items': { main: [[], [{ node: 'Other Client', type: 'main', index: 0 }]] },
	};
	for (let index = 0; index < chain.length - 1; index++)
		connections[chain[index]] = { main: [[{ node: chain[index + 1], type: 'main', index: 0 }]] };
	const { run } = await executeWorkflow(
		{
			nodes: [...loopNodes(batchSize), ...syncs],
			connections,
		},
		{
			credentials: suite.credentials,
			moreCredentials: options.moreCredentials,
			standIns: {
				[LOOP_OVER_ITEMS_TYPE]: loopOverItems,
				[OTHER_CLIENT_TYPE]: otherClient(options.beforeBatch ?? (() => undefined)),
			},
		},
		{ node: 'Loop Over Items', items: rows.map((json) => ({ json: { ...json } })) },
	);
	const runs = run.data.resultData.runData;
	const outputs = (name: string) =>
		(runs[name] ?? []).flatMap((task) => (task.data?.main?.[0] ?? []).map((item) => item.json));
	return { error: run.data.resultData.error, outputs, batches: (runs[syncs[0].name] ?? []).length };
}

/** A team holding exactly the sheet's codes, as a sync a minute ago left it (before the feed's overlap). */
function teamWith(rows: Row[]): string {
	const team = suite.sim.state.createTeam(orgId, `Batches team ${++teamCount}`);
	const minuteAgo = suite.sim.clock.now() - 60_000;
	for (const row of rows)
		suite.sim.state.createQrAt(
			team.id,
			{
				displayId: row.displayId,
				name: row.name,
				qrType: 'WEB',
				qrRedirectUrl: row.url,
				tags: ['sheet'],
			},
			minuteAgo,
		);
	return team.id;
}

/** A page of the team's whole list (a look-up of one Display ID searches the list instead). */
const isListRead = (entry: LoggedRequest) =>
	entry.method === 'GET' && entry.path === '/api/qrs-api/v2/teams/' && !entry.query.search;
const isFeedRead = (entry: LoggedRequest) =>
	entry.method === 'GET' && entry.path.startsWith('/api/qrs-api/teams/fromTime/');
const byClient = (clientId: string | undefined) => (entry: LoggedRequest) =>
	entry.headers['x-request-client-id'] === clientId;
const log = () => suite.sim.requestLog;

function codeId(displayId: string): string {
	return [...suite.sim.state.qrs.values()].find((qr) => qr.displayId === displayId)!.id;
}

function changeElsewhere(displayId: string, change: { name?: string; deleted?: boolean }): void {
	const code = [...suite.sim.state.qrs.values()].find(
		(qr) => qr.displayId === displayId && !qr.deleted,
	)!;
	Object.assign(code, change, { updatedAt: suite.sim.clock.now() });
}

describe('Create or Update (sync) in Loop Over Items', () => {
	it('reads a team of 500 codes once (6 list requests, the last confirming the end) and sends one change-feed request per later batch', async () => {
		const rows = sheet(500, 'same');
		const teamId = teamWith(rows);

		const result = await runInBatches(teamId, rows, 100);

		expect(result.error).toBeUndefined();
		expect(result.batches).toBe(5);
		expect(result.outputs('Sync').map((json) => json.result)).toEqual(rows.map(() => 'unchanged'));
		expect(log().filter(isListRead)).toHaveLength(6);
		expect(log().filter(isFeedRead)).toHaveLength(4);
		expect(log().filter((entry) => entry.method !== 'GET')).toHaveLength(0);
		suite.expectRequestsFollowContract();
	});

	it('sees a code changed or deleted by another client between two batches, and its own writes', async () => {
		const rows = sheet(300, 'seen');
		const teamId = teamWith(rows);
		const sheetRows = rows.map((row, index) =>
			index === 10 ? { ...row, name: 'Renamed by the sheet' } : row,
		);
		// The sheet names row 10 twice: batch 0 renames it, batch 2 holds it again with the new name.
		sheetRows.push({ ...sheetRows[10] });

		const result = await runInBatches(teamId, sheetRows, 100, {
			syncs: [syncNode('Sync', teamId, undefined, 'continueRegularOutput')],
			beforeBatch: (batch) => {
				if (batch === 1) {
					changeElsewhere('seen-150', { name: 'Changed elsewhere' });
					changeElsewhere('seen-250', { deleted: true });
				}
			},
		});

		expect(result.error).toBeUndefined();
		const outcome = Object.fromEntries(
			result.outputs('Sync').map((json, index) => [index, json.result]),
		);
		expect(outcome[10]).toBe('updated');
		expect(outcome[150]).toBe('updated');
		// Deleted elsewhere: the snapshot let it go, so the row tries to create it (deleted codes keep their
		// Display ID, so the service refuses); a stale snapshot would have called it unchanged.
		expect(outcome[250]).toBeUndefined();
		expect(String(result.outputs('Sync')[250].error)).toContain('seen-250');
		expect(outcome[300]).toBe('unchanged');
		expect(Object.values(outcome).filter((value) => value !== 'unchanged')).toHaveLength(3);
		expect(suite.sim.state.getQr(codeId('seen-150'))?.name).toBe('Row 150');
		// Pages 1-3 and page 4, empty, which confirms the end (300 codes end on a full page).
		expect(log().filter(isListRead)).toHaveLength(4);
		// One feed read per later batch, and row 250's: its refused create's Display ID, not in the search, is
		// looked for in the recent changes, which show it deleted (findTakenDisplayId).
		expect(log().filter(isFeedRead)).toHaveLength(4);
		suite.expectRequestsFollowContract();
	});

	it('reads the team again when the change feed looks capped', async () => {
		const rows = sheet(300, 'capped');
		const teamId = teamWith(rows);
		suite.sim.setChangeDrift({ fromTimeCap: 10 });
		try {
			const result = await runInBatches(teamId, rows, 100, {
				beforeBatch: (batch) => {
					// 15 changes elsewhere; the feed answers only the newest 10 of them.
					if (batch === 1)
						for (let index = 200; index < 215; index++)
							changeElsewhere(`capped-${index}`, { name: `Changed elsewhere ${index}` });
				},
			});

			expect(result.error).toBeUndefined();
			const updated = result
				.outputs('Sync')
				.flatMap((json, index) => (json.result === 'updated' ? [index] : []));
			expect(updated).toEqual(Array.from({ length: 15 }, (_, index) => 200 + index));
			// One read for batch 0, one again for batch 1 (capped feed), none for batch 2 (the 15 writes are its own);
			// each read of 300 codes is 4 pages, the last (empty) confirming the end.
			expect(log().filter(isListRead)).toHaveLength(8);
			expect(log().filter(isFeedRead)).toHaveLength(2);
		} finally {
			suite.sim.setChangeDrift({ fromTimeCap: undefined });
		}
	});

	it('reads the team again when a capped-looking feed holds only its own writes', async () => {
		const rows = sheet(300, 'oldcap');
		const teamId = teamWith(rows);
		// Batch 0 renames its 100 codes; the feed keeps the oldest 100 changes: exactly those writes.
		const sheetRows = rows.map((row, index) =>
			index < 100 ? { ...row, name: `Renamed ${index}` } : row,
		);
		suite.sim.setChangeDrift({ fromTimeCap: 100, fromTimeCapKeeps: 'oldest' });
		try {
			const result = await runInBatches(teamId, sheetRows, 100, {
				beforeBatch: (batch) => {
					if (batch === 1) changeElsewhere('oldcap-150', { name: 'Changed elsewhere' });
				},
			});

			expect(result.error).toBeUndefined();
			const outcomes = result.outputs('Sync').map((json) => json.result);
			expect(outcomes.slice(0, 100)).toEqual(Array.from({ length: 100 }, () => 'updated'));
			// Hidden behind the node's own writes in the capped feed, the other client's change is still seen.
			expect(outcomes[150]).toBe('updated');
			expect(suite.sim.state.getQr(codeId('oldcap-150'))?.name).toBe('Row 150');
			expect(log().filter(isListRead).length).toBeGreaterThanOrEqual(6);
		} finally {
			suite.sim.setChangeDrift({ fromTimeCap: undefined, fromTimeCapKeeps: undefined });
		}
	});

	it('a code another client made between batches behind a lagging feed: the refused create finds it by one search and updates it', async () => {
		const rows = sheet(4, 'lagx');
		const teamId = teamWith(rows.slice(0, 2));
		suite.sim.setChangeDrift({ fromTimeLagMs: 30_000 });
		try {
			const result = await runInBatches(teamId, rows, 2, {
				syncs: [syncNode('Sync', teamId, undefined, 'continueRegularOutput')],
				beforeBatch: (batch) => {
					if (batch === 1)
						suite.sim.state.createQr(teamId, {
							qrType: 'WEB',
							displayId: 'lagx-2',
							name: 'Made elsewhere',
							qrRedirectUrl: 'https://example.com/elsewhere',
						});
				},
			});

			// Before (r111): the snapshot, the changes and the look-up all missed it: "Display ID "lagx-2" is already
			// taken", "No live code of this team's list has the Display ID".
			expect(result.outputs('Sync').map((json) => json.result ?? json.error)).toEqual([
				'unchanged',
				'unchanged',
				'updated',
				'created',
			]);
			expect(suite.sim.state.getQr(codeId('lagx-2'))?.name).toBe('Row 2');
			const searched = log().filter((entry) => entry.query.search);
			expect(searched.map((entry) => entry.query.search)).toEqual(['lagx-2']);
		} finally {
			suite.sim.setChangeDrift({ fromTimeLagMs: undefined });
		}
	});

	it('never serves what one credential read to another credential, even within one execution', async () => {
		const rows = sheet(200, 'two');
		const teamId = teamWith(rows);
		const other = suite.sim.state.addApiClient(orgId, 'owner', teamId);
		const otherCredentials = { ...suite.credentials, ...other };

		const result = await runInBatches(teamId, rows, 100, {
			syncs: [syncNode('Sync', teamId), syncNode('Sync Other', teamId, 'other')],
			moreCredentials: { other: otherCredentials },
		});

		expect(result.error).toBeUndefined();
		for (const clientId of [suite.credentials.clientId, other.clientId]) {
			const sent = log().filter(byClient(clientId));
			// 200 codes: pages 1 and 2, and page 3 (empty) confirming the end.
			expect({ clientId, lists: sent.filter(isListRead).length }).toEqual({ clientId, lists: 3 });
			expect({ clientId, feeds: sent.filter(isFeedRead).length }).toEqual({ clientId, feeds: 1 });
		}
		expect(result.outputs('Sync Other').map((json) => json.result)).toEqual(
			rows.map(() => 'unchanged'),
		);
	});
});

describe('Delete Missing in Loop Over Items', () => {
	it('is refused before anything is sent: each batch would look like the whole sheet', async () => {
		const rows = sheet(30, 'loopdelete');
		const teamId = teamWith(rows);
		const sync = syncNode('Sync', teamId);
		const withDeleteMissing = deletingMissing(sync);
		suite.sim.clearRequestLog();

		const result = await runInBatches(teamId, rows, 10, { syncs: [withDeleteMissing] });

		expect(result.error?.message).toBe(
			'"Delete Missing" cannot run inside Loop Over Items: each batch would look like the whole sheet',
		);
		expect(log()).toEqual([]);
		expect(suite.sim.state.liveQrsOfTeam(teamId)).toHaveLength(30);
	});

	it("runs on the loop's done output, once over every row, and deletes only the codes no row names", async () => {
		const rows = sheet(30, 'donedelete');
		const teamId = teamWith([...rows, ...sheet(32, 'donedelete').slice(30)]);
		const sync = syncNode('Sync', teamId);
		const { run } = await executeWorkflow(
			{
				nodes: [...loopNodes(10), deletingMissing(sync)],
				connections: {
					'Loop Over Items': {
						main: [
							[{ node: 'Sync', type: 'main', index: 0 }],
							[{ node: 'Other Client', type: 'main', index: 0 }],
						],
					},
					'Other Client': { main: [[{ node: 'Loop Over Items', type: 'main', index: 0 }]] },
				},
			},
			{
				credentials: suite.credentials,
				standIns: loopStandIns(),
			},
			{ node: 'Loop Over Items', items: rows.map((json) => ({ json: { ...json } })) },
		);

		expect(run.data.resultData.error).toBeUndefined();
		const results = (run.data.resultData.runData.Sync ?? []).flatMap((task) =>
			(task.data?.main?.[0] ?? []).map((item) => item.json.result),
		);
		expect(results.filter((result) => result === 'unchanged')).toHaveLength(30);
		expect(results.filter((result) => result === 'deleted')).toHaveLength(2);
		expect(suite.sim.state.liveQrsOfTeam(teamId)).toHaveLength(30);
	});
	it('after a sync in the loop, a Delete Missing sync on the done output reads no code again and looks none up', async () => {
		const rows = sheet(30, 'afterloop');
		const teamId = teamWith([...rows, ...sheet(32, 'afterloop').slice(30)]);
		// The loop's sync renames row 5 and creates row 30; the sync on the done output gets the same sheet.
		const sheetRows = [
			...rows.map((row, index) => (index === 5 ? { ...row, name: 'Renamed' } : row)),
			{ displayId: 'afterloop-new', name: 'New', url: 'https://example.com/afterloop/new' },
		];
		const inLoop = syncNode('Sync', teamId);
		const onDone = syncNode('Sync Done', teamId);
		const { run } = await executeWorkflow(
			{
				nodes: [...loopNodes(10), inLoop, deletingMissing(onDone)],
				connections: {
					'Loop Over Items': {
						main: [
							[{ node: 'Sync Done', type: 'main', index: 0 }],
							[{ node: 'Other Client', type: 'main', index: 0 }],
						],
					},
					'Other Client': { main: [[{ node: 'Sync', type: 'main', index: 0 }]] },
					Sync: { main: [[{ node: 'Loop Over Items', type: 'main', index: 0 }]] },
				},
			},
			{
				credentials: suite.credentials,
				standIns: loopStandIns(),
			},
			{ node: 'Loop Over Items', items: sheetRows.map((json) => ({ json: { ...json } })) },
		);

		expect(run.data.resultData.error).toBeUndefined();
		const results = (name: string) =>
			(run.data.resultData.runData[name] ?? []).flatMap((task) =>
				(task.data?.main?.[0] ?? []).map((item) => item.json.result),
			);
		const inLoopResults = results('Sync');
		expect(inLoopResults.filter((result) => result === 'unchanged')).toHaveLength(29);
		expect(inLoopResults.filter((result) => result === 'updated')).toHaveLength(1);
		expect(inLoopResults.filter((result) => result === 'created')).toHaveLength(1);
		const onDoneResults = results('Sync Done');
		expect(onDoneResults.filter((result) => result === 'unchanged')).toHaveLength(31);
		expect(onDoneResults.filter((result) => result === 'deleted')).toHaveLength(2);
		expect(suite.sim.state.liveQrsOfTeam(teamId)).toHaveLength(31);
		// The codes the loop's rows wrote are held as they left them: no search per row of the done output.
		expect(log().filter((entry) => entry.method === 'GET' && entry.query.search)).toHaveLength(0);
		expect(log().filter(isListRead)).toHaveLength(1);
		// The codes the loop wrote came back with the change feed: one request per later batch and the done output.
		expect(log().filter(isFeedRead)).toHaveLength(4);
	});
});

const SHEET_TYPE = 'harness.sheet';

/**
 * Emits `rows` whatever it gets: the sheet a second sync of the execution reads (e.g. a filtered one); `between`
 * may change the service first, as the service itself would between two syncs.
 */
function sheetSource(rows: Row[], between: () => void = () => undefined): INodeType {
	return {
		description: {
			displayName: 'Sheet',
			name: 'sheet',
			group: ['transform'],
			version: 1,
			description: 'Emits a fixed sheet',
			defaults: { name: 'Sheet' },
			inputs: ['main'],
			outputs: ['main'],
			properties: [],
		},
		async execute(): Promise<INodeExecutionData[][]> {
			between();
			return [rows.map((json) => ({ json: { ...json } }))];
		},
	};
}

/**
 * Sync (the first sheet) -> Sheet -> Sync Done (the second sheet, Delete Missing on tag `sheet`): two syncs of one
 * team in one execution, the second from the snapshot the first held.
 */
async function twoSyncs(
	teamId: string,
	first: Row[],
	second: Row[],
	onError?: 'continueRegularOutput',
	doneOnError?: 'continueRegularOutput',
	between?: () => void,
) {
	const done = syncNode('Sync Done', teamId, undefined, doneOnError);
	const { run } = await executeWorkflow(
		{
			nodes: [
				syncNode('Sync', teamId, undefined, onError),
				{
					id: 'sheet',
					name: 'Sheet',
					type: SHEET_TYPE,
					typeVersion: 1,
					position: [200, 0],
					parameters: {},
				},
				deletingMissing(done),
			],
			connections: {
				Sync: { main: [[{ node: 'Sheet', type: 'main', index: 0 }]] },
				Sheet: { main: [[{ node: 'Sync Done', type: 'main', index: 0 }]] },
			},
		},
		{ credentials: suite.credentials, standIns: { [SHEET_TYPE]: sheetSource(second, between) } },
		{ node: 'Sync', items: first.map((json) => ({ json: { ...json } })) },
	);
	const outputs = (name: string) =>
		(run.data.resultData.runData[name] ?? []).flatMap((task) =>
			(task.data?.main?.[0] ?? []).map((item) => item.json),
		);
	return { error: run.data.resultData.error, outputs };
}

const isSearch = (entry: LoggedRequest) => entry.method === 'GET' && Boolean(entry.query.search);
/** The Display IDs looked up one by one, in order. */
const searched = () =>
	log()
		.filter(isSearch)
		.map((entry) => entry.query.search);

/** The next change-feed read answers `codes` as they were: a lagging replica's feed. */
function staleFeed(...codes: unknown[]): void {
	suite.sim.faults.add({
		kind: 'status',
		status: 200,
		method: 'GET',
		path: '/api/qrs-api/teams/fromTime/',
		body: JSON.stringify({ success: true, data: codes }),
		contentType: 'application/json',
		count: 1,
	});
}
const byDisplayId = (outputs: IDataObject[]) =>
	Object.fromEntries(outputs.map((json) => [String(json.displayId), json]));

describe('The sync snapshot holds only what the service read, never a write answer', () => {
	it('a service answering writes with a partial record: a later Delete Missing deletes the tagged code a filtered sheet leaves out, unchanged rows output the full record', async () => {
		const rows = sheet(5, 'partial');
		const teamId = teamWith(rows);
		const added = { displayId: 'partial-new', name: 'New', url: 'https://example.com/partial/new' };
		const first = [
			...rows.map((row, index) => (index === 1 || index === 2 ? { ...row, name: 'Renamed' } : row)),
			added,
		];
		suite.sim.setShapeDrift(['partialWriteAnswers']);
		try {
			const result = await twoSyncs(
				teamId,
				first,
				first.filter((row) => row.displayId !== 'partial-2'),
			);

			expect(result.error).toBeUndefined();
			expect(result.outputs('Sync').map((json) => json.result)).toEqual([
				'unchanged',
				'updated',
				'updated',
				'unchanged',
				'unchanged',
				'created',
			]);
			const done = result.outputs('Sync Done');
			expect(done.map((json) => json.result)).toEqual([
				'unchanged',
				'unchanged',
				'unchanged',
				'unchanged',
				'unchanged',
				'deleted',
			]);
			expect(done[5].displayId).toBe('partial-2');
			expect(suite.sim.state.getQr(codeId('partial-2'))?.deleted).toBe(true);
			const written = byDisplayId(done);
			for (const displayId of ['partial-1', 'partial-new']) {
				expect(written[displayId].tags).toEqual(['sheet']);
				expect(typeof written[displayId].qrImageUrl).toBe('string');
			}
			// The written codes came back with the change feed: no row of the second sync was looked up.
			expect(log().filter(isSearch)).toHaveLength(0);
		} finally {
			suite.sim.setShapeDrift([]);
		}
	});

	it("a create answered with another team's teamId: the row fails naming both teams, never in the snapshot, never deleted by Delete Missing", async () => {
		const rows = sheet(3, 'filed');
		const teamId = teamWith(rows);
		const added = { displayId: 'filed-new', name: 'New', url: 'https://example.com/filed/new' };
		suite.sim.setListDrift({ createsInDefaultTeam: true });
		try {
			const result = await twoSyncs(teamId, [...rows, added], rows, 'continueRegularOutput');

			expect(result.error).toBeUndefined();
			const synced = result.outputs('Sync');
			expect(synced.map((json) => json.result)).toEqual([
				'unchanged',
				'unchanged',
				'unchanged',
				undefined,
			]);
			expect(synced[3].error).toBe(
				`QRTRAC created the code in another team: "${suite.credentials.teamId}", not "${teamId}" as asked`,
			);
			expect(synced[3].description).toContain('Do not run this item again as it is');
			expect(result.outputs('Sync Done').map((json) => json.result)).toEqual([
				'unchanged',
				'unchanged',
				'unchanged',
			]);
			expect(log().filter((entry) => entry.method === 'DELETE')).toHaveLength(0);
			const filed = suite.sim.state.getQr(codeId('filed-new'))!;
			expect(filed.teamId).toBe(suite.credentials.teamId);
			expect(filed.deleted).toBeFalsy();
		} finally {
			suite.sim.setListDrift({});
		}
	});

	it('a change feed that does not bring a written code: the later sync looks it up once, never takes it for absent', async () => {
		const rows = sheet(3, 'lagged');
		const teamId = teamWith(rows);
		const added = { displayId: 'lagged-new', name: 'New', url: 'https://example.com/lagged/new' };
		const first = [
			...rows.map((row, index) => (index === 1 ? { ...row, name: 'Renamed' } : row)),
			added,
		];
		suite.sim.setChangeDrift({ fromTimeLagMs: 30_000 });
		try {
			const result = await twoSyncs(teamId, first, first);

			expect(result.error).toBeUndefined();
			expect(result.outputs('Sync Done').map((json) => json.result)).toEqual(
				first.map(() => 'unchanged'),
			);
			expect(searched()).toEqual(['lagged-1', 'lagged-new']);
			expect(log().filter((entry) => entry.method === 'POST')).toHaveLength(1);
			expect(suite.sim.state.liveQrsOfTeam(teamId)).toHaveLength(4);
		} finally {
			suite.sim.setChangeDrift({ fromTimeLagMs: undefined });
		}
	});

	it('a row that wrote nothing, then a row of the same Display ID that failed after its write: the later sync never takes the first row’s code', async () => {
		const rows = sheet(2, 'undone');
		const teamId = teamWith(rows);
		const changed = { ...rows[0], name: 'Changed' };
		// The second row's PUT is made, then answered as refused; the feed does not bring the change.
		suite.sim.faults.add({
			kind: 'softError',
			method: 'PUT',
			path: `/api/qrs-api/${codeId('undone-0')}`,
			afterWrite: true,
			count: 1,
		});
		suite.sim.setChangeDrift({ fromTimeLagMs: 30_000 });
		try {
			const result = await twoSyncs(
				teamId,
				[rows[0], changed, rows[1]],
				rows,
				'continueRegularOutput',
			);

			expect(result.error).toBeUndefined();
			expect(result.outputs('Sync').map((json) => json.result)).toEqual([
				'unchanged',
				undefined,
				'unchanged',
			]);
			// The failed row's PUT was made (the fault acts after it), and the second sync's PUT puts the name back.
			expect(log().filter((entry) => entry.method === 'PUT')).toHaveLength(2);
			// A stale snapshot would call it unchanged: the code is looked up and put back as the sheet says.
			expect(result.outputs('Sync Done').map((json) => json.result)).toEqual([
				'updated',
				'unchanged',
			]);
			expect(suite.sim.state.getQr(codeId('undone-0'))?.name).toBe('Row 0');
		} finally {
			suite.sim.faults.clear();
			suite.sim.setChangeDrift({ fromTimeLagMs: undefined });
		}
	});
});

describe('Team Member Add in Loop Over Items', () => {
	it('reads the roster once per execution and keeps its own adds for later batches', async () => {
		const team = suite.sim.state.createTeam(orgId, `Roster team ${++teamCount}`);
		const people = Array.from({ length: 30 }, (_, index) => ({
			name: `Person ${index}`,
			email: `person-${index}@batches.example`,
			role: 'viewer' as const,
		}));
		for (const person of people.slice(0, 20)) suite.sim.state.addMember(team.id, person);
		// Person 25 is added in batch 2 and named again in batch 3: the roster must hold that add.
		const rows = [...people, people[25]];
		const add = {
			id: 'Add',
			name: 'Add',
			type: 'qrtrac',
			typeVersion: 1.2,
			position: [400, 0] as [number, number],
			parameters: {
				resource: 'teamMember',
				operation: 'add',
				teamId: { __rl: true, mode: 'id', value: team.id },
				name: '={{ $json.name }}',
				email: '={{ $json.email }}',
				role: '={{ $json.role }}',
			},
		};

		const result = await runInBatches(team.id, rows as unknown as Row[], 10, {
			syncs: [add as unknown as ReturnType<typeof syncNode>],
		});

		expect(result.error).toBeUndefined();
		expect(result.batches).toBe(4);
		expect(result.outputs('Add').map((json) => json.result)).toEqual([
			...people.slice(0, 20).map(() => 'unchanged'),
			...people.slice(20).map(() => 'added'),
			'unchanged',
		]);
		const rosterReads = log().filter(
			(entry) => entry.method === 'GET' && entry.path === `/api/teams-api/${team.id}`,
		);
		expect(rosterReads).toHaveLength(1);
		expect(log().filter((entry) => entry.method !== 'GET')).toHaveLength(10);
		suite.expectRequestsFollowContract();
	});
});

describe('Delete Missing after a sync of the execution that took Display IDs the snapshot does not give back', () => {
	it('a lagging change feed: the tagged code written by the first sync and left out of the second sheet is deleted, a written code the sheet names is not', async () => {
		const rows = sheet(4, 'lagdm');
		const teamId = teamWith(rows);
		const first = rows.map((row, index) =>
			index === 1 || index === 2 ? { ...row, name: 'Renamed' } : row,
		);
		suite.sim.setChangeDrift({ fromTimeLagMs: 30_000 });
		try {
			const result = await twoSyncs(
				teamId,
				first,
				first.filter((row) => row.displayId !== 'lagdm-1'),
			);

			expect(result.error).toBeUndefined();
			expect(result.outputs('Sync Done').map((json) => json.result)).toEqual([
				'unchanged',
				'unchanged',
				'unchanged',
				'deleted',
			]);
			expect(result.outputs('Sync Done')[3].displayId).toBe('lagdm-1');
			expect(suite.sim.state.getQr(codeId('lagdm-1'))?.deleted).toBe(true);
			expect(suite.sim.state.getQr(codeId('lagdm-2'))?.deleted).toBeFalsy();
			expect(suite.sim.state.liveQrsOfTeam(teamId)).toHaveLength(3);
			// The candidates came from one more read of the whole team (one page here).
			expect(log().filter(isListRead)).toHaveLength(2);
		} finally {
			suite.sim.setChangeDrift({ fromTimeLagMs: undefined });
		}
	});

	it('the re-read costs floor(N/100) + 1 list requests, as the README says (200 codes: 3, the last page empty)', async () => {
		const rows = sheet(200, 'costdm');
		const teamId = teamWith(rows);
		const first = rows.map((row, index) => (index === 1 ? { ...row, name: 'Renamed' } : row));
		suite.sim.setChangeDrift({ fromTimeLagMs: 30_000 });
		try {
			const result = await twoSyncs(
				teamId,
				first,
				first.filter((row) => row.displayId !== 'costdm-1'),
			);

			expect(result.error).toBeUndefined();
			expect(suite.sim.state.getQr(codeId('costdm-1'))?.deleted).toBe(true);
			// The first sync's read and Delete Missing's re-read: pages 1, 2 and 3 (empty) each.
			expect(
				log()
					.filter(isListRead)
					.map((entry) => entry.query.page),
			).toEqual(['1', '2', '3', '1', '2', '3']);
		} finally {
			suite.sim.setChangeDrift({ fromTimeLagMs: undefined });
		}
	});

	it('a row of the first sync that failed before writing: its tagged code, left out of the second sheet, is deleted', async () => {
		const rows = sheet(3, 'faildm');
		const teamId = teamWith(rows);
		suite.sim.faults.add({
			kind: 'softError',
			method: 'PUT',
			path: `/api/qrs-api/${codeId('faildm-1')}`,
			count: 1,
		});
		try {
			const result = await twoSyncs(
				teamId,
				rows.map((row, index) => (index === 1 ? { ...row, name: 'Renamed' } : row)),
				rows.filter((row) => row.displayId !== 'faildm-1'),
				'continueRegularOutput',
			);

			expect(result.error).toBeUndefined();
			expect(result.outputs('Sync').map((json) => json.result)).toEqual([
				'unchanged',
				undefined,
				'unchanged',
			]);
			expect(suite.sim.state.getQr(codeId('faildm-1'))?.name).toBe('Row 1');
			expect(result.outputs('Sync Done').map((json) => json.result)).toEqual([
				'unchanged',
				'unchanged',
				'deleted',
			]);
			expect(suite.sim.state.getQr(codeId('faildm-1'))?.deleted).toBe(true);
			expect(suite.sim.state.liveQrsOfTeam(teamId)).toHaveLength(2);
		} finally {
			suite.sim.faults.clear();
		}
	});
});

describe('Delete Missing whose second read of the team fails', () => {
	/** The first sync renames lagdm-1 behind a lagging feed; the second sheet leaves it out; the re-read fails. */
	async function rereadFails(prefix: string, doneOnError?: 'continueRegularOutput') {
		const rows = sheet(3, prefix);
		const teamId = teamWith(rows);
		const first = rows.map((row, index) => (index === 1 ? { ...row, name: 'Renamed' } : row));
		suite.sim.setChangeDrift({ fromTimeLagMs: 30_000 });
		// The first list read (the first sync's) passes; the second, Delete Missing's, is refused.
		suite.sim.faults.add({
			kind: 'softError',
			method: 'GET',
			path: '/api/qrs-api/v2/teams/',
			skip: 1,
			message: 'Something went wrong',
		});
		try {
			const result = await twoSyncs(
				teamId,
				first,
				first.filter((row) => row.displayId !== `${prefix}-1`),
				undefined,
				doneOnError,
			);
			expect(log().filter(isListRead)).toHaveLength(2);
			expect(log().filter((entry) => entry.method === 'DELETE')).toHaveLength(0);
			expect(suite.sim.state.liveQrsOfTeam(teamId)).toHaveLength(3);
			return result;
		} finally {
			suite.sim.faults.clear();
			suite.sim.setChangeDrift({ fromTimeLagMs: undefined });
		}
	}

	it('fails the last row saying every row was written and nothing was deleted', async () => {
		const result = await rereadFails('rereadfail');

		expect(result.error?.message).toContain('Something went wrong');
		expect(String((result.error as { description?: string }).description)).toContain(
			'Every row was written; Delete Missing deleted nothing: the team could not be read',
		);
	});

	it('with Continue On Fail keeps the rows’ results and adds deleteMissingSkipped', async () => {
		const result = await rereadFails('rereadcof', 'continueRegularOutput');

		expect(result.error).toBeUndefined();
		const done = result.outputs('Sync Done');
		expect(done.map((json) => json.result)).toEqual([
			'unchanged',
			'unchanged',
			'deleteMissingSkipped',
		]);
		expect(String(done[2].reason)).toContain(
			'Delete Missing deleted nothing: the team could not be read',
		);
		expect(String(done[2].reason)).toContain('Something went wrong');
	});
});

describe('The sync snapshot never holds a version older than one the execution saw', () => {
	it('run 1 writes v2 behind a lagging feed, run 2 looks up v2 and writes v3, run 3’s feed shows v2: a row matching v2 is updated, not unchanged', async () => {
		const [row] = sheet(1, 'stale');
		const teamId = teamWith([row]);
		const id = codeId('stale-0');
		const rows = [
			{ ...row, name: 'V2' },
			{ ...row, name: 'V3' },
			{ ...row, name: 'V2' },
		];
		let v2: unknown;
		suite.sim.setChangeDrift({ fromTimeLagMs: 30_000 });
		try {
			const result = await runInBatches(teamId, rows, 1, {
				beforeBatch: (batch) => {
					if (batch === 1) v2 = structuredClone(suite.sim.state.getQr(id));
					// A feed read from a replica that has v2 but not yet v3.
					if (batch === 2) staleFeed(v2);
				},
			});

			expect(result.error).toBeUndefined();
			expect((v2 as { name: string }).name).toBe('V2');
			expect(result.outputs('Sync').map((json) => json.result)).toEqual([
				'updated',
				'updated',
				'updated',
			]);
			expect(suite.sim.state.getQr(id)?.name).toBe('V2');
			// Runs 2 and 3 looked the code up: the feed never gave back a version newer than the one looked up.
			expect(searched()).toEqual(['stale-0', 'stale-0']);
		} finally {
			suite.sim.faults.clear();
			suite.sim.setChangeDrift({ fromTimeLagMs: undefined });
		}
	});
});

describe('The sync snapshot records the version a row wrote', () => {
	it('a row reads B by ID (set elsewhere) and writes C; a lagging replica’s feed then shows B: a later row matching B is updated, not unchanged', async () => {
		const [d, y] = sheet(2, 'wrote');
		const teamId = teamWith([d, y]);
		const id = codeId('wrote-0');
		let vB: unknown;
		suite.sim.setChangeDrift({ fromTimeLagMs: 30_000 });
		try {
			const result = await runInBatches(teamId, [y, { ...d, name: 'C' }, { ...d, name: 'B' }], 1, {
				beforeBatch: (batch) => {
					// Another client sets B after run 1 read the team (A); the lagging feed of run 2 leaves it out.
					if (batch === 1) {
						changeElsewhere('wrote-0', { name: 'B' });
						vB = structuredClone(suite.sim.state.getQr(id));
					}
					// Run 3's feed comes from a replica that has B but not yet run 2's write of C.
					if (batch === 2) staleFeed(vB);
				},
			});

			expect(result.error).toBeUndefined();
			expect(result.outputs('Sync').map((json) => json.result)).toEqual([
				'unchanged',
				'updated',
				'updated',
			]);
			expect(suite.sim.state.getQr(id)?.name).toBe('B');
			// Run 3 looked the code up: B is no later than the version run 2 read by its ID and wrote.
			expect(searched()).toEqual(['wrote-0']);
		} finally {
			suite.sim.faults.clear();
			suite.sim.setChangeDrift({ fromTimeLagMs: undefined });
		}
	});
});

describe('A change feed version older than the one the snapshot holds', () => {
	it('never replaces it (a lagging replica): a row matching the older version is updated, not unchanged', async () => {
		const [x, y, z] = sheet(3, 'replica');
		const teamId = teamWith([x, y, z]);
		const v1 = structuredClone(suite.sim.state.getQr(codeId('replica-0')));
		try {
			const result = await runInBatches(teamId, [y, z, x], 1, {
				beforeBatch: (batch) => {
					// Another writer renames X after run 1 read the team: run 2's feed brings v2.
					if (batch === 1) changeElsewhere('replica-0', { name: 'Elsewhere' });
					// Run 3's feed comes from a replica still showing v1.
					if (batch === 2) staleFeed(v1);
				},
			});

			expect(result.error).toBeUndefined();
			expect(result.outputs('Sync').map((json) => json.result)).toEqual([
				'unchanged',
				'unchanged',
				'updated',
			]);
			expect(suite.sim.state.getQr(codeId('replica-0'))?.name).toBe(x.name);
			// Neither version is trusted: the row looked the code up (v2) and updated it.
			expect(searched()).toEqual(['replica-0']);
		} finally {
			suite.sim.faults.clear();
		}
	});

	it('a deletion whose time reads older (a service that nulls updatedAt when it deletes): the code leaves the snapshot, its Display ID is not taken', async () => {
		const [x, y, z] = sheet(3, 'gone');
		const teamId = teamWith([x, y, z]);
		const id = codeId('gone-0');
		try {
			const result = await runInBatches(teamId, [y, z, { ...x, name: 'Elsewhere' }], 1, {
				syncs: [syncNode('Sync', teamId, undefined, 'continueRegularOutput')],
				beforeBatch: (batch) => {
					// Another writer renames X after run 1 read the team: run 2's feed brings v2.
					if (batch === 1) changeElsewhere('gone-0', { name: 'Elsewhere' });
					// Then deletes it; the feed shows the deletion with `updatedAt: null` (so its `createdAt`).
					if (batch === 2) {
						changeElsewhere('gone-0', { deleted: true });
						const deleted = { ...structuredClone(suite.sim.state.getQr(id)), updatedAt: null };
						staleFeed(deleted);
					}
				},
			});

			expect(result.error).toBeUndefined();
			const outputs = result.outputs('Sync');
			expect(outputs.map((json) => json.result)).toEqual(['unchanged', 'unchanged', undefined]);
			// Not in the snapshot, so a create, which the service refuses (a deleted code keeps its Display ID); no
			// search, before or after: the snapshot held no code of it, and the changes since show it deleted.
			expect(String(outputs[2].error)).toContain('gone-0');
			expect(searched()).toEqual([]);
			expect(log().filter((entry) => entry.method === 'POST')).toHaveLength(1);
			expect(suite.sim.state.getQr(id)?.deleted).toBe(true);
		} finally {
			suite.sim.faults.clear();
		}
	});
});

describe('A Display ID the change feed alone took out of the snapshot, given by a row in another case', () => {
	/**
	 * A team with `<prefix>-X`, made now so that the next batch's feed holds it; before batch 1 `change` makes the
	 * feed's version of it no more trusted than the held one, so the code leaves the snapshot and its Display ID is
	 * taken, by the feed alone. Then a row gives it lower-cased. (Display IDs are unique across the service.)
	 */
	async function feedTakes(prefix: string, change: (held: QrRecord) => void) {
		const teamId = teamWith([]);
		const held = suite.sim.state.createQr(teamId, {
			qrType: 'WEB',
			name: 'Feed',
			displayId: `${prefix}-X`,
			qrRedirectUrl: 'https://example.com/f',
			tags: ['sheet'],
		});
		const rows = [
			{ displayId: `${prefix}-row-0`, name: 'R0', url: 'https://example.com/0' },
			{ displayId: `${prefix}-x`.toLowerCase(), name: 'Lower', url: 'https://example.com/x' },
		];
		const result = await runInBatches(teamId, rows, 1, {
			syncs: [syncNode('Sync', teamId, undefined, 'continueRegularOutput')],
			beforeBatch: (batch) => {
				if (batch === 1) change(held);
			},
		});
		expect(result.error).toBeUndefined();
		return result.outputs('Sync');
	}

	it('no code holds it now: the row is looked up, not failed as named by another row, and its code made', async () => {
		// Before: "Display ID "gone-x" differs only in case from "Gone-X", which another row names", though no row
		// named "Gone-X" and no code held it.
		// Another client renames the code with the same change time (a coarse clock): the feed's version is not later.
		const outputs = await feedTakes('Gone', (held) => {
			held.displayId = 'Renamed-Gone-X';
		});

		expect(outputs.map((json) => json.result ?? json.error)).toEqual(['created', 'created']);
		expect(searched()).toEqual(['gone-x']);
	});

	it('a code still holds it: the look-up fails the row as QRTRAC holding it in another case, writing nothing', async () => {
		// The feed comes from a replica showing an older version of the code.
		const outputs = await feedTakes('Kept', (held) =>
			staleFeed({ ...structuredClone(held), updatedAt: held.updatedAt - 1_000 }),
		);

		expect(outputs[1].result).toBeUndefined();
		expect(String(outputs[1].error)).toContain('QRTRAC holds Display ID "kept-x" as "Kept-X"');
		expect(searched()).toEqual(['kept-x']);
		expect(log().filter((entry) => entry.method === 'POST')).toHaveLength(1);
	});
});

describe('A service storing coarser times than its write answers tell', () => {
	it('answers writes in ms but stores whole seconds: the written codes come back with the feed, the later sync searches nothing', async () => {
		const rows = sheet(20, 'coarse');
		const teamId = teamWith(rows);
		const second = [...rows.map((row) => ({ ...row, name: `${row.name} renamed` }))];
		const created = sheet(25, 'coarse').slice(20);
		// Every write lands at .345 of a second, so the answers' times are finer than what is stored after.
		suite.sim.clock.set(Math.floor(Date.now() / 1000) * 1000 - 655);
		try {
			const result = await twoSyncs(
				teamId,
				[...second, ...created],
				[...second, ...created],
				undefined,
				undefined,
				() => {
					for (const code of suite.sim.state.liveQrsOfTeam(teamId)) {
						code.updatedAt = Math.floor(code.updatedAt / 1000) * 1000;
						code.createdAt = Math.min(code.createdAt, code.updatedAt);
					}
				},
			);

			expect(result.error).toBeUndefined();
			const first = result.outputs('Sync').map((json) => json.result);
			expect(first.filter((outcome) => outcome === 'updated')).toHaveLength(20);
			expect(first.filter((outcome) => outcome === 'created')).toHaveLength(5);
			expect(result.outputs('Sync Done').every((json) => json.result === 'unchanged')).toBe(true);
			expect(result.outputs('Sync Done')).toHaveLength(25);
			// The feed's versions hold what the rows wrote: no Display ID stays taken.
			expect(log().filter(isSearch)).toHaveLength(0);
			expect(log().filter(isListRead)).toHaveLength(1);
		} finally {
			suite.sim.clock.useRealTime();
		}
	});
});

describe('A create whose answer was lost, found by its Display ID and needing no update', () => {
	it('is held as the look-up read it: the done-output sync searches nothing', async () => {
		const rows = sheet(3, 'lost');
		const teamId = teamWith(rows.slice(0, 2));
		// The create is made, then its connection is reset: the row finds the code by its Display ID.
		suite.sim.faults.add({
			kind: 'reset',
			method: 'POST',
			path: '/api/qrs-api',
			afterWrite: true,
			count: 1,
		});
		try {
			const result = await twoSyncs(teamId, rows, rows);

			expect(result.error).toBeUndefined();
			expect(result.outputs('Sync').map((json) => json.result)).toEqual([
				'unchanged',
				'unchanged',
				'created',
			]);
			expect(result.outputs('Sync Done').map((json) => json.result)).toEqual([
				'unchanged',
				'unchanged',
				'unchanged',
			]);
			expect(log().filter((entry) => entry.method === 'POST')).toHaveLength(1);
			// The one search is the first sync's look-up after the lost answer.
			expect(searched()).toEqual(['lost-2']);
			expect(suite.sim.state.liveQrsOfTeam(teamId)).toHaveLength(3);
		} finally {
			suite.sim.faults.clear();
		}
	});
});
