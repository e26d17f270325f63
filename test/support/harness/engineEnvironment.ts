import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { InstanceSettings } from 'n8n-core';

import { engineService } from './engineServices';

/** A fixed test-only key, so n8n-core's InstanceSettings does not generate and log a new one. */
const HARNESS_ENCRYPTION_KEY = 'n8n-qrtrac-harness-only-key';

let prepared = false;

/**
 * Gives n8n-core the environment it reads when its services are first built (its DI container builds them
 * lazily): quiet logs (set N8N_LOG_LEVEL to see n8n's own), a fixed encryption key, and a throwaway user
 * folder. InstanceSettings, the only service that writes there (its `config` file), is built right away and
 * the folder removed, so nothing lands in the developer's home and nothing is left behind. Binary data stays
 * in n8n's in-memory ("default") mode because the BinaryDataService is never initialised with a file store.
 * Runs once per module registry (i.e. per jest test file), before the first service is built.
 */
export function prepareEngineEnvironment(): void {
	if (prepared) return;
	prepared = true;
	process.env.N8N_LOG_LEVEL ??= 'silent';
	process.env.N8N_DIAGNOSTICS_ENABLED = 'false';
	process.env.N8N_ENCRYPTION_KEY = HARNESS_ENCRYPTION_KEY;
	const userFolder = mkdtempSync(join(tmpdir(), 'n8n-harness-'));
	process.env.N8N_USER_FOLDER = userFolder;
	try {
		engineService(InstanceSettings);
	} finally {
		rmSync(userFolder, { recursive: true, force: true });
	}
}
