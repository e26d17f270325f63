import { deleteQr, touchQr } from '../../simulator/domain/qrCodes';
import { createPrng } from '../../simulator/random';
import type { QrRecord, Simulator } from '../../simulator';
import type { JsonObject } from '../../scripts/n8n/runData';
import { nodeItems } from '../../scripts/n8n/runData';
import type { QueueCluster } from '../../scripts/queue/queueCluster';
import { TRIGGER_NODE, postRows } from '../../scripts/queue/workflows';

/**
 * The QRTRAC Trigger in queue mode: `changes` writes to one team (creates, updates and deletes, each code
 * written once, so every write is a version some poll sees), spread over `minutes`, while long bulk
 * executions of another team keep the workers busy, with the main instance stopped and started again halfway.
 * Oracle: every version is emitted exactly once, with its event; the main instance alone reads changes.
 */
export interface TriggerPhasePlan {
	teamId: string;
	/** Codes that exist before the trigger is activated; some are updated, some deleted during the phase. */
	seeded: QrRecord[];
	changes: { creates: number; updates: number; deletes: number };
	minutes: number;
}

export interface TriggerPhaseResult {
	changes: number;
	creates: number;
	updates: number;
	deletes: number;
	minutes: number;
	emitted: number;
	missed: number;
	repeated: number;
	/** Emitted items that match no version written (or carry the wrong event). */
	unexpected: number;
	triggerExecutions: number;
	/** Which worker ran each trigger execution. */
	triggerExecutionWorkers: number[];
	loadExecutions: number;
	loadWorkers: number[];
	loadFailedItems: number;
	/** Reads of changes (the poll's one request) per lifetime of the main instance. */
	readsPerLifetime: number[];
	/** Shortest time between two scheduled polls within one lifetime, seconds. */
	shortestTickGapSeconds?: number;
	mainDownSeconds: number;
}

/** Seeds the codes the phase updates and deletes; call before the cluster (and so the trigger) starts. */
export function planTriggerPhase(
	sim: Simulator,
	orgId: string,
	changes: number,
	minutes: number,
): TriggerPhasePlan {
	const teamId = sim.state.createTeam(orgId, 'Queue bench trigger').id;
	sim.setPlan(20, teamId);
	const updates = Math.round(changes * 0.3);
	const deletes = Math.round(changes * 0.1);
	const seeded = Array.from({ length: updates + deletes }, (_, index) =>
		sim.state.createQr(teamId, {
			qrType: 'WEB',
			name: `Seeded ${index}`,
			qrRedirectUrl: 'https://example.com/seeded',
		}),
	);
	return {
		teamId,
		seeded,
		changes: { creates: changes - updates - deletes, updates, deletes },
		minutes,
	};
}

const versionKey = (record: Record<string, unknown>) =>
	`${String(record.id)}@${String(record.updatedAt)}${record.deleted === true ? ' deleted' : ''}`;

export async function runTriggerPhase(
	cluster: QueueCluster,
	sim: Simulator,
	plan: TriggerPhasePlan,
	workflows: {
		trigger: string;
		load: string;
		loadPath: string;
		loadTeamId: string;
		loadPlan: number;
	},
	log: (line: string) => void,
): Promise<TriggerPhaseResult> {
	const team = sim.state.teams.get(plan.teamId)!;
	const random = createPrng(15);
	const total = plan.changes.creates + plan.changes.updates + plan.changes.deletes;
	const kinds = [
		...Array<'create'>(plan.changes.creates).fill('create'),
		...Array<'update'>(plan.changes.updates).fill('update'),
		...Array<'delete'>(plan.changes.deletes).fill('delete'),
	].sort(() => random() - 0.5);
	const toUpdate = plan.seeded.slice(0, plan.changes.updates);
	const toDelete = plan.seeded.slice(plan.changes.updates);
	const expected = new Map<string, string>();
	const mainStarts = [cluster.mainStartedAt];

	// the load: two long executions on another team, started before the first change
	const loadRows = Math.ceil((workflows.loadPlan * plan.minutes * 60) / 2);
	await Promise.all(
		[0, 1].map((execution) =>
			postRows(
				cluster.baseUrl,
				workflows.loadPath,
				Array.from({ length: loadRows }, (_, row) => ({
					name: `load-${execution}-${row}`,
					url: 'https://example.com/load',
				})),
			),
		),
	);
	log(
		`trigger phase: 2 load executions of ${loadRows} creates started; writing ${total} changes over ${plan.minutes} min`,
	);

	const burstMs = 1000;
	const bursts = plan.minutes * 60;
	let written = 0;
	let mainDownSeconds = 0;
	let restart: Promise<void> | undefined;
	for (let burst = 0; burst < bursts && written < total; burst++) {
		const target = Math.round(((burst + 1) * total) / bursts);
		for (; written < target; written++) {
			const kind = kinds[written];
			let record: QrRecord;
			if (kind === 'create') {
				record = sim.state.createQr(plan.teamId, {
					qrType: 'WEB',
					name: `Change ${written}`,
					qrRedirectUrl: 'https://example.com/change',
				});
			} else if (kind === 'update') {
				const code = toUpdate.pop()!;
				record = touchQr(
					sim.state,
					sim.state.getQr(code.id)!,
					{ name: `${code.name} edited` },
					'bench',
				);
			} else {
				record = deleteQr(sim.state, team, toDelete.pop()!.id, 'bench');
			}
			expected.set(
				versionKey({ ...record }),
				kind === 'create' ? 'created' : kind === 'update' ? 'updated' : 'deleted',
			);
		}
		if (burst === Math.floor(bursts / 2)) {
			restart = (async () => {
				const stoppedAt = Date.now();
				log('trigger phase: stopping the main instance (writes go on)');
				await cluster.stopMain();
				await new Promise((resolve) => setTimeout(resolve, 5000));
				mainStarts.push(Date.now());
				await cluster.startMain();
				mainDownSeconds = Math.round((Date.now() - stoppedAt) / 100) / 10;
			})();
		}
		await new Promise((resolve) => setTimeout(resolve, burstMs));
	}
	await restart;

	// two more scheduled polls after the last write, then every trigger execution finished
	const reads = () =>
		sim.requestLog.filter(
			(entry) =>
				entry.operationId === 'getTeamQrsFromTime' &&
				entry.headers['x-request-team-id'] === plan.teamId,
		);
	const readsAtEnd = reads().length;
	const deadline = Date.now() + 4 * 60_000;
	while (reads().length < readsAtEnd + 2 && Date.now() < deadline)
		await new Promise((resolve) => setTimeout(resolve, 2000));
	const triggerRuns = await finishedExecutions(cluster, workflows.trigger, deadline);
	const emittedItems = triggerRuns.flatMap((run) => nodeItems(run, TRIGGER_NODE));
	const loadRuns = await finishedExecutions(cluster, workflows.load, Date.now() + 10 * 60_000, 2);

	const seen = new Map<string, number>();
	let unexpected = 0;
	for (const item of emittedItems) {
		const key = versionKey(item);
		seen.set(key, (seen.get(key) ?? 0) + 1);
		if (expected.get(key) !== item.event) unexpected++;
	}
	const readTimes = reads().map((entry) => entry.startedAt);
	const lifetimes = mainStarts.map((start, index) =>
		readTimes.filter(
			(at) => at >= start && at < (mainStarts[index + 1] ?? Number.POSITIVE_INFINITY),
		),
	);
	const gaps = lifetimes.flatMap((lifetime) =>
		lifetime.slice(2).map((at, index) => at - lifetime[index + 1]),
	);
	return {
		changes: total,
		creates: plan.changes.creates,
		updates: plan.changes.updates,
		deletes: plan.changes.deletes,
		minutes: plan.minutes,
		emitted: emittedItems.length,
		missed: [...expected.keys()].filter((key) => !seen.has(key)).length,
		repeated: [...seen.values()].reduce((sum, count) => sum + count - 1, 0),
		unexpected,
		triggerExecutions: triggerRuns.length,
		triggerExecutionWorkers: triggerRuns.map((run) => cluster.workerOf(run.executionId)),
		loadExecutions: loadRuns.length,
		loadWorkers: loadRuns.map((run) => cluster.workerOf(run.executionId)),
		loadFailedItems: loadRuns
			.flatMap((run) => nodeItems(run, 'Create'))
			.filter((item) => item.error !== undefined).length,
		readsPerLifetime: lifetimes.map((lifetime) => lifetime.length),
		shortestTickGapSeconds: gaps.length > 0 ? Math.round(Math.min(...gaps) / 100) / 10 : undefined,
		mainDownSeconds,
	};
}

/** Every finished execution of a workflow with its run data, once none is still running (bounded). */
async function finishedExecutions(
	cluster: QueueCluster,
	workflowId: string,
	deadline: number,
	atLeast = 0,
) {
	for (;;) {
		const page = await cluster.rest.request<{ results: JsonObject[] }>(
			'GET',
			`/rest/executions?filter=${encodeURIComponent(JSON.stringify({ workflowId }))}&limit=100`,
		);
		const running = page.results.filter((execution) =>
			['new', 'running', 'waiting'].includes(String(execution.status)),
		);
		if ((running.length === 0 && page.results.length >= atLeast) || Date.now() > deadline) {
			const finished = page.results.filter((execution) => !running.includes(execution));
			return await Promise.all(
				finished.map((execution) => cluster.execution(String(execution.id))),
			);
		}
		await new Promise((resolve) => setTimeout(resolve, 2000));
	}
}
