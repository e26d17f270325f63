import { randomBytes } from 'node:crypto';

import type { WorkflowJson } from '../scripts/n8n/realN8n';
import type { Simulator } from '../simulator';
import type { BenchTeam } from './benchTeams';
import { BenchTeams } from './benchTeams';
import type { BenchOptions } from './options';
import { itemsAtRate } from './options';
import type { SyncModeSwitch } from './syncMode';
import {
	httpRequestCreateWorkflow,
	qrtracCreateWorkflow,
	qrtracListAllWorkflow,
	qrtracSyncWorkflow,
	SET_NODE_OUTPUTS,
	setNodeReadWorkflow,
	type SetNodeOutput,
} from './workflows';

/** The three ways of running the same create job. */
export type CreateVariant = 'qrtrac' | 'httpDefault' | 'httpBatched';

export const VARIANT_LABELS: Readonly<Record<CreateVariant, string>> = {
	qrtrac: 'QRTRAC node (Create)',
	httpDefault: 'HTTP Request, default settings',
	httpBatched: 'HTTP Request, Batching = plan rate / 1000 ms',
};

/** The three runs of issue 8, in order, on one team and the same rows. */
export type SyncPhase = 'first' | 'unchanged' | 'changed';

export const SYNC_PHASE_LABELS: Readonly<Record<SyncPhase, string>> = {
	first: 'first run (all rows new)',
	unchanged: 're-run, rows unchanged',
	changed: 're-run, 1% of rows changed',
};

export type Job =
	| {
			kind: 'create';
			variant: CreateVariant;
			rate: number;
			items: number;
			team: BenchTeam;
			workflow: WorkflowJson;
	  }
	| { kind: 'listAll'; rate: number; codes: number; team: BenchTeam; workflow: WorkflowJson }
	| {
			kind: 'sync';
			phase: SyncPhase;
			rate: number;
			rows: number;
			team: BenchTeam;
			workflow: WorkflowJson;
			mode: SyncModeSwitch;
	  }
	| {
			kind: 'readBaseline';
			phase: SyncPhase;
			/** What the Set node outputs: the row's three fields, or also the other fields of the node's output. */
			output: SetNodeOutput;
			rate: number;
			rows: number;
			team: BenchTeam;
			workflow: WorkflowJson;
	  };

/** Codes beyond the job's own items that a team may hold, so the quota never decides a result. */
const QUOTA_MARGIN = 100;

/**
 * Every job of one benchmark run, each with its own fresh team (plan and quota set in the simulator), its
 * credentials and its workflow. The Get Many team is filled directly through the simulator's state (no HTTP),
 * so listing starts from exactly `listCodes` codes. The sync jobs share one team: they are runs of one sheet.
 */
export function planJobs(
	options: BenchOptions,
	simulator: Simulator,
	qrtracType: string,
	syncMode: SyncModeSwitch | undefined,
): Job[] {
	const teams = new BenchTeams(simulator);
	const jobs: Job[] = [];
	const runTag = randomBytes(3).toString('hex');
	for (const rate of options.plans) {
		const items = itemsAtRate(options, rate);
		const rows = { count: items, label: `bench ${runTag} ${rate} rps` };
		for (const variant of Object.keys(VARIANT_LABELS) as CreateVariant[]) {
			const team = teams.create(`create ${variant} ${rate} rps`, rate, items + QUOTA_MARGIN);
			const workflow =
				variant === 'qrtrac'
					? qrtracCreateWorkflow(qrtracType, team.qrtrac, rows)
					: httpRequestCreateWorkflow(
							simulator.url,
							team.httpHeaders,
							rows,
							variant === 'httpBatched' ? { batchSize: rate, batchIntervalMs: 1000 } : undefined,
						);
			jobs.push({ kind: 'create', variant, rate, items, team, workflow });
		}
	}

	const listTeam = teams.create('list all', options.listPlan, options.listCodes + QUOTA_MARGIN);
	for (let index = 0; index < options.listCodes; index++) {
		simulator.state.createQr(listTeam.teamId, {
			qrType: 'WEB',
			name: `listed ${index}`,
			qrRedirectUrl: `https://example.com/listed/${index}`,
		});
	}
	jobs.push({
		kind: 'listAll',
		rate: options.listPlan,
		codes: options.listCodes,
		team: listTeam,
		workflow: qrtracListAllWorkflow(qrtracType, listTeam.qrtrac),
	});

	if (syncMode) {
		const syncTeam = teams.create('sync', options.listPlan, options.syncRows + QUOTA_MARGIN);
		const rows = {
			count: options.syncRows,
			label: `sheet ${runTag}`,
			displayIdPrefix: `sheet-${runTag}`,
		};
		const phases: Array<[SyncPhase, number | undefined]> = [
			['first', undefined],
			['unchanged', undefined],
			['changed', 100],
		];
		for (const [phase, changeEvery] of phases) {
			const workflow = qrtracSyncWorkflow(
				qrtracType,
				syncTeam.qrtrac,
				{ ...rows, changeEvery },
				syncMode.parameters,
			);
			jobs.push({
				kind: 'sync',
				phase,
				rate: options.listPlan,
				rows: options.syncRows,
				team: syncTeam,
				workflow,
				mode: syncMode,
			});
			// The same rows and expressions through n8n's Set node: what reading them costs inside n8n (issue 12);
			// once more with the other fields of the node's output as constants, which separates what n8n holds for
			// bigger output items from what the node itself holds.
			for (const output of SET_NODE_OUTPUTS) {
				jobs.push({
					kind: 'readBaseline',
					phase,
					output,
					rate: options.listPlan,
					rows: options.syncRows,
					team: syncTeam,
					workflow: setNodeReadWorkflow({ ...rows, changeEvery }, output),
				});
			}
		}
	}
	return jobs;
}
