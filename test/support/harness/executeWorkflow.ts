import { randomUUID } from 'node:crypto';

import { WorkflowExecute } from 'n8n-core';
import { createRunExecutionData, Workflow } from 'n8n-workflow';
import type {
	IConnections,
	IDataObject,
	INode,
	INodeExecutionData,
	INodeType,
	IRun,
	IRunExecutionData,
	IWorkflowBase,
	IWorkflowExecuteAdditionalData,
	WorkflowExecuteMode,
} from 'n8n-workflow';

import { buildAdditionalData } from './additionalData';
import type { HarnessCredentials } from './harnessCredentials';
import { credentialsHelperFor, nodeCredentialsFor } from './harnessCredentials';
import { loadPackage } from './loadedPackage';
import type { LoadedPackage } from './loadedPackage';
import type { HarnessNodeError } from './nodeErrorShape';
import { shapeNodeError } from './nodeErrorShape';

/** A workflow as stored by n8n: nodes may name their type bare (`qrtrac`) or in full (`n8n-nodes-qrtrac.qrtrac`). */
export interface HarnessWorkflow {
	nodes: INode[];
	connections: IConnections;
}

export interface ExecutionOptions {
	credentials?: HarnessCredentials;
	packageDir?: string;
	/** Execution mode the engine runs in; n8n runs editor executions as 'manual'. */
	mode?: WorkflowExecuteMode;
	/** The workflow's stored static data (keys like `node:<name>`); copied, never mutated. */
	staticData?: IDataObject;
	/** The workflow's id; by default a new one per execution. */
	workflowId?: string;
	/** Node types from outside the package, by full type name (e.g. loopOverItems.ts, n8n's Loop Over Items). */
	standIns?: Record<string, INodeType>;
	/** Further `qrtracApi` credentials by id; a node uses one through `credentials: {qrtracApi: moreCredentialDetails(id)}`. */
	moreCredentials?: Record<string, HarnessCredentials>;
	/** The workflow's timezone setting. */
	timezone?: string;
}

/** A finished execution: the engine's own record plus the workflow it ran (for node lookups). */
export interface FinishedExecution {
	run: IRun;
	workflow: Workflow;
	loadedPackage: LoadedPackage;
}

/** Workflow JSON with full type names and the harness credential attached where a node declares it. */
export function prepareWorkflowNodes(
	loadedPackage: LoadedPackage,
	nodes: INode[],
	credentials: HarnessCredentials | undefined,
	standIns: Record<string, INodeType> = {},
): INode[] {
	return nodes.map((node) => {
		if (node.type in standIns) return node;
		const type = loadedPackage.fullNodeTypeName(node.type);
		const nodeType = loadedPackage.nodeTypes.getByNameAndVersion(type, node.typeVersion);
		const declared = (nodeType.description.credentials ?? []).map(({ name }) => name);
		return {
			...node,
			type,
			credentials: node.credentials ?? nodeCredentialsFor(declared, credentials),
		};
	});
}

/** A workflow ready for the engine: its package, the Workflow object, and the per-execution context. */
export interface PreparedExecution {
	loadedPackage: LoadedPackage;
	workflow: Workflow;
	additionalData: IWorkflowExecuteAdditionalData;
	mode: WorkflowExecuteMode;
}

/**
 * Builds what n8n's server builds before it starts an execution: the Workflow (whose constructor fills in
 * parameter defaults), a credentials helper holding the test's credentials, and additionalData with hooks.
 */
export async function prepareExecution(
	workflowJson: HarnessWorkflow,
	options: ExecutionOptions,
): Promise<PreparedExecution> {
	const loadedPackage = await loadPackage(options.packageDir);
	const mode = options.mode ?? 'manual';
	const workflowData: IWorkflowBase = {
		id: options.workflowId ?? `harness-${randomUUID()}`,
		name: 'Harness workflow',
		active: false,
		isArchived: false,
		createdAt: new Date(),
		updatedAt: new Date(),
		nodes: prepareWorkflowNodes(
			loadedPackage,
			workflowJson.nodes,
			options.credentials,
			options.standIns,
		),
		connections: workflowJson.connections,
		settings: {
			executionOrder: 'v1',
			...(options.timezone === undefined ? {} : { timezone: options.timezone }),
		},
		activeVersionId: null,
	};
	const workflow = new Workflow({
		id: workflowData.id,
		name: workflowData.name,
		nodes: workflowData.nodes,
		connections: workflowData.connections,
		active: false,
		nodeTypes: options.standIns
			? loadedPackage.nodeTypes.withStandIns(options.standIns)
			: loadedPackage.nodeTypes,
		settings: workflowData.settings,
		staticData: options.staticData ? structuredClone(options.staticData) : {},
	});
	const credentialsHelper = await credentialsHelperFor(
		loadedPackage,
		options.credentials,
		options.moreCredentials,
	);
	const additionalData = buildAdditionalData(credentialsHelper, workflowData, mode);
	return { loadedPackage, workflow, additionalData, mode };
}

/**
 * Runs a workflow through n8n-core's WorkflowExecute. With `start`, execution starts at that node with the
 * given items on its input (the path n8n takes when a trigger or a parent workflow hands items over);
 * otherwise at the workflow's start node with one empty item, like the editor's "Execute workflow".
 */
export async function executeWorkflow(
	workflowJson: HarnessWorkflow,
	options: ExecutionOptions,
	start?: { node: string; items: INodeExecutionData[] },
): Promise<FinishedExecution> {
	const { loadedPackage, workflow, additionalData, mode } = await prepareExecution(
		workflowJson,
		options,
	);
	const run = start
		? await new WorkflowExecute(
				additionalData,
				mode,
				startingAt(workflow, start),
			).processRunExecutionData(workflow)
		: await new WorkflowExecute(additionalData, mode).run({
				workflow,
				startNode: startNodeOf(workflow),
			});
	return { run, workflow, loadedPackage };
}

/**
 * n8n's own choice (the first trigger or poller), else the first enabled node without parents: the editor
 * would need a Manual Trigger there, which is not part of this package, so the harness starts at that node.
 */
function startNodeOf(workflow: Workflow): INode | undefined {
	return (
		workflow.getStartNode() ??
		Object.values(workflow.nodes).find(
			(node) => !node.disabled && workflow.getParentNodes(node.name).length === 0,
		)
	);
}

function startingAt(
	workflow: Workflow,
	start: { node: string; items: INodeExecutionData[] },
): IRunExecutionData {
	const node = workflow.getNode(start.node);
	if (node === null) throw new Error(`No node named "${start.node}" in the workflow`);
	return createRunExecutionData({
		executionData: { nodeExecutionStack: [{ node, data: { main: [start.items] }, source: null }] },
	});
}

/** Every node's outputs of its last run, keyed by node name. */
export function outputsByNode(run: IRun): Record<string, INodeExecutionData[][]> {
	const outputs: Record<string, INodeExecutionData[][]> = {};
	for (const [nodeName, taskRuns] of Object.entries(run.data.resultData.runData)) {
		const lastRun = taskRuns[taskRuns.length - 1];
		outputs[nodeName] = (lastRun?.data?.main ?? []).map((output) => output ?? []);
	}
	return outputs;
}

/** The execution's error, shaped; undefined when the execution succeeded. */
export function executionError(run: IRun): (HarnessNodeError & { node?: string }) | undefined {
	const { error } = run.data.resultData;
	if (error === undefined) return undefined;
	const failedNode = (error as { node?: INode }).node;
	return { ...shapeNodeError(error), node: failedNode?.name };
}
