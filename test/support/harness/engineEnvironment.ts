import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A fixed test-only key: n8n-core encrypts stored credentials with it, as a real instance does. */
const HARNESS_ENCRYPTION_KEY = 'n8n-qrtrac-harness-only-key';

/** Remembers the folder across jest test files, which share a worker process but not a module registry. */
const USER_FOLDER_MARKER = 'N8N_HARNESS_USER_FOLDER';

/**
 * Gives n8n-core the process environment it reads when its services are first built (its DI container builds
 * them lazily): a throwaway user folder, so InstanceSettings writes its config file into a temp dir and never
 * into the developer's home; a fixed encryption key; quiet logs. Binary data stays in n8n's in-memory
 * ("default") mode because the BinaryDataService is never initialised with a file store.
 * Must run before the first node context is created. One folder per process, removed when the process exits.
 */
export function prepareEngineEnvironment(): void {
	if (process.env[USER_FOLDER_MARKER] === undefined) {
		const userFolder = mkdtempSync(join(tmpdir(), 'n8n-harness-'));
		process.env[USER_FOLDER_MARKER] = userFolder;
		process.on('exit', () => rmSync(userFolder, { recursive: true, force: true }));
	}
	process.env.N8N_USER_FOLDER = process.env[USER_FOLDER_MARKER];
	process.env.N8N_ENCRYPTION_KEY = HARNESS_ENCRYPTION_KEY;
	process.env.N8N_LOG_LEVEL ??= 'silent';
	process.env.N8N_DIAGNOSTICS_ENABLED = 'false';
}
