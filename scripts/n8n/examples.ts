import { cpSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { SIMULATOR_CREDENTIAL_ID, SIMULATOR_CREDENTIAL_NAME } from './credentials';
import { projectRoot } from './runtimePaths';

/** A workflow as the driver imports it. */
export interface ExampleWorkflow {
	id?: string;
	name: string;
	nodes: Array<{ type: string; name: string; credentials?: unknown; [key: string]: unknown }>;
	connections: Record<string, unknown>;
	[key: string]: unknown;
}

export interface Example {
	file: string;
	workflow: ExampleWorkflow;
}

export const EXAMPLES_DIR = path.join(projectRoot, 'examples');
/** Example workflows read their files from `.n8n-files/qrtrac/` (n8n's default file folder, relative to home). */
const EXAMPLE_DATA_FOLDER = 'qrtrac';

/** Every `examples/*.json`, in file-name order, wired to the simulator credential. */
export function loadExamples(): Example[] {
	if (!existsSync(EXAMPLES_DIR)) return [];
	return readdirSync(EXAMPLES_DIR)
		.filter((file) => file.endsWith('.json'))
		.sort()
		.map((file) => {
			const workflow = JSON.parse(
				readFileSync(path.join(EXAMPLES_DIR, file), 'utf8'),
			) as ExampleWorkflow;
			if (!Array.isArray(workflow.nodes) || typeof workflow.connections !== 'object') {
				throw new Error(`${file} is not an n8n workflow (nodes and connections expected)`);
			}
			return { file, workflow: useSimulatorCredential(workflow) };
		});
}

/**
 * The example's own id is dropped (each import chooses one) and every QRTRAC node (action, trigger or tool)
 * uses the simulator credential, whatever credential the example was saved with.
 */
function useSimulatorCredential(workflow: ExampleWorkflow): ExampleWorkflow {
	const copy = { ...workflow };
	delete copy.id;
	const credentials = {
		qrtracApi: { id: SIMULATOR_CREDENTIAL_ID, name: SIMULATOR_CREDENTIAL_NAME },
	};
	return {
		...copy,
		nodes: workflow.nodes.map((node) =>
			/\.qrtrac(Trigger|Tool)?$/.test(node.type) ? { ...node, credentials } : node,
		),
	};
}

/** Copies examples/data into the folder n8n may read files from, where the examples expect it. */
export function copyExampleData(filesDir: string): void {
	const source = path.join(EXAMPLES_DIR, 'data');
	if (existsSync(source))
		cpSync(source, path.join(filesDir, EXAMPLE_DATA_FOLDER), { recursive: true });
}
