import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import type { RealN8n, WorkflowJson } from '../scripts/n8n/realN8n';

/**
 * Imports all workflows with one `n8n import:workflow` (a file holding an array), which saves a cold n8n start
 * per workflow over RealN8n.importWorkflow. Node types must already be this instance's (`n8n.nodeType()`).
 * Returns the ids in the order given.
 */
export async function importWorkflows(n8n: RealN8n, workflows: WorkflowJson[]): Promise<string[]> {
	const stored = workflows.map((workflow) => ({
		active: false,
		settings: {},
		...workflow,
		id: workflow.id ?? newWorkflowId(),
	}));
	const file = path.join(n8n.userFolder, `bench-workflows-${randomBytes(4).toString('hex')}.json`);
	writeFileSync(file, JSON.stringify(stored));
	try {
		await n8n.cli(['import:workflow', `--input=${file}`]);
	} finally {
		rmSync(file, { force: true });
	}
	return stored.map((workflow) => workflow.id);
}

/** n8n workflow ids are 16 alphanumeric characters. */
function newWorkflowId(): string {
	const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
	return Array.from(randomBytes(16), (byte) => alphabet[byte % alphabet.length]).join('');
}
