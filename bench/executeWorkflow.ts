import { closeSync, openSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

import { killGroup, spawnGroup } from '../scripts/n8n/childProcesses';
import { freePort, instanceEnv } from '../scripts/n8n/instanceEnv';
import type { RealN8n, WorkflowRun } from '../test/support/realN8n';
import { findRunJson, summariseRun } from '../scripts/n8n/runData';

/** A workflow run with what the `n8n execute` process cost from the outside. */
export interface ExecutedRun extends WorkflowRun {
	/** Wall time of the whole process, cold start included. */
	processMs: number;
}

/**
 * `n8n execute --id --rawOutput` of one workflow, like RealN8n.executeWorkflow but with n8n's output written to
 * files instead of pipes: n8n ends with process.exit(), and what it still had queued for a pipe is lost, which
 * cuts the run data of a 10,000-item job in the middle. Writes to a file are synchronous in Node, so the file
 * holds all of it. Same instance environment (user folder, ports, package) as the driver; `extraEnv` is
 * added (the memory probe). The process group is killed at `timeoutMs` and after the process exits.
 */
export async function executeWorkflowToFile(n8n: RealN8n, workflowId: string, extraEnv: Record<string, string>, timeoutMs: number): Promise<ExecutedRun> {
	const stdoutFile = path.join(n8n.userFolder, `execute-${workflowId}.stdout`);
	const stderrFile = path.join(n8n.userFolder, `execute-${workflowId}.stderr`);
	const env = instanceEnv({
		userFolder: n8n.userFolder,
		port: n8n.port,
		brokerPort: await freePort(),
		customExtensions: n8n.loading === 'custom' ? [path.dirname(n8n.packageDir)] : undefined,
		logLevel: 'info',
		extra: extraEnv,
	});
	const stdout = openSync(stdoutFile, 'w');
	const stderr = openSync(stderrFile, 'w');
	const started = Date.now();
	try {
		const child = spawnGroup(n8n.installation.nodeBin, [n8n.installation.cliPath, 'execute', `--id=${workflowId}`, '--rawOutput'], {
			cwd: n8n.userFolder,
			env,
			stdio: ['ignore', stdout, stderr],
		});
		let timedOut = false;
		const timer = setTimeout(() => {
			timedOut = true;
			if (child.pid !== undefined) killGroup(child.pid, 'SIGKILL');
		}, timeoutMs);
		const code = await new Promise<number | null>((resolve, reject) => {
			child.once('error', reject);
			child.once('exit', (exitCode) => resolve(exitCode));
		});
		clearTimeout(timer);
		// the task runners n8n started belong to its group: end them with it
		if (child.pid !== undefined) killGroup(child.pid, 'SIGKILL');
		const processMs = Date.now() - started;
		const output = readFileSync(stdoutFile, 'utf8');
		if (timedOut) throw new Error(`n8n execute of ${workflowId} timed out after ${timeoutMs} ms:\n${tail(output, stderrFile)}`);
		const raw = findRunJson(output);
		if (!raw) throw new Error(`n8n execute of ${workflowId} printed no run data (exit ${code}):\n${tail(output, stderrFile)}`);
		return { ...summariseRun(raw), processMs };
	} finally {
		closeSync(stdout);
		closeSync(stderr);
		rmSync(stdoutFile, { force: true });
		rmSync(stderrFile, { force: true });
	}
}

/** The end of what n8n printed, for an error message (the run data itself can be megabytes). */
function tail(stdout: string, stderrFile: string): string {
	return `${stdout.slice(-2_000)}\n${readFileSync(stderrFile, 'utf8').slice(-2_000)}`;
}
