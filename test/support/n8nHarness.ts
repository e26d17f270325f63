/**
 * In-process n8n for tests: runs this package's nodes through n8n's real execution engine (n8n-core
 * WorkflowExecute, PollContext + PollTriggerExecutor, RoutingNode, LoadOptionsContext), loading the BUILT
 * package the way n8n loads a community package (PackageDirectoryLoader reading package.json `n8n`).
 * HTTP goes over real sockets through n8n-core's request helpers; credentials are applied by a credentials
 * helper that follows n8n's own rules, so the headers the credential's `authenticate` sets really go out.
 *
 * Build first (`npm run build`); `packageDir` points any call at another package (e.g. the harness fixture).
 */
import type { IDataObject, INode, INodeExecutionData, INodeType, IRun } from 'n8n-workflow';

import { executeWorkflow, executionError, outputsByNode } from './harness/executeWorkflow';
import type { HarnessWorkflow } from './harness/executeWorkflow';
import type { HarnessCredentials } from './harness/harnessCredentials';
import type { HarnessNodeError } from './harness/nodeErrorShape';

export type { HarnessCredentials } from './harness/harnessCredentials';
export { HARNESS_CREDENTIAL_TYPE, moreCredentialDetails } from './harness/harnessCredentials';
export type { HarnessBinaryInput } from './harness/inputItems';
export type { HarnessNodeError } from './harness/nodeErrorShape';
export type { HarnessWorkflow } from './harness/executeWorkflow';
export { REPOSITORY_ROOT } from './harness/loadedPackage';
export { runNode } from './harness/runNode';
export { LOOP_OVER_ITEMS_TYPE, loopOverItems } from './harness/loopOverItems';
export type { RunNodeOptions, RunNodeResult } from './harness/runNode';
export { pollTrigger } from './harness/pollTrigger';
export type { PollTriggerOptions, PollTriggerResult } from './harness/pollTrigger';
export { testCredential } from './harness/credentialTest';
export { callLoadOptions } from './harness/loadOptions';
export type { LoadOptionsCall } from './harness/loadOptions';

export interface RunWorkflowResult {
	/** Each node's outputs (one array of items per output) from its last run, keyed by node name. */
	runData: Record<string, INodeExecutionData[][]>;
	/** The execution's error, with the name of the node that failed. */
	error?: HarnessNodeError & { node?: string };
	/** The engine's full run record. */
	run: IRun;
}

/**
 * Runs a whole workflow JSON (nodes + connections) through WorkflowExecute in 'manual' mode, starting at its
 * start node with one empty item, as the editor's "Execute workflow" does. Node types may be bare
 * (`qrtrac`) or full; nodes declaring `qrtracApi` get the given credentials unless they carry their own.
 */
export async function runWorkflow(
	workflow: { nodes: INode[]; connections: HarnessWorkflow['connections'] },
	options: {
		credentials?: HarnessCredentials;
		packageDir?: string;
		staticData?: IDataObject;
		/** Node types from outside the package by full type name (harness/loopOverItems.ts). */
		standIns?: Record<string, INodeType>;
	} = {},
): Promise<RunWorkflowResult> {
	const { run } = await executeWorkflow(workflow, options);
	return { runData: outputsByNode(run), error: executionError(run), run };
}
