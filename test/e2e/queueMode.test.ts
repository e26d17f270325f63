/**
 * Queue mode, for real (issue 15): PostgreSQL, Redis, an n8n 2.41.1 main instance and 2 workers, each with the
 * package installed from its `npm pack` tarball (scripts/queue/), the simulator beside them.
 *
 * 1. Bulk: 4 webhook-started executions of 60 creates each at once on one team (20 requests/s): they run on
 *    both workers, every row is created exactly once, no item fails, the team's budget is never exceeded.
 * 2. Download Image with the binary data mode queue mode uses (database): the worker stores the PNG, the main
 *    instance serves the same bytes.
 * 3. The trigger: polled by the main instance only (once per minute tick, plus the poll n8n runs when it
 *    activates the workflow), every change emitted once, and its cursor survives a restart of the main.
 *
 * 4. The topology is the documented one: PostgreSQL 17 (from the npm registry), without n8n's warning that the
 *    PostgreSQL is older than it supports.
 *
 * The first run on a machine installs PostgreSQL 17, Debian's redis-server and n8n (minutes); later runs take
 * about 2-4 minutes, most of it waiting for n8n's minute ticks.
 */
import { randomBytes } from 'node:crypto';

import { startSimulator, type Simulator } from '../../simulator';
import { qrtracCredential } from '../../scripts/n8n/credentials';
import type { JsonObject } from '../../scripts/n8n/runData';
import { nodeItems } from '../../scripts/n8n/runData';
import { QueueCluster } from '../../scripts/queue/queueCluster';
import {
	TRIGGER_NODE,
	bulkCreateWorkflow,
	downloadImageWorkflow,
	postRows,
	postWebhook,
	triggerWorkflow,
} from '../../scripts/queue/workflows';
import { budgetFigures } from '../reliability/support/budgetFigures';

const SETUP_TIMEOUT_MS = 40 * 60_000;
const STEP_TIMEOUT_MS = 5 * 60_000;
const PLAN = { name: 'Legendary', perSecond: 20 };
const EXECUTIONS = 4;
const ROWS = 60;
/** n8n polls at most once a minute: a change waits up to a minute, plus slack for a loaded machine. */
const POLL_WAIT_MS = 100_000;

const BULK_CREDENTIAL = { id: 'qrtracBulkTeam', name: 'QRTRAC bulk team' };

const log = (line: string) => process.stderr.write(`[e2e queue] ${line}\n`);

let sim: Simulator;
let cluster: QueueCluster;
let bulkTeamId: string;
let triggerTeamId: string;
let bulkWorkflowId: string;
let imageWorkflowId: string;
let triggerWorkflowId: string;
/** When the main instance was (re)started: n8n polls once when it activates the trigger. */
const mainStarts: number[] = [];

beforeAll(async () => {
	sim = await startSimulator({ latencyMs: 20, requestLogLimit: 200_000 });
	const orgId = sim.state.team(sim.credentials.teamId)!.orgId;
	bulkTeamId = sim.state.createTeam(orgId, 'Queue bulk').id;
	triggerTeamId = sim.state.createTeam(orgId, 'Queue trigger').id;
	sim.setPlan(PLAN.perSecond, bulkTeamId);
	sim.setPlan(PLAN.perSecond, triggerTeamId);

	// 2 workers x 2 executions at once: the 4 bulk executions spread over both
	cluster = await QueueCluster.create({ workers: 2, workerConcurrency: 2, log });
	await cluster.importCredentials([
		qrtracCredential(
			{ url: sim.url, ...sim.credentials, teamId: bulkTeamId },
			{ ...BULK_CREDENTIAL, plan: PLAN.name },
		),
		qrtracCredential(
			{ url: sim.url, ...sim.credentials, teamId: triggerTeamId },
			{ plan: PLAN.name },
		),
	]);
	[bulkWorkflowId, imageWorkflowId, triggerWorkflowId] = await cluster.importWorkflows([
		bulkCreateWorkflow('queue-bulk', {
			credentialId: BULK_CREDENTIAL.id,
			credentialName: BULK_CREDENTIAL.name,
		}),
		downloadImageWorkflow('queue-image', {
			credentialId: BULK_CREDENTIAL.id,
			credentialName: BULK_CREDENTIAL.name,
		}),
		triggerWorkflow(),
	]);
	for (const id of [bulkWorkflowId, imageWorkflowId, triggerWorkflowId])
		await cluster.publishWorkflow(id);
	mainStarts.push(Date.now());
	await cluster.start();
}, SETUP_TIMEOUT_MS);

afterAll(async () => {
	await cluster?.stop();
	await sim?.close();
}, STEP_TIMEOUT_MS);

/** Fails with every process's recent output, which says why. */
async function withDiagnostics<T>(work: () => Promise<T>): Promise<T> {
	try {
		return await work();
	} catch (error) {
		throw new Error(`${(error as Error).message}\n${cluster.diagnostics()}`);
	}
}

const changeReads = () =>
	sim.requestLog.filter(
		(entry) =>
			entry.operationId === 'getTeamQrsFromTime' &&
			entry.headers['x-request-team-id'] === triggerTeamId,
	);

test(
	`${EXECUTIONS} executions of ${ROWS} creates at once on one team (${PLAN.perSecond}/s) run on both workers: every row once, 0 failed items`,
	async () =>
		withDiagnostics(async () => {
			const tag = randomBytes(3).toString('hex');
			const batches = Array.from({ length: EXECUTIONS }, (_, execution) =>
				Array.from({ length: ROWS }, (_, row) => ({
					name: `q-${tag}-${execution}-${row}`,
					url: `https://example.com/q/${execution}/${row}`,
				})),
			);
			await Promise.all(batches.map((rows) => postRows(cluster.baseUrl, 'queue-bulk', rows)));
			const executionIds = await cluster.waitForExecutions(
				bulkWorkflowId,
				EXECUTIONS,
				STEP_TIMEOUT_MS - 30_000,
			);

			const runs = await Promise.all(executionIds.map((id) => cluster.execution(id)));
			const items = runs.flatMap((run) => nodeItems(run, 'Create'));
			const failed = items.filter((item) => item.error !== undefined);
			const byName = new Map<string, number>();
			for (const qr of sim.state.listQrs(bulkTeamId))
				byName.set(qr.name, (byName.get(qr.name) ?? 0) + 1);
			const names = batches.flat().map((row) => row.name);
			const figures = budgetFigures(sim.requestLog, bulkTeamId, PLAN.perSecond);
			const workers = executionIds.map((id) => cluster.workerOf(id));
			log(`bulk: workers ${workers.join(',')}; ${JSON.stringify(figures)}`);

			for (const run of runs) expect(run.status).toBe('success');
			expect(new Set(workers)).toEqual(new Set([1, 2]));
			expect(items).toHaveLength(EXECUTIONS * ROWS);
			expect(failed).toEqual([]);
			expect(names.filter((name) => byName.get(name) !== 1)).toEqual([]);
			expect(figures.busiestWindow).toBeLessThanOrEqual(PLAN.perSecond);
		}),
	STEP_TIMEOUT_MS,
);

test(
	'Download Image in queue mode (binary data in the database): the worker stores the PNG, the main instance serves the same bytes',
	async () =>
		withDiagnostics(async () => {
			const code = sim.state.createQr(bulkTeamId, {
				qrType: 'WEB',
				name: 'queue image',
				qrRedirectUrl: 'https://example.com/image',
			});
			const before = new Set(
				(await cluster.executions(imageWorkflowId)).map((execution) => String(execution.id)),
			);
			await postWebhook(cluster.baseUrl, 'queue-image', { id: code.id });
			const ids = await cluster.waitForExecutions(imageWorkflowId, before.size + 1, 120_000);
			const run = await cluster.execution(ids[ids.length - 1]);
			expect(run.status).toBe('success');
			expect(cluster.workerOf(run.executionId)).toBeGreaterThan(0);

			const binary = storedBinary(run.raw, 'Image');
			expect(binary).toMatchObject({ mimeType: 'image/png', fileName: `${code.displayId}.png` });
			expect(String(binary.id)).toMatch(/^database:/);
			const served = await cluster.rest.requestBytes(
				`/rest/binary-data?id=${encodeURIComponent(String(binary.id))}&action=download`,
			);
			const original = Buffer.from(await (await fetch(code.qrImageUrl)).arrayBuffer());
			expect(served.equals(original)).toBe(true);
		}),
	STEP_TIMEOUT_MS,
);

test(
	'the trigger: polled by the main instance only, each change emitted once, its cursor kept across a restart of the main',
	async () =>
		withDiagnostics(async () => {
			const create = (label: string) =>
				sim.state.createQr(triggerTeamId, {
					qrType: 'WEB',
					name: `trigger ${label} ${randomBytes(2).toString('hex')}`,
					qrRedirectUrl: 'https://example.com/t',
				});
			const emitted = async () => {
				const executions = (await cluster.executions(triggerWorkflowId)).filter(
					(execution) => !['new', 'running', 'waiting'].includes(execution.status),
				);
				const runs = await Promise.all(
					executions.map((execution) => cluster.execution(String(execution.id))),
				);
				return runs.flatMap((run) => nodeItems(run, TRIGGER_NODE));
			};
			const waitForEmitted = async (count: number) => {
				const deadline = Date.now() + POLL_WAIT_MS;
				for (;;) {
					const items = await emitted();
					if (items.length >= count || Date.now() > deadline) return items;
					await new Promise((resolve) => setTimeout(resolve, 2000));
				}
			};

			const first = [create('a'), create('b'), create('c')];
			const afterFirst = await waitForEmitted(3);
			expect(afterFirst.map((item) => item.id).sort()).toEqual(first.map((code) => code.id).sort());

			// two changes while the main instance restarts: they come after it, once
			const second = [create('d')];
			log('restarting the main instance');
			await cluster.stopMain();
			second.push(create('e'));
			mainStarts.push(Date.now());
			await cluster.startMain();
			const all = await waitForEmitted(5);
			// one more minute tick (or its absence) must not repeat anything
			const readsBefore = changeReads().length;
			const deadline = Date.now() + POLL_WAIT_MS;
			while (changeReads().length === readsBefore && Date.now() < deadline)
				await new Promise((resolve) => setTimeout(resolve, 1000));
			await new Promise((resolve) => setTimeout(resolve, 5000));
			const final = await emitted();

			const expected = [...first, ...second].map((code) => code.id).sort();
			expect(all.map((item) => item.id).sort()).toEqual(expected);
			expect(final.map((item) => item.id).sort()).toEqual(expected);
			for (const item of final) expect(item.event).toBe('created');

			// Only the main instance polls: in each of its lifetimes one read when it activates the workflow, then
			// one per minute tick (n8n picks a random second per activation). Workers polling too would add reads.
			const reads = changeReads().map((entry) => entry.startedAt);
			const gaps: number[] = [];
			mainStarts.forEach((start, index) => {
				const end = mainStarts[index + 1] ?? Number.POSITIVE_INFINITY;
				const lifetime = reads.filter((at) => at >= start && at < end);
				const ticks = lifetime.slice(1);
				for (let tick = 1; tick < ticks.length; tick++) gaps.push(ticks[tick] - ticks[tick - 1]);
				const minutesUp = (Math.min(end, Date.now()) - start) / 60_000;
				expect(ticks.length).toBeLessThanOrEqual(Math.floor(minutesUp) + 1);
			});
			log(
				`trigger: ${reads.length} reads of changes over ${mainStarts.length} lifetimes of the main instance, gaps between ticks ${gaps.map((gap) => (gap / 1000).toFixed(1)).join(', ')} s`,
			);
			for (const gap of gaps) expect(gap).toBeGreaterThan(55_000);
		}),
	4 * POLL_WAIT_MS,
);

/** The binary metadata of the first item a node put out, from the stored execution's run data. */
function storedBinary(raw: JsonObject, nodeName: string): JsonObject {
	const runData = ((raw.data as JsonObject).resultData as JsonObject).runData as Record<
		string,
		JsonObject[]
	>;
	const main = (runData[nodeName][0].data as JsonObject).main as JsonObject[][];
	return (main[0][0].binary as Record<string, JsonObject>).data;
}

test('runs on a PostgreSQL that n8n supports (17 or newer), without its "not supported" warning', () => {
	expect(Number(cluster.postgresVersion.split('.')[0])).toBeGreaterThanOrEqual(17);
	expect(cluster.outputLines(/postgres.*not supported|supports postgres/i)).toEqual([]);
	log(`PostgreSQL ${cluster.postgresVersion}`);
});
