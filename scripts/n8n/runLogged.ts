import { spawn } from 'node:child_process';
import { appendFileSync, readFileSync } from 'node:fs';

export interface LoggedCommand {
	/** What the step does, for progress lines and errors. */
	label: string;
	command: string;
	args: string[];
	cwd: string;
	env: NodeJS.ProcessEnv;
	/** Output of the command is appended here rather than flooding the terminal. */
	logFile: string;
	/** The command is killed and the step fails after this long. */
	timeoutMs: number;
	/** Receives progress lines (start, a heartbeat every 30 s, end). */
	log: (line: string) => void;
}

const HEARTBEAT_MS = 30_000;
const TAIL_CHARS = 4_000;

/**
 * Runs one long command to completion with its output in a log file. Fails loudly: a non-zero exit, a signal
 * or the timeout throws an error that carries the end of the log.
 */
export async function runLogged(step: LoggedCommand): Promise<number> {
	const started = Date.now();
	appendFileSync(step.logFile, `\n$ ${step.command} ${step.args.join(' ')}\n`);
	step.log(`${step.label}...`);
	const child = spawn(step.command, step.args, {
		cwd: step.cwd,
		env: step.env,
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	child.stdout.on('data', (chunk: Buffer) => appendFileSync(step.logFile, chunk));
	child.stderr.on('data', (chunk: Buffer) => appendFileSync(step.logFile, chunk));
	const heartbeat = setInterval(
		() =>
			step.log(`  ${step.label}: still running (${Math.round((Date.now() - started) / 1000)} s)`),
		HEARTBEAT_MS,
	);
	const killer = setTimeout(() => child.kill('SIGKILL'), step.timeoutMs);
	try {
		const { code, signal } = await new Promise<{
			code: number | null;
			signal: NodeJS.Signals | null;
		}>((resolve, reject) => {
			child.once('error', reject);
			child.once('close', (exitCode, exitSignal) =>
				resolve({ code: exitCode, signal: exitSignal }),
			);
		});
		const seconds = (Date.now() - started) / 1000;
		if (code !== 0) {
			const why = signal
				? `was killed by ${signal}${seconds * 1000 >= step.timeoutMs ? ' (timeout)' : ''}`
				: `exited with ${code}`;
			throw new Error(
				`${step.label} ${why} after ${seconds.toFixed(0)} s. End of ${step.logFile}:\n${tail(step.logFile)}`,
			);
		}
		step.log(`  ${step.label}: done in ${seconds.toFixed(1)} s`);
		return seconds;
	} finally {
		clearInterval(heartbeat);
		clearTimeout(killer);
	}
}

function tail(file: string): string {
	const text = readFileSync(file, 'utf8');
	return text.slice(-TAIL_CHARS);
}
