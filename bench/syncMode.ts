import path from 'node:path';

import type { INodeProperties, INodePropertyCollection, INodePropertyOptions, INodeType } from 'n8n-workflow';

/** The built node, exactly what the packed package gives n8n. */
const BUILT_NODE = path.join(__dirname, '..', 'dist', 'nodes', 'Qrtrac', 'Qrtrac.node.js');

/** How the benchmark switches Create or Update into its sync mode, as found in the node's own description. */
export interface SyncModeSwitch {
	/** Parameters merged into the Create or Update node. */
	parameters: Record<string, unknown>;
	/** Where it was found, for the report, e.g. `Options > Sync Mode = true`. */
	label: string;
}

const SYNC = /sync/i;

/**
 * Finds the sync mode of QR Code > Create or Update (issue 8) in the built node's description: a parameter of
 * that operation, top-level or inside a collection, that is a boolean named like "sync" (set to true) or an
 * options parameter with a "sync" choice (set to that choice). Undefined while the operation has none.
 * Read after the build, so it describes the code n8n runs.
 */
export function findSyncModeSwitch(): SyncModeSwitch | undefined {
	const { Qrtrac } = require(BUILT_NODE) as { Qrtrac: new () => INodeType };
	const properties = new Qrtrac().description.properties.filter((property) =>
		(property.displayOptions?.show?.operation as string[] | undefined)?.includes('createOrUpdate'),
	);
	for (const property of properties) {
		const direct = switchOf(property);
		if (direct) return { parameters: { [property.name]: direct.value }, label: `${property.displayName} = ${direct.shown}` };
		if (property.type !== 'collection' || !property.options) continue;
		for (const option of property.options) {
			if (!isProperty(option)) continue;
			const nested = switchOf(option);
			if (nested) {
				return { parameters: { [property.name]: { [option.name]: nested.value } }, label: `${property.displayName} > ${option.displayName} = ${nested.shown}` };
			}
		}
	}
	return undefined;
}

function switchOf(property: INodeProperties): { value: unknown; shown: string } | undefined {
	if (property.type === 'boolean' && (SYNC.test(property.name) || SYNC.test(property.displayName))) return { value: true, shown: 'true' };
	if (property.type !== 'options' || !property.options) return undefined;
	const choice = property.options.find((option) => 'value' in option && (SYNC.test(String(option.value)) || SYNC.test(option.name))) as
		| INodePropertyOptions
		| undefined;
	return choice ? { value: choice.value, shown: choice.name } : undefined;
}

function isProperty(option: INodePropertyOptions | INodeProperties | INodePropertyCollection): option is INodeProperties {
	return 'type' in option && 'displayName' in option;
}
