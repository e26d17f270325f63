import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
	appendFileSync,
	existsSync,
	mkdirSync,
	mkdtempSync,
	readFileSync,
	rmSync,
	writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import type { CapturedRun } from './childProcesses';
import { runCaptured, spawnGroup, stopGroup } from './childProcesses';
import type { ImportedCredential } from './credentials';
import type { N8nInstallation } from './ensureN8n';
import { ensureN8n } from './ensureN8n';
import {
	freePort,
	instanceEnv,
	PORT_CLASH_ATTEMPTS,
	portClash,
	runOnFreshPorts,
	serverListening,
} from './instanceEnv';
import type { N8nRecipe } from './n8nRecipes';
import { n8nRecipe } from './n8nRecipes';
import type { OwnerAccount } from './n8nRest';
import { DEFAULT_OWNER, N8nRestClient } from './n8nRest';
import type { LoadingMode, PackedPackage } from './packageInstall';
import {
	installAsCommunityPackage,
	installAsCustomExtension,
	nodeTypePrefix,
	packPackage,
} from './packageInstall';
import { packedBuild } from './packedBuild';
import type { JsonObject, WorkflowRun } from './runData';
import { findRunJson, summariseRun } from './runData';
import { projectRoot } from './runtimePaths';
import { parseStoredExecution } from './storedExecution';

export type { WorkflowRun, NodeRun, RunError, JsonObject } from './runData';
export { nodeItems } from './runData';
export type {
	CredentialTestResult,
	CredentialUnderTest,
	ListedNodeType,
	OwnerAccount,
} from './n8nRest';
export { DEFAULT_OWNER, N8nRestClient } from './n8nRest';
export type { LoadingMode } from './packageInstall';
export type { ImportedCredential, QrtracConnection } from './credentials';
export {
	mcpBearerCredential,
	MCP_BEARER_CREDENTIAL_ID,
	MCP_BEARER_CREDENTIAL_NAME,
	qrtracCredential,
	SIMULATOR_CREDENTIAL_ID,
	SIMULATOR_CREDENTIAL_NAME,
} from './credentials';

/** A workflow as exported from the editor; `id` is assigned when missing. */
export interface WorkflowJson {
	id?: string;
	name: string;
	nodes: Array<{ type: string; name: string; [key: string]: unknown }>;
	connections: Record<string, unknown>;
	[key: string]: unknown;
}

export interface RealN8nOptions {
	/**
	 * The n8n release to run (default: the pinned N8N_VERSION of runtimePaths.ts), installed on demand into
	 * its own cache folder by its line's recipe (scripts/n8n/n8nRecipes.ts), whose environment every n8n
	 * process of this instance gets.
	 */
	n8nVersion?: string;
	/**
	 * `community` (default): installed as Settings > Community nodes would, types `n8n-nodes-qrtrac.<node>`.
	 * `custom`: unpacked into a folder named by N8N_CUSTOM_EXTENSIONS, types `CUSTOM.<node>`.
	 */
	loading?: LoadingMode;
	/** Run `npm run build` before packing (default true; false reuses the current dist/). */
	build?: boolean;
	/**
	 * Install this tarball instead of building and packing one (`build` is then ignored): e.g. one packed
	 * build for every n8n of the compatibility matrix.
	 */
	packed?: PackedPackage;
	log?: (line: string) => void;
	/** Extra environment for every n8n process of this instance. */
	env?: Record<string, string>;
	/**
	 * Use this user folder instead of a new temporary one (kept after stop()): its workflows, owner and
	 * executions survive restarts. The package is reinstalled into it from a fresh tarball every time.
	 */
	userFolder?: string;
	/** Keep the user folder after stop() (for looking at logs). */
	keepUserFolder?: boolean;
	/** Fixed HTTP port for startServer() (default: a free one). */
	port?: number;
	/**
	 * Record, inside every n8n process, where the package's own `require()` calls resolve to
	 * (see scripts/n8n/probes/traceResolution.cjs); read them with moduleResolutions().
	 */
	traceModuleResolution?: boolean;
	/**
	 * The one folder workflows may read and write files in (N8N_RESTRICT_FILE_ACCESS_TO). Default
	 * `<user folder>/.n8n-files`: n8n processes run in the user folder, so, as in a default install where
	 * the user folder is the home folder, the relative path `.n8n-files/<file>` names a file in it.
	 */
	filesDir?: string;
}

/** One `require()` made by a file of the package inside n8n. */
export interface ModuleResolution {
	request: string;
	from: string;
	resolved: string;
}

export interface ExecuteOptions {
	timeoutMs?: number;
	/** Extra environment for this one `n8n execute` process (e.g. a memory probe). */
	env?: Record<string, string>;
	/** Skip copying n8n's output into the driver log (runs of thousands of items print megabytes). */
	quiet?: boolean;
}

/** A workflow run plus what the run cost from the outside. */
export interface TimedWorkflowRun extends WorkflowRun {
	/** Wall time of the whole `n8n execute` process (cold start included). */
	processMs: number;
	/** stdout and stderr of n8n, for diagnosing failures. */
	output: string;
}

const RESOLUTION_PROBE = path.join(projectRoot, 'scripts', 'n8n', 'probes', 'traceResolution.cjs');
const PACKAGE_NAME = (
	JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as { name: string }
).name;
const SERVER_READY_TIMEOUT_MS = 180_000;
/**
 * How long to wait for what an active poll trigger does next: n8n polls at most once a minute, then the
 * execution is stored; the rest is slack for a busy machine (a task runner's cold start, a slow database write).
 */
export const POLL_TICK_WAIT_MS = 150_000;
const CLI_TIMEOUT_MS = 180_000;

/**
 * One isolated real n8n (the pinned release, or RealN8nOptions.n8nVersion; installed on demand) with this
 * package loaded from its packed tarball. CLI commands (import, execute, publish) run as separate n8n
 * processes on the same user folder; startServer() runs `n8n start` for the editor, REST calls and active
 * triggers. Everything binds to 127.0.0.1, every wait is bounded, and every process started here is killed
 * by stop() or at exit.
 */
export class RealN8n {
	private server: ChildProcess | undefined;
	private restClient: N8nRestClient | undefined;
	private serverLog = '';
	/** What the latest `n8n start` printed before it was ready (or ended). */
	private startOutput = '';

	private constructor(
		readonly installation: N8nInstallation,
		readonly userFolder: string,
		/** HTTP port of `n8n start`: a fresh one when another process took it first (unless RealN8nOptions.port). */
		public port: number,
		readonly loading: LoadingMode,
		readonly packageDir: string,
		private readonly options: RealN8nOptions,
	) {}

	/** Installs n8n when missing, builds and packs the package, and prepares a fresh user folder with it installed. */
	static async create(options: RealN8nOptions = {}): Promise<RealN8n> {
		const log = options.log ?? (() => undefined);
		// without a log of its own, an install (minutes) still reports its progress on stderr
		const installation = await ensureN8n({ log: options.log, version: options.n8nVersion });
		const userFolder = options.userFolder ?? mkdtempSync(path.join(tmpdir(), 'qrtrac-n8n-'));
		mkdirSync(userFolder, { recursive: true });
		try {
			const loading = options.loading ?? 'community';
			const packageDir = await installPackage(
				loading,
				options.packed ?? options.build ?? true,
				userFolder,
				log,
			);
			const port = options.port ?? (await freePort());
			return new RealN8n(installation, userFolder, port, loading, packageDir, options);
		} catch (error) {
			if (!options.userFolder) rmSync(userFolder, { recursive: true, force: true });
			throw error;
		}
	}

	/** How this instance's n8n line is installed and run (overrides, environment, activation command). */
	get recipe(): N8nRecipe {
		return n8nRecipe(this.installation.version);
	}

	/** The type name n8n gives one of this package's nodes, e.g. `nodeType('qrtrac')`. */
	nodeType(node: string): string {
		return `${nodeTypePrefix(this.loading, PACKAGE_NAME)}.${node}`;
	}

	get baseUrl(): string {
		return `http://localhost:${this.port}`;
	}

	/** REST client of the running server (after startServer()). */
	get rest(): N8nRestClient {
		if (!this.restClient) throw new Error('n8n is not running: call startServer() first');
		return this.restClient;
	}

	/** Runs any n8n CLI command against this user folder and returns its output (throws on a non-zero exit). */
	async cli(
		args: string[],
		timeoutMs = CLI_TIMEOUT_MS,
	): Promise<{ stdout: string; stderr: string; durationMs: number }> {
		const result = await this.runCli(args, {}, timeoutMs);
		this.appendLog(
			`$ n8n ${args.join(' ')} (${result.durationMs} ms, exit ${result.code})\n${result.stdout}${result.stderr}`,
		);
		if (result.code !== 0) {
			const why = result.timedOut
				? `timed out after ${timeoutMs} ms`
				: `exited with ${result.code ?? result.signal}`;
			throw new Error(`n8n ${args[0]} ${why}:\n${(result.stdout + result.stderr).slice(-4000)}`);
		}
		return result;
	}

	async importCredentials(credentials: ImportedCredential[]): Promise<void> {
		const file = path.join(this.userFolder, `credentials-${randomBytes(4).toString('hex')}.json`);
		writeFileSync(file, JSON.stringify(credentials), { mode: 0o600 });
		try {
			await this.cli(['import:credentials', `--input=${file}`]);
		} finally {
			// the file holds secrets in clear text: it lives only as long as the import
			rmSync(file, { force: true });
		}
	}

	/**
	 * Imports one workflow and returns its id. Node types written for either loading mode
	 * (`CUSTOM.qrtrac`, `n8n-nodes-qrtrac.qrtrac`) are rewritten to the mode of this instance.
	 */
	async importWorkflow(workflow: WorkflowJson): Promise<string> {
		const [id] = await this.importWorkflows([workflow]);
		return id;
	}

	/** Imports several workflows with one n8n process (each import costs an n8n cold start); ids in order. */
	async importWorkflows(workflows: WorkflowJson[]): Promise<string[]> {
		const folder = mkdtempSync(path.join(this.userFolder, 'import-'));
		const ids = workflows.map((workflow) => {
			const id = workflow.id ?? newWorkflowId();
			const nodes = workflow.nodes.map((node) => ({
				...node,
				type: this.localNodeType(node.type),
			}));
			writeFileSync(
				path.join(folder, `${id}.json`),
				JSON.stringify({ active: false, settings: {}, ...workflow, id, nodes }),
			);
			return id;
		});
		try {
			await this.cli(['import:workflow', '--separate', `--input=${folder}`]);
		} finally {
			rmSync(folder, { recursive: true, force: true });
		}
		return ids;
	}

	/** The folder workflows may use for files (see RealN8nOptions.filesDir). */
	get filesDir(): string {
		return this.options.filesDir ?? path.join(this.userFolder, '.n8n-files');
	}

	/**
	 * Marks the workflow's current version as published (2.x; in 1.x: sets it active), so `n8n start`
	 * activates its triggers.
	 */
	async publishWorkflow(id: string): Promise<void> {
		await this.cli(this.recipe.activateCommand(id));
	}

	/** `n8n execute --id --rawOutput` in a fresh n8n process: the run data per node (items, errors, timings). */
	async executeWorkflow(id: string, options: ExecuteOptions = {}): Promise<TimedWorkflowRun> {
		const timeoutMs = options.timeoutMs ?? CLI_TIMEOUT_MS;
		const result = await this.runCli(
			['execute', `--id=${id}`, '--rawOutput'],
			options.env ?? {},
			timeoutMs,
		);
		const output = result.stdout + result.stderr;
		this.appendLog(
			`$ n8n execute --id=${id} (${result.durationMs} ms, exit ${result.code})\n${options.quiet ? '' : output}`,
		);
		if (result.timedOut)
			throw new Error(
				`n8n execute of ${id} timed out after ${timeoutMs} ms:\n${output.slice(-4000)}`,
			);
		const raw = findRunJson(result.stdout) ?? findRunJson(output);
		if (!raw)
			throw new Error(
				`n8n execute of ${id} printed no run data (exit ${result.code}):\n${output.slice(-4000)}`,
			);
		return { ...summariseRun(raw), processMs: result.durationMs, output };
	}

	/**
	 * One n8n CLI process to its end, started again on a fresh task-broker port (each env() picks one) when
	 * another process took it first (see portClash).
	 */
	private async runCli(
		args: string[],
		extraEnv: Record<string, string>,
		timeoutMs: number,
	): Promise<CapturedRun> {
		return await runOnFreshPorts(
			async () =>
				await runCaptured(this.installation.nodeBin, [this.installation.cliPath, ...args], {
					cwd: this.userFolder,
					env: { ...(await this.env('info')), ...extraEnv },
					timeoutMs,
				}),
			() => this.appendLog(`$ n8n ${args[0]}: a port was taken, starting it again\n`),
		);
	}

	/**
	 * Starts `n8n start` on 127.0.0.1:<port> and waits until it is ready; then sets up the owner and logs in.
	 * When another process took a port first (see portClash), starts again on fresh ports: the HTTP port only
	 * when the caller did not fix it.
	 */
	async startServer(owner: OwnerAccount = DEFAULT_OWNER): Promise<N8nRestClient> {
		if (this.server) return this.rest;
		for (let attempt = 1; ; attempt++) {
			this.startOutput = '';
			try {
				return await this.startServerOnce(owner);
			} catch (error) {
				const output = this.startOutput;
				const httpPortTaken = output.includes(`port ${this.port} is already in use`);
				if (attempt >= PORT_CLASH_ATTEMPTS || !portClash(output)) throw error;
				if (httpPortTaken && this.options.port !== undefined) throw error;
				if (httpPortTaken) this.port = await freePort();
				this.options.log?.(`A port n8n needed was taken; starting it again on port ${this.port}`);
			}
		}
	}

	private async startServerOnce(owner: OwnerAccount): Promise<N8nRestClient> {
		const started = Date.now();
		const env = await this.env('info');
		const server = spawnGroup(this.installation.nodeBin, [this.installation.cliPath, 'start'], {
			cwd: this.userFolder,
			env,
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		this.server = server;
		const record = (chunk: Buffer) => {
			this.serverLog = (this.serverLog + chunk.toString()).slice(-200_000);
			if (!this.restClient) this.startOutput = (this.startOutput + chunk.toString()).slice(-20_000);
			this.appendLog(chunk.toString());
		};
		server.stdout?.on('data', record);
		server.stderr?.on('data', record);
		try {
			await this.waitUntilReady(server);
			const rest = new N8nRestClient(this.baseUrl);
			try {
				await rest.setupOwner(owner);
			} catch {
				// the owner exists from an earlier start of this user folder
				await rest.login(owner.email, owner.password);
			}
			this.restClient = rest;
		} catch (error) {
			await this.stopServer();
			throw error;
		}
		this.options.log?.(
			`n8n is ready at ${this.baseUrl} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
		);
		return this.rest;
	}

	/**
	 * Waits (bounded) for an execution of the workflow that is not in `known` and has finished, then returns
	 * its run data. For active triggers: pass the ids seen before the change that should fire it.
	 */
	async waitForExecution(
		workflowId: string,
		options: { known?: Set<string>; timeoutMs: number },
	): Promise<WorkflowRun & { executionId: string }> {
		const deadline = Date.now() + options.timeoutMs;
		while (Date.now() < deadline) {
			const fresh = (await this.rest.executions(workflowId)).find(
				(execution) =>
					!options.known?.has(String(execution.id)) &&
					!['new', 'running', 'waiting'].includes(execution.status),
			);
			if (fresh) {
				const stored = await this.rest.execution(String(fresh.id));
				return {
					...parseStoredExecution(this.installation.installDir, stored),
					executionId: String(fresh.id),
				};
			}
			await new Promise((resolve) => setTimeout(resolve, 1_000));
		}
		throw new Error(
			`No new execution of workflow ${workflowId} within ${options.timeoutMs / 1000} s`,
		);
	}

	/**
	 * A manual run through the REST API, as the editor's *Execute workflow* / *Fetch Test Event* starts it
	 * (mode `manual`: a poll trigger runs its test-event branch). Waits, bounded, until the execution has
	 * finished and returns its run data. Needs startServer().
	 */
	async runManually(
		workflowId: string,
		triggerNode: string,
		options: { timeoutMs: number },
	): Promise<WorkflowRun & { executionId: string }> {
		const deadline = Date.now() + options.timeoutMs;
		const workflow = await this.rest.request<JsonObject>('GET', `/rest/workflows/${workflowId}`);
		const started = await this.rest.request<{ executionId?: string; [key: string]: unknown }>(
			'POST',
			`/rest/workflows/${workflowId}/run`,
			this.recipe.manualRunBody(workflow, triggerNode),
		);
		const executionId = started?.executionId;
		if (!executionId)
			throw new Error(
				`n8n did not start a manual run of ${workflowId} from "${triggerNode}": ${JSON.stringify(started).slice(0, 500)}`,
			);
		while (Date.now() < deadline) {
			const stored = await this.rest.execution(String(executionId));
			const status = String(stored.status ?? '');
			if (stored.finished === true || !['new', 'running', 'waiting', ''].includes(status))
				return {
					...parseStoredExecution(this.installation.installDir, stored),
					executionId: String(executionId),
				};
			await new Promise((resolve) => setTimeout(resolve, 500));
		}
		throw new Error(
			`The manual run ${executionId} of workflow ${workflowId} did not finish within ${options.timeoutMs / 1000} s:\n${this.serverLog.slice(-3000)}`,
		);
	}

	/** Resolves with the exit code when the running server ends (for scripts that keep n8n up). */
	serverExit(): Promise<number | null> {
		const server = this.server;
		if (!server) return Promise.resolve(null);
		if (server.exitCode !== null || server.signalCode !== null)
			return Promise.resolve(server.exitCode);
		return new Promise((resolve) => server.once('exit', (code) => resolve(code)));
	}

	/** The server's recent output (for diagnosing failures). */
	get serverOutput(): string {
		return this.serverLog;
	}

	async stopServer(): Promise<void> {
		const server = this.server;
		this.server = undefined;
		this.restClient = undefined;
		if (server) await stopGroup(server, 15_000);
	}

	/** Stops the server and removes the user folder (unless keepUserFolder). */
	async stop(): Promise<void> {
		await this.stopServer();
		if (!this.options.keepUserFolder && !this.options.userFolder)
			rmSync(this.userFolder, { recursive: true, force: true });
	}

	private async waitUntilReady(server: ChildProcess): Promise<void> {
		const deadline = Date.now() + SERVER_READY_TIMEOUT_MS;
		let listening = false;
		while (Date.now() < deadline) {
			if (server.exitCode !== null || server.signalCode !== null) {
				throw new Error(
					`n8n start exited (${server.exitCode ?? server.signalCode}) before it was ready:\n${this.serverLog.slice(-4000)}`,
				);
			}
			// only once this n8n holds the port can an answer on it be this n8n's
			listening ||= serverListening(this.startOutput);
			if (listening)
				try {
					const response = await fetch(`http://127.0.0.1:${this.port}/healthz/readiness`, {
						signal: AbortSignal.timeout(2_000),
					});
					if (response.ok && (await this.restAnswers())) return;
				} catch {
					// not answering yet
				}
			await new Promise((resolve) => setTimeout(resolve, 500));
		}
		throw new Error(
			`n8n was not ready within ${SERVER_READY_TIMEOUT_MS / 1000} s:\n${this.serverLog.slice(-4000)}`,
		);
	}

	/**
	 * Whether the REST API answers (with JSON, whatever the status). n8n 1.x reports itself ready once its
	 * database is migrated, while every other path still serves its "starting up" HTML page.
	 */
	private async restAnswers(): Promise<boolean> {
		const response = await fetch(`http://127.0.0.1:${this.port}/rest/settings`, {
			signal: AbortSignal.timeout(2_000),
		});
		await response.arrayBuffer();
		return /json/.test(response.headers.get('content-type') ?? '');
	}

	/** What the package's `require()` calls resolved to in every n8n process so far (traceModuleResolution only). */
	moduleResolutions(): ModuleResolution[] {
		if (!existsSync(this.resolutionLog)) return [];
		return readFileSync(this.resolutionLog, 'utf8')
			.split('\n')
			.filter(Boolean)
			.map((line) => JSON.parse(line) as ModuleResolution);
	}

	private get resolutionLog(): string {
		return path.join(this.userFolder, 'module-resolution.jsonl');
	}

	/** Each n8n process gets its own task-runner broker port, so CLI runs can overlap with the server. */
	private async env(logLevel: 'info' | 'warn'): Promise<NodeJS.ProcessEnv> {
		const trace: Record<string, string> = this.options.traceModuleResolution
			? {
					NODE_OPTIONS: `--require "${RESOLUTION_PROBE}"`,
					QRTRAC_RESOLUTION_LOG: this.resolutionLog,
					QRTRAC_PACKAGE_DIR: this.packageDir,
				}
			: {};
		mkdirSync(this.filesDir, { recursive: true });
		return instanceEnv({
			userFolder: this.userFolder,
			port: this.port,
			brokerPort: await freePort(),
			customExtensions: this.loading === 'custom' ? [path.dirname(this.packageDir)] : undefined,
			logLevel,
			extra: {
				N8N_RESTRICT_FILE_ACCESS_TO: this.filesDir,
				...this.recipe.env,
				...trace,
				...this.options.env,
			},
		});
	}

	/** Both prefixes can only mean this package: CUSTOM nodes come from no other folder here. */
	private localNodeType(type: string): string {
		const [prefix, node] = type.split('.');
		return node && (prefix === 'CUSTOM' || prefix === PACKAGE_NAME) ? this.nodeType(node) : type;
	}

	private appendLog(text: string): void {
		mkdirSync(this.userFolder, { recursive: true });
		appendFileSync(path.join(this.userFolder, 'n8n-driver.log'), text);
	}
}

/**
 * Installs the package into the user folder from a given tarball, from one built and packed from the current
 * sources (`true`; cached by their hash across processes) or, with `false`, packed from the dist/ there is
 * now (that tarball is removed once installed).
 */
async function installPackage(
	loading: LoadingMode,
	source: boolean | PackedPackage,
	userFolder: string,
	log: (line: string) => void,
): Promise<string> {
	const scratch = path.join(userFolder, '.pack');
	const pack =
		typeof source === 'object'
			? source
			: source
				? await packedBuild(log)
				: await packPackage(scratch);
	try {
		return loading === 'community'
			? await installAsCommunityPackage(pack, userFolder)
			: await installAsCustomExtension(pack, path.join(userFolder, 'extensions'));
	} finally {
		rmSync(scratch, { recursive: true, force: true });
	}
}

/** n8n workflow ids are 16 alphanumeric characters. */
function newWorkflowId(): string {
	const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
	return Array.from(randomBytes(16), (byte) => alphabet[byte % alphabet.length]).join('');
}
