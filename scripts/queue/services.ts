import type { ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { chownSync, closeSync, cpSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { killGroup, spawnGroup } from '../n8n/childProcesses';
import { freePort } from '../n8n/instanceEnv';
import type { QueueServerBinaries } from './systemPackages';

/**
 * PostgreSQL and Redis for one queue-mode cluster: private servers on free ports of 127.0.0.1, with their
 * data in temporary folders, each run as a child process group of this process. stop() ends them and removes
 * their folders; if this process exits first, the group is killed (scripts/n8n/childProcesses.ts) and the
 * folders are removed by the exit hook below.
 */
export interface RunningService {
	port: number;
	stop(): Promise<void>;
	/** The server's own output so far (for diagnosing failures). */
	output(): string;
}

export interface RunningPostgres extends RunningService {
	/** The server's version (e.g. 17.10.0-beta.17 for the npm build, 15 for Debian's). */
	version: string;
	/** n8n's DB_* settings for this server. */
	n8nEnv: Record<string, string>;
}

const READY_TIMEOUT_MS = 60_000;
const STOP_GRACE_MS = 15_000;
const scratchFolders = new Set<string>();

process.once('exit', () => {
	for (const folder of scratchFolders) rmSync(folder, { recursive: true, force: true });
});

/**
 * A PostgreSQL cluster made for this run (initdb), with a database and role `n8n` made in single-user mode
 * before the server starts (the npm build has no psql). PostgreSQL refuses to run as root, so as root it runs
 * as an unprivileged user (`postgres`, made when missing); otherwise as the current user. Durability is off
 * (fsync, synchronous commit): the data is thrown away at the end.
 */
export async function startPostgres(
	binaries: QueueServerBinaries,
	log: (line: string) => void,
): Promise<RunningPostgres> {
	const folder = scratch('qrtrac-pg-');
	let binDir = binaries.postgresBin;
	if (binaries.postgresNativeDir) {
		// the machine-wide install may sit in root's home, which the server's user cannot read
		cpSync(binaries.postgresNativeDir, path.join(folder, 'pg'), {
			recursive: true,
			verbatimSymlinks: true,
		});
		binDir = path.join(folder, 'pg', 'bin');
	}
	const asRoot = process.getuid?.() === 0;
	if (asRoot) {
		const { uid, gid } = serverUser();
		chownSync(folder, uid, gid);
	}
	const run = (binary: string, args: string[]): [string, string[]] =>
		asRoot
			? ['runuser', ['-u', SERVER_USER, '--', path.join(binDir, binary), ...args]]
			: [path.join(binDir, binary), args];
	const dataDir = path.join(folder, 'data');
	const [initdb, initdbArgs] = run('initdb', [
		'-D',
		dataDir,
		'-U',
		'postgres',
		'--auth=trust',
		'-E',
		'UTF8',
		'--no-sync',
	]);
	execFileSync(initdb, initdbArgs, { cwd: folder, stdio: 'pipe', timeout: 120_000 });
	const [single, singleArgs] = run('postgres', ['--single', '-D', dataDir, '-F', 'postgres']);
	execFileSync(single, singleArgs, {
		cwd: folder,
		stdio: 'pipe',
		timeout: 120_000,
		input: "CREATE ROLE n8n LOGIN PASSWORD 'n8n';\nCREATE DATABASE n8n OWNER n8n;\n",
	});

	const port = await freePort();
	const logFile = path.join(folder, 'postgres.log');
	const [postgres, postgresArgs] = run('postgres', [
		'-D',
		dataDir,
		'-p',
		String(port),
		'-c',
		'listen_addresses=127.0.0.1',
		'-c',
		`unix_socket_directories=${folder}`,
		'-c',
		'fsync=off',
		'-c',
		'synchronous_commit=off',
		'-c',
		'full_page_writes=off',
		'-c',
		'max_connections=200',
	]);
	const child = spawnLogged(postgres, postgresArgs, folder, logFile);
	const output = () => readText(logFile);
	const stop = async () => {
		await stopChild(child, 'SIGINT');
		scratchFolders.delete(folder);
		rmSync(folder, { recursive: true, force: true });
	};
	try {
		await waitUntilAsync(
			async () => /ready to accept connections/.test(output()) && (await acceptsConnections(port)),
			child,
			'PostgreSQL',
			output,
		);
	} catch (error) {
		await stop();
		throw error;
	}
	log(`PostgreSQL ${binaries.postgresVersion} on 127.0.0.1:${port}`);
	return {
		port,
		stop,
		output,
		version: binaries.postgresVersion,
		n8nEnv: {
			DB_TYPE: 'postgresdb',
			DB_POSTGRESDB_HOST: '127.0.0.1',
			DB_POSTGRESDB_PORT: String(port),
			DB_POSTGRESDB_DATABASE: 'n8n',
			DB_POSTGRESDB_USER: 'n8n',
			DB_POSTGRESDB_PASSWORD: 'n8n',
		},
	};
}

/** The unprivileged user PostgreSQL runs as under root: Debian's `postgres`, made when it does not exist. */
const SERVER_USER = 'postgres';

function serverUser(): { uid: number; gid: number } {
	const id = (flag: string) =>
		Number(execFileSync('id', [flag, SERVER_USER], { encoding: 'utf8', stdio: 'pipe' }).trim());
	try {
		return { uid: id('-u'), gid: id('-g') };
	} catch {
		execFileSync(
			'useradd',
			['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', SERVER_USER],
			{
				stdio: 'pipe',
			},
		);
		return { uid: id('-u'), gid: id('-g') };
	}
}

function acceptsConnections(port: number): Promise<boolean> {
	return new Promise((resolve) => {
		const socket = connect(port, '127.0.0.1');
		const done = (ok: boolean) => {
			socket.destroy();
			resolve(ok);
		};
		socket.setTimeout(2000, () => done(false));
		socket.once('error', () => done(false));
		socket.once('connect', () => done(true));
	});
}

/** A Redis server for Bull's queue: nothing saved to disk, only 127.0.0.1. */
export async function startRedis(
	binaries: QueueServerBinaries,
	log: (line: string) => void,
): Promise<RunningService> {
	const folder = scratch('qrtrac-redis-');
	const port = await freePort();
	const logFile = path.join(folder, 'redis.log');
	const args = [
		'--port',
		String(port),
		'--bind',
		'127.0.0.1',
		'--save',
		'',
		'--appendonly',
		'no',
		'--daemonize',
		'no',
		'--dir',
		folder,
	];
	const child = spawnLogged(binaries.redisServer, args, folder, logFile);
	const output = () => readText(logFile);
	const stop = async () => {
		await stopChild(child, 'SIGTERM');
		scratchFolders.delete(folder);
		rmSync(folder, { recursive: true, force: true });
	};
	try {
		await waitUntilAsync(() => redisPing(port), child, 'Redis', output);
	} catch (error) {
		await stop();
		throw error;
	}
	log(`Redis on 127.0.0.1:${port}`);
	return { port, stop, output };
}

function scratch(prefix: string): string {
	const folder = mkdtempSync(path.join(tmpdir(), prefix));
	scratchFolders.add(folder);
	return folder;
}

function spawnLogged(command: string, args: string[], cwd: string, logFile: string): ChildProcess {
	const fd = openSync(logFile, 'a');
	try {
		return spawnGroup(command, args, { cwd, stdio: ['ignore', fd, fd] });
	} finally {
		closeSync(fd);
	}
}

function readText(file: string): string {
	try {
		return readFileSync(file, 'utf8').slice(-4000);
	} catch {
		return '';
	}
}

/** Asks the group to stop with `signal`, then kills it if it has not exited within the grace time. */
async function stopChild(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
	const pid = child.pid;
	if (pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
	const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
	killGroup(pid, signal);
	let timer: NodeJS.Timeout | undefined;
	const timedOut = new Promise<void>((resolve) => {
		timer = setTimeout(resolve, STOP_GRACE_MS);
	});
	await Promise.race([exited, timedOut]);
	clearTimeout(timer);
	killGroup(pid, 'SIGKILL');
	await exited;
}

async function waitUntilAsync(
	ready: () => Promise<boolean>,
	child: ChildProcess,
	name: string,
	output: () => string,
): Promise<void> {
	const deadline = Date.now() + READY_TIMEOUT_MS;
	while (Date.now() < deadline) {
		if (child.exitCode !== null || child.signalCode !== null)
			throw new Error(`${name} exited before it was ready:\n${output()}`);
		try {
			if (await ready()) return;
		} catch {
			// not accepting connections yet
		}
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
	throw new Error(`${name} was not ready within ${READY_TIMEOUT_MS / 1000} s:\n${output()}`);
}

function redisPing(port: number): Promise<boolean> {
	return new Promise((resolve) => {
		const socket = connect(port, '127.0.0.1');
		let answer = '';
		const done = (ok: boolean) => {
			socket.destroy();
			resolve(ok);
		};
		socket.setTimeout(2000, () => done(false));
		socket.once('error', () => done(false));
		socket.on('data', (chunk) => {
			answer += chunk.toString();
			if (answer.includes('\r\n')) done(answer.startsWith('+PONG'));
		});
		socket.once('connect', () => socket.write('PING\r\n'));
	});
}
