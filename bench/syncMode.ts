import path from 'node:path';

import type { INodePropertyOptions, INodeType } from 'n8n-workflow';

/** How the benchmark switches Create or Update into its sync mode. */
export interface SyncModeSwitch {
	/** Parameters merged into the Create or Update node. */
	parameters: Record<string, unknown>;
	/** The form's wording, for the report, e.g. `Mode = Sync (Read Team's Codes Once)`. */
	label: string;
}

/** QR Code > Create or Update's Mode parameter and its sync choice (nodes/Qrtrac/actions/qrCode/createOrUpdate.operation.ts). */
const MODE_PARAMETER = 'mode';
const SYNC_CHOICE = 'sync';

/** The built node, exactly what the packed package gives n8n. */
const BUILT_NODE = path.join(__dirname, '..', 'dist', 'nodes', 'Qrtrac', 'Qrtrac.node.js');

/**
 * The sync mode as the built node's description offers it: Create or Update's `mode` parameter with its
 * `sync` choice. Undefined when the built node has no such choice (the sync jobs are then reported as not
 * run), so a renamed parameter shows in the report instead of silently measuring another mode.
 */
export function findSyncModeSwitch(): SyncModeSwitch | undefined {
	const { Qrtrac } = require(BUILT_NODE) as { Qrtrac: new () => INodeType };
	const mode = new Qrtrac().description.properties.find(
		(property) =>
			property.name === MODE_PARAMETER &&
			(property.displayOptions?.show?.operation as string[] | undefined)?.includes(
				'createOrUpdate',
			),
	);
	const choice = (mode?.options as INodePropertyOptions[] | undefined)?.find(
		(option) => option.value === SYNC_CHOICE,
	);
	if (!mode || !choice) return undefined;
	return {
		parameters: { [MODE_PARAMETER]: SYNC_CHOICE },
		label: `${mode.displayName} = ${choice.name}`,
	};
}
