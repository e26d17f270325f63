import { randomUUID } from 'node:crypto';

import { ExecutionLifecycleHooks, ExternalSecretsProxy } from 'n8n-core';
import { UnexpectedError } from 'n8n-workflow';
import type {
	ICredentialsHelper,
	IWorkflowBase,
	IWorkflowExecuteAdditionalData,
	WorkflowExecuteMode,
} from 'n8n-workflow';

/** URLs nodes may read; nothing listens on them, the harness runs no n8n server. */
const UNUSED_BASE_URL = 'http://127.0.0.1:5678/';

/**
 * The per-execution context n8n's server would hand to the engine: the credentials helper, lifecycle hooks
 * for this execution, and base URLs. Features the package does not use (sub-workflows, task runners for
 * Code nodes, AI agents) fail loudly instead of pretending to work.
 */
export function buildAdditionalData(
	credentialsHelper: ICredentialsHelper,
	workflowData: IWorkflowBase,
	mode: WorkflowExecuteMode,
): IWorkflowExecuteAdditionalData {
	const executionId = randomUUID();
	return {
		credentialsHelper,
		executionId,
		hooks: new ExecutionLifecycleHooks(mode, executionId, workflowData),
		externalSecretsProxy: new ExternalSecretsProxy(),
		currentNodeExecutionIndex: 0,
		variables: {},
		restApiUrl: `${UNUSED_BASE_URL}rest`,
		instanceBaseUrl: UNUSED_BASE_URL,
		formBaseUrl: `${UNUSED_BASE_URL}form`,
		formWaitingBaseUrl: `${UNUSED_BASE_URL}form-waiting`,
		formTestBaseUrl: `${UNUSED_BASE_URL}form-test`,
		webhookBaseUrl: `${UNUSED_BASE_URL}webhook`,
		webhookWaitingBaseUrl: `${UNUSED_BASE_URL}webhook-waiting`,
		webhookTestBaseUrl: `${UNUSED_BASE_URL}webhook-test`,
		mcpBaseUrl: `${UNUSED_BASE_URL}mcp`,
		mcpTestBaseUrl: `${UNUSED_BASE_URL}mcp-test`,
		workflowId: workflowData.id,
		logAiEvent: () => undefined,
		getRunExecutionData: async () => undefined,
		getRuntimeCredential: async () => undefined,
		executeWorkflow: async () => {
			throw new UnexpectedError('The harness does not run sub-workflows');
		},
		startRunnerTask: async () => {
			throw new UnexpectedError('The harness has no task runner (Code nodes are not supported)');
		},
	};
}
