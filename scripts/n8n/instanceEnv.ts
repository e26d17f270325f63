import { createServer } from 'node:net';

import type { CapturedRun } from './childProcesses';
import { findRunJson } from './runData';
import { node24Env } from './runtimePaths';

/**
 * A fixed key so credentials imported in one n8n process decrypt in the next one of the same user folder.
 * It protects only throw-away test folders.
 */
export const TEST_ENCRYPTION_KEY = 'n8n-nodes-qrtrac-local-runtime-key';

export interface InstanceEnvOptions {
	userFolder: string;
	/** HTTP port of `n8n start`. */
	port: number;
	/** Task runner broker port; each n8n process alive at the same time needs its own. */
	brokerPort: number;
	/** Folders for N8N_CUSTOM_EXTENSIONS (custom loading only). */
	customExtensions?: string[];
	logLevel?: 'error' | 'warn' | 'info' | 'debug';
	extra?: Record<string, string>;
}

/**
 * Environment of one isolated, offline n8n: its own user folder and sqlite database, no telemetry, version
 * checks, templates or personalisation, listening on 127.0.0.1 only, and never reaching the simulator through
 * a proxy.
 */
export function instanceEnv(options: InstanceEnvOptions): NodeJS.ProcessEnv {
	const env: Record<string, string> = {
		N8N_USER_FOLDER: options.userFolder,
		N8N_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
		DB_TYPE: 'sqlite',
		N8N_DIAGNOSTICS_ENABLED: 'false',
		N8N_VERSION_NOTIFICATIONS_ENABLED: 'false',
		N8N_TEMPLATES_ENABLED: 'false',
		N8N_PERSONALIZATION_ENABLED: 'false',
		N8N_HIRING_BANNER_ENABLED: 'false',
		// n8n's start-up would otherwise reach api.n8n.io for its MCP server registry and vetted community nodes
		N8N_DISABLED_MODULES: 'mcp-registry',
		N8N_VERIFIED_PACKAGES_ENABLED: 'false',
		N8N_UNVERIFIED_PACKAGES_ENABLED: 'true',
		N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: 'false',
		N8N_PORT: String(options.port),
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_HOST: 'localhost',
		N8N_PROTOCOL: 'http',
		N8N_EDITOR_BASE_URL: `http://localhost:${options.port}`,
		N8N_SECURE_COOKIE: 'false',
		N8N_RUNNERS_BROKER_PORT: String(options.brokerPort),
		N8N_RUNNERS_BROKER_LISTEN_ADDRESS: '127.0.0.1',
		N8N_LOG_LEVEL: options.logLevel ?? 'info',
		N8N_LOG_OUTPUT: 'console',
		NO_PROXY: '127.0.0.1,localhost',
		no_proxy: '127.0.0.1,localhost',
		...(options.customExtensions
			? { N8N_CUSTOM_EXTENSIONS: options.customExtensions.join(';') }
			: {}),
		...options.extra,
	};
	const inherited = node24Env();
	for (const key of Object.keys(inherited)) {
		// a developer's own n8n settings must not leak into the isolated instance, and neither may the test
		// runner's: n8n treats NODE_ENV=test (set by jest) as its own unit tests and refuses to load nodes
		if (/^(N8N_|DB_|JEST_)/.test(key) || key === 'NODE_ENV' || key === 'NODE_OPTIONS')
			delete inherited[key];
	}
	return { ...inherited, ...env };
}

/**
 * Whether n8n ended because a port it binds was taken (its HTTP port, its task broker's, a worker's health
 * check's "Port N is already in use"): its own words, then
 * exit 1, before it has run anything. freePort() releases the port it found, so on a machine where other
 * processes bind ports too, another may take it first; a new start on fresh ports is then safe.
 */
export function portClash(output: string): boolean {
	return /port \d+ is already in use/i.test(output);
}

/**
 * Whether an n8n server process said it holds its port: `n8n start` prints where the editor is; a queue-mode worker
 * (`workerHealthPort` given) that its server listens on that port. Its "n8n worker is now ready" proves nothing:
 * n8n 1.x prints it before the health server listens. Until then an answer on that port may come from another
 * process that took the port first, even another n8n that passes every check.
 */
export function serverListening(output: string, workerHealthPort?: number): boolean {
	if (workerHealthPort === undefined) return /Editor is now accessible via/.test(output);
	return new RegExp(`n8n worker server listening on port ${workerHealthPort}(?!\\d)`).test(output);
}

/** Starts of one n8n process on fresh ports after a clash (each clash is rare: three in a row mean a real fault). */
export const PORT_CLASH_ATTEMPTS = 3;

/**
 * One n8n CLI process to its end, run again (each `run` picks fresh ports) while it ended on a port clash: at most
 * PORT_CLASH_ATTEMPTS runs, and never again once it printed run data (its workflow ran).
 */
export async function runOnFreshPorts(
	run: () => Promise<CapturedRun>,
	onClash: () => void = () => undefined,
): Promise<CapturedRun> {
	for (let attempt = 1; ; attempt++) {
		const result = await run();
		const output = result.stdout + result.stderr;
		if (result.code === 0 || attempt >= PORT_CLASH_ATTEMPTS) return result;
		if (!portClash(output) || findRunJson(output)) return result;
		onClash();
	}
}

/** A TCP port free on 127.0.0.1 right now (the OS picks it; another process may take it once released). */
export async function freePort(): Promise<number> {
	return await new Promise((resolve, reject) => {
		const server = createServer();
		server.once('error', reject);
		server.listen(0, '127.0.0.1', () => {
			const address = server.address();
			const port = typeof address === 'object' && address ? address.port : 0;
			server.close(() => resolve(port));
		});
	});
}

/** Whether nothing listens on 127.0.0.1:`port` (checked by listening on it for a moment). */
export async function isPortFree(port: number): Promise<boolean> {
	return await new Promise((resolve) => {
		const server = createServer();
		server.once('error', () => resolve(false));
		server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
	});
}
