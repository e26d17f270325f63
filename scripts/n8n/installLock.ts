import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const POLL_MS = 2_000;
/** A lock folder younger than this may not have its pid file yet. */
const PID_GRACE_MS = 10_000;

/**
 * Holds `<target>.lock` while `work` runs, so two processes on one machine (say, a test run and the demo)
 * never install into the same folder at once. A lock left by a process that no longer exists is taken over;
 * a live holder is waited for, at most `maxWaitMs`.
 */
export async function withInstallLock<T>(
	target: string,
	maxWaitMs: number,
	log: (line: string) => void,
	work: () => Promise<T>,
): Promise<T> {
	const lockDir = `${target}.lock`;
	const deadline = Date.now() + maxWaitMs;
	let announced = false;
	mkdirSync(path.dirname(lockDir), { recursive: true });
	for (;;) {
		if (tryTake(lockDir)) break;
		const holder = holderPid(lockDir);
		const abandoned = holder === undefined ? ageMs(lockDir) > PID_GRACE_MS : !isAlive(holder);
		if (abandoned) {
			rmSync(lockDir, { recursive: true, force: true });
			continue;
		}
		if (Date.now() > deadline)
			throw new Error(
				`Timed out waiting for process ${holder} to finish installing into ${target}`,
			);
		if (!announced)
			log(`Another process (${holder}) is installing n8n into ${target}; waiting for it.`);
		announced = true;
		await new Promise((resolve) => setTimeout(resolve, POLL_MS));
	}
	try {
		return await work();
	} finally {
		rmSync(lockDir, { recursive: true, force: true });
	}
}

function tryTake(lockDir: string): boolean {
	try {
		mkdirSync(lockDir);
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
		throw error;
	}
	writeFileSync(path.join(lockDir, 'pid'), String(process.pid));
	return true;
}

function holderPid(lockDir: string): number | undefined {
	try {
		const pid = Number(readFileSync(path.join(lockDir, 'pid'), 'utf8'));
		return Number.isInteger(pid) && pid > 0 ? pid : undefined;
	} catch {
		return undefined;
	}
}

function ageMs(lockDir: string): number {
	try {
		return Date.now() - statSync(lockDir).mtimeMs;
	} catch {
		return Number.POSITIVE_INFINITY;
	}
}

function isAlive(pid: number): boolean {
	try {
		process.kill(pid, 0);
		return true;
	} catch (error) {
		return (error as NodeJS.ErrnoException).code === 'EPERM';
	}
}
