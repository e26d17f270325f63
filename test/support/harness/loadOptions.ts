import { LoadOptionsContext } from 'n8n-core';
import { UserError } from 'n8n-workflow';
import type { INode } from 'n8n-workflow';

import { prepareExecution } from './executeWorkflow';
import type { HarnessCredentials } from './harnessCredentials';
import { loadPackage } from './loadedPackage';

export interface LoadOptionsCall {
	credentials?: HarnessCredentials;
	/**
	 * The node's current parameters, passed as given. The editor resolves them before sending: an expression it
	 * cannot resolve arrives as null (one giving undefined is left out), not as the `={{ … }}` text.
	 */
	parameters?: Record<string, unknown>;
	/** Search text typed into a resource locator's list (listSearch only). */
	filter?: string;
	/** Token of the next page a previous listSearch call returned (listSearch only). */
	paginationToken?: string;
	kind: 'loadOptions' | 'listSearch';
	/** Path of the parameter asking, e.g. `parameters.team`; default `parameters.<methodName>`. */
	parameterPath?: string;
	packageDir?: string;
}

const TEMP_NODE_NAME = 'Temp-Node';

/**
 * Calls a node's `methods.loadOptions[name]` or `methods.listSearch[name]` the way n8n's server answers the
 * editor (its DynamicNodeParametersService): a one-node workflow holding the current parameters and
 * credentials, and n8n-core's LoadOptionsContext as `this`. Returns what the method returns.
 */
export async function callLoadOptions(
	nodeType: string,
	methodName: string,
	call: LoadOptionsCall,
): Promise<unknown> {
	const loadedPackage = await loadPackage(call.packageDir);
	const type = loadedPackage.fullNodeTypeName(nodeType);
	const node: INode = {
		id: 'temp-node',
		name: TEMP_NODE_NAME,
		type,
		typeVersion: loadedPackage.newestVersion(type),
		position: [0, 1],
		parameters: (call.parameters ?? {}) as INode['parameters'],
	};
	const { workflow, additionalData } = await prepareExecution(
		{ nodes: [node], connections: {} },
		{ credentials: call.credentials, packageDir: call.packageDir, mode: 'internal' },
	);
	const tempNode = workflow.getNode(TEMP_NODE_NAME) as INode;
	const methods = workflow.nodeTypes.getByNameAndVersion(tempNode.type, tempNode.typeVersion)
		.methods?.[call.kind];
	const method = methods?.[methodName];
	if (typeof method !== 'function') {
		throw new UserError(`Node "${nodeType}" has no ${call.kind} method "${methodName}"`);
	}
	additionalData.currentNodeParameters = tempNode.parameters;
	const context = new LoadOptionsContext(
		workflow,
		tempNode,
		additionalData,
		call.parameterPath ?? `parameters.${methodName}`,
	);
	return call.kind === 'listSearch'
		? await (method as (filter?: string, token?: string) => Promise<unknown>).call(
				context,
				call.filter,
				call.paginationToken,
			)
		: await (method as () => Promise<unknown>).call(context);
}
