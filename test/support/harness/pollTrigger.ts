import { PollContext, PollTriggerExecutor } from 'n8n-core';
import type { IDataObject, INode, INodeExecutionData } from 'n8n-workflow';

import { engineService } from './engineServices';
import { executeWorkflow, prepareExecution } from './executeWorkflow';
import type { HarnessCredentials } from './harnessCredentials';
import { loadPackage } from './loadedPackage';
import { createPollStaging } from './pollStaging';

export interface PollTriggerOptions {
	/** Default `qrtracTrigger`. */
	nodeType?: string;
	parameters: Record<string, unknown>;
	/** Default: the newest version of the node. */
	typeVersion?: number;
	credentials?: HarnessCredentials;
	/** The node's static data as persisted before this poll; never mutated. */
	staticData: IDataObject;
	/**
	 * 'trigger' (default) = a scheduled poll of an active workflow; 'activation' = the poll n8n runs once
	 * while activating the workflow (its error fails the activation; a null result commits nothing);
	 * 'manual' = the editor's "Fetch test event".
	 */
	mode?: 'trigger' | 'activation' | 'manual';
	packageDir?: string;
	/**
	 * Default true: each poll works on a staged copy of the static data (n8n's durable poll cursors). false: as
	 * n8n 2.41 runs by default, the poll writes straight into the persisted static data, even when it fails.
	 */
	durableCursors?: boolean;
	/** The workflow's id, e.g. to poll one trigger from two calls at once; by default a new one per call. */
	workflowId?: string;
	/** n8n 2.x's poll budget (`getPollBudgetMs`); by default n8n-core's own (5 minutes). */
	pollBudgetMs?: number;
}

export interface PollTriggerResult {
	/** Items of the trigger's first output, or null when the poll found nothing. */
	items: INodeExecutionData[] | null;
	/** The node's static data as n8n would have persisted it after this poll. */
	staticData: IDataObject;
}

const TRIGGER_NAME = 'Trigger Under Test';

/**
 * Polls a trigger once through n8n-core's real poll machinery. A failing scheduled poll rejects with the node's
 * error, whose `staticData` is the state persisted after it: with durable cursors, the caller's own (n8n drops
 * the staged cursor of a failed poll); without, whatever the poll wrote before failing.
 */
export async function pollTrigger(options: PollTriggerOptions): Promise<PollTriggerResult> {
	const loadedPackage = await loadPackage(options.packageDir);
	const type = loadedPackage.fullNodeTypeName(options.nodeType ?? 'qrtracTrigger');
	const node: INode = {
		id: 'trigger-under-test',
		name: TRIGGER_NAME,
		type,
		typeVersion: options.typeVersion ?? loadedPackage.newestVersion(type),
		position: [0, 0],
		parameters: options.parameters as INode['parameters'],
	};
	return options.mode === 'manual'
		? await pollManually(node, options)
		: await pollScheduled(node, options);
}

/**
 * A scheduled or activation poll through PollTriggerExecutor, the class n8n's scheduler calls: it runs the
 * node's `poll` inside the staging scope and emits the items. A scheduled tick commits the cursor of a null
 * result and routes a failure to `__emitError`; the activation poll (`testingTrigger`) rethrows failures and
 * commits nothing on a null result (observed in n8n-core 2.41.1's PollTriggerExecutor).
 */
async function pollScheduled(node: INode, options: PollTriggerOptions): Promise<PollTriggerResult> {
	const { workflow, additionalData } = await prepareExecution(
		{ nodes: [node], connections: {} },
		{
			credentials: options.credentials,
			packageDir: options.packageDir,
			mode: 'trigger',
			workflowId: options.workflowId,
		},
	);
	const triggerNode = workflow.getNode(TRIGGER_NAME) as INode;
	const staging = createPollStaging(options.staticData, { durable: options.durableCursors });
	const { emit, emitError, commitCursor, runPoll, resolveNodeStaticData } = staging.hooks;
	const pollFunctions = new PollContext(
		workflow,
		triggerNode,
		additionalData,
		'trigger',
		'activate',
		emit,
		emitError,
		commitCursor,
		runPoll,
		resolveNodeStaticData,
		options.pollBudgetMs === undefined ? undefined : () => options.pollBudgetMs as number,
	);
	const executePoll = engineService(PollTriggerExecutor).create(
		workflow,
		triggerNode,
		pollFunctions,
		() => true,
	);
	await executePoll(options.mode === 'activation');
	const failure = staging.failure();
	if (failure !== undefined) throw Object.assign(failure, { staticData: staging.committed() });
	return { items: staging.emitted()?.[0] ?? null, staticData: staging.committed() };
}

/**
 * A manual poll runs as n8n 2.41 runs it for the editor: a 'manual' execution whose start node is the
 * trigger (WorkflowExecute calls `poll` with a PollContext in mode 'manual' over the workflow's own static
 * data). n8n never persists static data of manual executions, so the caller's copy comes back unchanged.
 */
async function pollManually(node: INode, options: PollTriggerOptions): Promise<PollTriggerResult> {
	const { run } = await executeWorkflow(
		{ nodes: [node], connections: {} },
		{
			credentials: options.credentials,
			packageDir: options.packageDir,
			mode: 'manual',
			staticData: { [`node:${TRIGGER_NAME}`]: options.staticData },
		},
	);
	const { error } = run.data.resultData;
	if (error !== undefined) throw error;
	const output = run.data.resultData.runData[TRIGGER_NAME]?.[0]?.data?.main?.[0];
	return {
		items: output && output.length > 0 ? output : null,
		staticData: structuredClone(options.staticData),
	};
}
