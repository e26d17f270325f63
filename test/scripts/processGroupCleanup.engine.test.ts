/**
 * Processes a test file starts in their own group (spawnGroup: n8n, PostgreSQL, Redis) must not outlive the file,
 * also when its afterAll does not stop them or when the run is stopped by a signal (`npm test` stops jest's group on
 * a cancel or Ctrl-C). Jest runs fixture files (test/fixtures/processGroups/) with the unit project's settings here,
 * in band and on workers, and the test checks that their processes are gone.
 */
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const REPOSITORY = path.join(__dirname, '..', '..');
const FIXTURES = '<rootDir>/test/fixtures/processGroups';
const JEST = path.join(REPOSITORY, 'node_modules', 'jest', 'bin', 'jest.js');
/** A nested jest run compiles its fixture (swc): seconds here, more on a busy machine. */
const RUN_BOUND_MS = 150_000;

jest.setTimeout(2 * RUN_BOUND_MS);

const projects = (require('../../jest.config.js') as { projects: Array<Record<string, unknown>> })
	.projects;

let scratch: string;
let run: ChildProcess | undefined;

beforeEach(() => {
	scratch = mkdtempSync(path.join(tmpdir(), 'qrtrac-groups-'));
});

afterEach(() => {
	// whatever the outcome, nothing this test started stays
	for (const pid of [run?.pid, ...startedPids()]) if (pid) killGroup(pid);
	run = undefined;
	rmSync(scratch, { recursive: true, force: true });
});

/** Jest on the given fixture files with the unit project's settings, in its own process group as `npm test` runs it. */
function startJest(fixtures: string[], maxWorkers: number): ChildProcess {
	const unit = projects.find((project) => project.displayName === 'unit')!;
	const config = {
		...unit,
		displayName: 'process groups',
		rootDir: REPOSITORY,
		testMatch: fixtures.map((fixture) => `${FIXTURES}/${fixture}`),
		// no timings of earlier runs, so that two files really run on two workers
		cacheDirectory: path.join(scratch, 'cache'),
	};
	run = spawn(
		process.execPath,
		[JEST, '--config', JSON.stringify(config), `--maxWorkers=${maxWorkers}`, '--ci'],
		{
			cwd: REPOSITORY,
			detached: true,
			stdio: 'ignore',
			env: { ...process.env, QRTRAC_FIXTURE_PID_DIR: scratch },
		},
	);
	return run;
}

function startedPids(): number[] {
	if (!existsSync(scratch)) return [];
	return readdirSync(scratch)
		.filter((name) => name.endsWith('.fixture.ts'))
		.map((name) => Number(readFileSync(path.join(scratch, name), 'utf8')));
}

/** Whether the process runs (a zombie nobody has reaped yet has ended). */
function running(pid: number): boolean {
	try {
		return !/^\d+ \(.*\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
	} catch {
		return false;
	}
}

function killGroup(pid: number): void {
	try {
		process.kill(-pid, 'SIGKILL');
	} catch {
		// already gone
	}
}

async function until(done: () => boolean, what: string): Promise<void> {
	const deadline = Date.now() + RUN_BOUND_MS;
	while (!done()) {
		if (Date.now() > deadline) throw new Error(`${what} within ${RUN_BOUND_MS / 1000} s`);
		await new Promise((resolve) => setTimeout(resolve, 100));
	}
}

function exited(child: ChildProcess): Promise<number | null> {
	return new Promise((resolve) => {
		if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
		else child.once('exit', (code) => resolve(code));
	});
}

test('every jest project runs its files in the environment that stops their process groups', () => {
	expect(new Set(projects.map((project) => project.testEnvironment))).toEqual(
		new Set(['<rootDir>/test/support/processGroupEnvironment.js']),
	);
});

test('a process group a test file started and did not stop ends with the file, and jest exits', async () => {
	const jestRun = startJest(['leavesAChild.fixture.ts'], 1);
	let finished = false;
	const code = exited(jestRun).then((exitCode) => {
		finished = true;
		return exitCode;
	});

	await until(() => finished, 'jest did not exit (a child process kept it alive)');

	expect(await code).toBe(0);
	const [pid] = startedPids();
	expect(pid).toBeGreaterThan(0);
	await until(() => !running(pid), `the process ${pid} the file started still runs`);
	expect(running(pid)).toBe(false);
});

test('a process group started after its test file ended (by a hook or test that timed out and went on) ends at once', async () => {
	const jestRun = startJest(['startsAfterItsFile.fixture.ts'], 1);
	let finished = false;
	void exited(jestRun).then(() => (finished = true));

	await until(() => startedPids().length === 1, 'the fixture did not start its process');
	const [pid] = startedPids();
	await until(() => !running(pid), `the process ${pid} started after its file ended still runs`);
	expect(running(pid)).toBe(false);
	await until(() => finished, 'jest did not exit (a child process kept it alive)');
});

test("a run stopped by SIGTERM to jest's group (npm test's cancel) takes every worker's process groups with it", async () => {
	const jestRun = startJest(['waitsA.fixture.ts', 'waitsB.fixture.ts'], 2);
	await until(() => startedPids().length === 2, 'the fixtures did not both start their process');
	const pids = startedPids();
	expect(pids.every(running)).toBe(true);

	process.kill(-jestRun.pid!, 'SIGTERM');
	await exited(jestRun);

	await until(
		() => !pids.some(running),
		`processes ${pids.filter(running).join(', ')} outlived the stopped run`,
	);
	expect(pids.filter(running)).toEqual([]);
});
