import type { ChildProcess, SpawnOptions } from 'node:child_process';
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { constants, tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Every process started here leads its own process group (n8n starts task runners below it), so killing the
 * group ends the whole tree. Groups still alive when this process exits are killed then: nothing outlives
 * the script or test that started it.
 */
const liveGroups: Set<number> =
	// inside jest, the set of the test environment (test/support/processGroupEnvironment.js), which kills them
	// when the file ends or jest is stopped: this module's exit hook listens on jest's copy of `process` there
	((globalThis as Record<symbol, unknown>)[Symbol.for('n8n-nodes-qrtrac.liveProcessGroups')] as
		Set<number> | undefined) ?? new Set<number>();

process.once('exit', () => {
	for (const pid of liveGroups) killGroup(pid, 'SIGKILL');
});

export function spawnGroup(command: string, args: string[], options: SpawnOptions): ChildProcess {
	const child = spawn(command, args, { ...options, detached: true });
	const pid = child.pid;
	if (pid !== undefined) {
		liveGroups.add(pid);
		child.once('exit', () => liveGroups.delete(pid));
	}
	return child;
}

export function killGroup(pid: number, signal: NodeJS.Signals): void {
	try {
		process.kill(-pid, signal);
	} catch {
		// the group is already gone
	}
}

/** Asks the group to stop (SIGTERM), then kills it (SIGKILL) if it has not exited within `graceMs`. */
export async function stopGroup(child: ChildProcess, graceMs: number): Promise<void> {
	const pid = child.pid;
	if (pid === undefined) return;
	if (child.exitCode !== null || child.signalCode !== null) {
		killGroup(pid, 'SIGKILL');
		return;
	}
	const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
	killGroup(pid, 'SIGTERM');
	let timer: NodeJS.Timeout | undefined;
	const timedOut = new Promise<'timeout'>((resolve) => {
		timer = setTimeout(() => resolve('timeout'), graceMs);
	});
	const outcome = await Promise.race([exited.then(() => 'exited' as const), timedOut]);
	clearTimeout(timer);
	killGroup(pid, 'SIGKILL');
	if (outcome === 'timeout') await exited;
	liveGroups.delete(pid);
}

export interface CapturedRun {
	code: number | null;
	signal: NodeJS.Signals | null;
	stdout: string;
	stderr: string;
	timedOut: boolean;
	durationMs: number;
}

/** Runs a command to completion in its own group and captures its output; the group is killed at `timeoutMs`. */
/**
 * Runs a command to completion and returns its output. The output goes to files, not pipes: n8n ends with
 * `process.exit()`, which drops whatever is still queued in a pipe (a 10,000-row run's data was cut off that
 * way), while file writes are synchronous.
 */
export async function runCaptured(
	command: string,
	args: string[],
	options: SpawnOptions & { timeoutMs: number },
): Promise<CapturedRun> {
	const started = Date.now();
	const folder = mkdtempSync(join(tmpdir(), 'qrtrac-run-'));
	const stdoutPath = join(folder, 'stdout');
	const stderrPath = join(folder, 'stderr');
	const stdoutFd = openSync(stdoutPath, 'w');
	const stderrFd = openSync(stderrPath, 'w');
	try {
		const child = spawnGroup(command, args, { ...options, stdio: ['ignore', stdoutFd, stderrFd] });
		let timedOut = false;
		const timer = setTimeout(() => {
			timedOut = true;
			if (child.pid !== undefined) killGroup(child.pid, 'SIGKILL');
		}, options.timeoutMs);
		const { code, signal } = await new Promise<{
			code: number | null;
			signal: NodeJS.Signals | null;
		}>((resolve, reject) => {
			child.once('error', reject);
			child.once('exit', (exitCode, exitSignal) => resolve({ code: exitCode, signal: exitSignal }));
		});
		clearTimeout(timer);
		// task runners n8n started belong to the group: end them with it
		if (child.pid !== undefined) killGroup(child.pid, 'SIGKILL');
		return {
			code,
			signal,
			stdout: readFileSync(stdoutPath, 'utf8'),
			stderr: readFileSync(stderrPath, 'utf8'),
			timedOut,
			durationMs: Date.now() - started,
		};
	} finally {
		closeSync(stdoutFd);
		closeSync(stderrFd);
		rmSync(folder, { recursive: true, force: true });
	}
}

/**
 * For command-line scripts: on Ctrl-C (SIGINT), SIGTERM or SIGHUP run `cleanup` once (bounded by the caller),
 * then exit with 128 + the signal's number, as a shell reports a process the signal ended; the exit kills
 * every process group still alive. Child groups are detached from the terminal, so without this a Ctrl-C
 * would leave n8n running.
 */
export function exitOnSignals(cleanup: () => Promise<void>): void {
	let stopping = false;
	for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
		const code = 128 + constants.signals[signal];
		process.on(signal, () => {
			if (stopping) process.exit(code);
			stopping = true;
			process.stderr.write(`\nStopping (${signal})...\n`);
			cleanup().then(
				() => process.exit(code),
				() => process.exit(code),
			);
		});
	}
}
