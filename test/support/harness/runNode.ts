import type { INode, INodeExecutionData, IRun } from 'n8n-workflow';

import { executeWorkflow } from './executeWorkflow';
import type { HarnessCredentials } from './harnessCredentials';
import type { HarnessBinaryInput } from './inputItems';
import { buildInputItems } from './inputItems';
import { loadPackage } from './loadedPackage';
import type { HarnessNodeError } from './nodeErrorShape';
import { shapeNodeError } from './nodeErrorShape';

export interface RunNodeOptions {
	/** `qrtrac`, `qrtracTrigger`, or any node of the package in `packageDir` (bare or full type name). */
	nodeType: string;
	/** Parameters as the editor stores them: expressions as `={{ ... }}`, resource locators as `{ __rl: true, mode, value }`. */
	parameters: Record<string, unknown>;
	/** Input items' json; default one empty item. */
	items?: Array<Record<string, unknown>>;
	/** Files per input item (same index as `items`), keyed by binary property name. */
	binaryItems?: Array<Record<string, HarnessBinaryInput>>;
	/** Stored as credential type `qrtracApi` and attached to the node when it declares that type. */
	credentials?: HarnessCredentials;
	/** Sets the node's "On Error" to "Continue" (onError 'continueRegularOutput'). */
	continueOnFail?: boolean;
	/**
	 * Sets the node's "Retry On Fail" with this many tries (2 to 5), 1 ms apart: n8n reads a wait of 0 as its default
	 * of 1 s (`waitBetweenTries || 1000`), so 1 ms is the shortest it honours.
	 */
	retryOnFail?: number;
	/** Package to load; default the repository root (its built dist/). */
	packageDir?: string;
	/** Node version; default the newest the node declares. */
	typeVersion?: number;
	/** The workflow's timezone setting (n8n's default, America/New_York, when absent). */
	timezone?: string;
}

export interface RunNodeResult {
	/** Main output 0 of the node: json, binary and pairedItem as the engine produced them. */
	items: INodeExecutionData[];
	/** Set when the node failed (without Continue On Fail, or with an error the setting does not catch). */
	error?: HarnessNodeError;
	/** The engine's full run record (IRun) for deeper assertions. */
	runData: IRun;
}

const NODE_UNDER_TEST_NAME = 'Node Under Test';

/** Runs one node through n8n-core's WorkflowExecute with the given items on its input. */
export async function runNode(options: RunNodeOptions): Promise<RunNodeResult> {
	const loadedPackage = await loadPackage(options.packageDir);
	const type = loadedPackage.fullNodeTypeName(options.nodeType);
	const node: INode = {
		id: 'node-under-test',
		name: NODE_UNDER_TEST_NAME,
		type,
		typeVersion: options.typeVersion ?? loadedPackage.newestVersion(type),
		position: [0, 0],
		parameters: options.parameters as INode['parameters'],
		...(options.continueOnFail ? { onError: 'continueRegularOutput' as const } : {}),
		...(options.retryOnFail
			? { retryOnFail: true, maxTries: options.retryOnFail, waitBetweenTries: 1 }
			: {}),
	};
	const items = await buildInputItems(options.items, options.binaryItems, {
		executionId: 'harness-input',
		workflowId: 'harness-input',
	});
	const { run } = await executeWorkflow(
		{ nodes: [node], connections: {} },
		{
			credentials: options.credentials,
			packageDir: options.packageDir,
			timezone: options.timezone,
		},
		{ node: NODE_UNDER_TEST_NAME, items },
	);
	const task = run.data.resultData.runData[NODE_UNDER_TEST_NAME]?.[0];
	const failure = task?.error ?? run.data.resultData.error;
	return {
		items: task?.data?.main?.[0] ?? [],
		error: failure === undefined ? undefined : shapeNodeError(failure),
		runData: run,
	};
}
