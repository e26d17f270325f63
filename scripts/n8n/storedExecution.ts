import { createRequire } from 'node:module';
import path from 'node:path';

import type { JsonObject, WorkflowRun } from './runData';
import { summariseRun } from './runData';

/**
 * Reads an execution as n8n's REST API returns it (`GET /rest/executions/:id`): the run data is serialised
 * with `flatted`, which is decoded with n8n's own copy of it, so the format always matches the install.
 */
export function parseStoredExecution(installDir: string, execution: JsonObject): WorkflowRun {
	const requireFromN8n = createRequire(
		path.join(installDir, 'node_modules', 'n8n', 'package.json'),
	);
	const { parse } = requireFromN8n('flatted') as { parse: (text: string) => unknown };
	const data = typeof execution.data === 'string' ? parse(execution.data) : execution.data;
	return summariseRun({ ...execution, data } as JsonObject);
}
