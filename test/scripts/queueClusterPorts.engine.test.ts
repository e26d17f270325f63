/**
 * The queue-mode cluster (scripts/queue/queueCluster.ts) against the stand-in CLI (test/support/fakeN8nCli.cjs): a
 * port picked free and released (freePort) can be taken by another process before n8n binds it, on a machine where
 * other test runs start servers too. The main instance or a worker then exits at once in n8n's words; the cluster
 * starts it again on fresh ports, a bounded number of times.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

import type { N8nInstallation } from '../../scripts/n8n/ensureN8n';
import * as instanceEnv from '../../scripts/n8n/instanceEnv';
import { freePort } from '../../scripts/n8n/instanceEnv';
import { occupyWithAnotherN8n as anotherN8n } from '../support/anotherN8n';
import type { QueueProcess } from '../../scripts/queue/queueCluster';
import { QueueCluster, queueProcess } from '../../scripts/queue/queueCluster';

// the spies below replace an export: the module as a plain object (compiled exports are fixed getters)
jest.mock('../../scripts/n8n/instanceEnv', () => ({
	__esModule: true,
	...jest.requireActual('../../scripts/n8n/instanceEnv'),
}));

jest.setTimeout(60_000);

const FAKE_CLI = path.join(__dirname, '..', 'support', 'fakeN8nCli.cjs');

let scratch: string;
let cluster: QueueCluster | undefined;
const holders: Server[] = [];

beforeEach(() => {
	scratch = mkdtempSync(path.join(tmpdir(), 'qrtrac-fake-queue-'));
});

afterEach(async () => {
	jest.restoreAllMocks();
	await cluster?.stop();
	cluster = undefined;
	for (const holder of holders.splice(0))
		await new Promise((resolve) => holder.close(() => resolve(undefined)));
	rmSync(scratch, { recursive: true, force: true });
});

/** Another process's server on a port: what a lost race for a freed port looks like. */
async function occupy(): Promise<number> {
	const port = await freePort();
	const holder = createServer((socket) => socket.destroy());
	await new Promise<void>((resolve) => holder.listen(port, '127.0.0.1', resolve));
	holders.push(holder);
	return port;
}

/**
 * Another n8n (another test run's) on a port: it answers the readiness check, the REST API and the owner set-up as
 * the cluster's own process would. Records the requests it was sent.
 */
async function occupyWithAnotherN8n(): Promise<{ port: number; requests: string[] }> {
	const { port, requests, server } = await anotherN8n();
	holders.push(server as unknown as Server);
	return { port, requests };
}

async function processOf(role: QueueProcess['role'], index: number): Promise<QueueProcess> {
	const userFolder = path.join(scratch, `${role}-${index}`);
	mkdirSync(userFolder, { recursive: true });
	return await queueProcess(role, index, userFolder);
}

/** A cluster of a main instance and one worker on the stand-in CLI (create() installs n8n and the servers). */
async function fakeCluster(
	edit: (main: QueueProcess, worker: QueueProcess) => void,
	env: Record<string, string> = {},
) {
	const installation: N8nInstallation = {
		version: '2.41.1',
		installDir: scratch,
		cliPath: FAKE_CLI,
		nodeBin: process.execPath,
		installSeconds: 0,
	};
	const server = { port: 1, stop: async () => undefined, output: () => '' };
	const postgres = { ...server, version: '17', n8nEnv: {} };
	const [main, worker] = [await processOf('main', 0), await processOf('worker', 1)];
	edit(main, worker);
	const Construct = QueueCluster as unknown as new (...args: unknown[]) => QueueCluster;
	cluster = new Construct(installation, postgres, server, main, [worker], scratch, {
		workers: 1,
		env,
	});
	return { cluster, main, worker };
}

describe('queue-mode cluster: a port taken between picking and binding', () => {
	it('the main instance whose HTTP port another process took starts again on a fresh one', async () => {
		const taken = await occupy();
		const { cluster, main } = await fakeCluster((main) => (main.port = taken));

		await cluster.start();

		expect(main.port).not.toBe(taken);
		expect(cluster.baseUrl).toBe(`http://localhost:${main.port}`);
		expect(await cluster.rest.request('GET', '/rest/settings')).toEqual({});
	});

	it("a main instance or worker whose port another n8n took is not taken for ready on that n8n's answers", async () => {
		const [forMain, forWorker] = [await occupyWithAnotherN8n(), await occupyWithAnotherN8n()];
		const { cluster, main, worker } = await fakeCluster((main, worker) => {
			main.port = forMain.port;
			worker.healthPort = forWorker.port;
		});

		await cluster.start();

		expect(main.port).not.toBe(forMain.port);
		expect(worker.healthPort).not.toBe(forWorker.port);
		expect(
			[...forMain.requests, ...forWorker.requests].filter((r) => r.startsWith('POST')),
		).toEqual([]);
	});

	it("a worker of n8n 1.x, which says it is ready before its health server listens, is not taken for ready on another n8n's answers", async () => {
		const other = await occupyWithAnotherN8n();
		const { cluster, worker } = await fakeCluster((_, worker) => (worker.healthPort = other.port), {
			FAKE_N8N_WORKER_READY_FIRST: '1',
		});

		await cluster.start();

		expect(worker.healthPort).not.toBe(other.port);
		expect(worker.output).toContain(`Port ${other.port} is already in use`);
		expect(other.requests).toEqual([]);
		const response = await fetch(`http://127.0.0.1:${worker.healthPort}/healthz/readiness`);
		expect(response.status).toBe(200);
	});

	it('a worker whose health-check port another process took starts again on a fresh one (n8n\'s words: "Port N is already in use")', async () => {
		const taken = await occupy();
		const { cluster, worker } = await fakeCluster((_, worker) => (worker.healthPort = taken));

		await cluster.start();

		expect(worker.healthPort).not.toBe(taken);
		expect(worker.output).toContain(`Port ${taken} is already in use`);
		const response = await fetch(`http://127.0.0.1:${worker.healthPort}/healthz/readiness`);
		expect(response.status).toBe(200);
	});

	it('a process whose task-broker port was taken starts again on a fresh one', async () => {
		const taken = await occupy();
		const { cluster, main, worker } = await fakeCluster(() => undefined);
		const pick = jest.spyOn(instanceEnv, 'freePort');
		pick.mockResolvedValueOnce(taken).mockResolvedValueOnce(taken);

		await cluster.start();

		expect([main.brokerPort, worker.brokerPort]).not.toContain(taken);
		expect(main.output + worker.output).toContain(`Task Broker's port ${taken} is already in use`);
	});

	it('a CLI command whose task-broker port was taken runs again on a fresh one', async () => {
		const taken = await occupy();
		const { cluster } = await fakeCluster(() => undefined);
		jest.spyOn(instanceEnv, 'freePort').mockResolvedValueOnce(taken);

		expect(await cluster.cli(['import:workflow'])).toContain('import:workflow done');
	});

	it('a CLI command that printed run data is never run again, even when it then reports a port clash', async () => {
		const taken = await occupy();
		const { cluster, main } = await fakeCluster(() => undefined, {
			FAKE_N8N_BROKER_AFTER_RUN: '1',
		});
		jest.spyOn(instanceEnv, 'freePort').mockResolvedValue(taken);

		await expect(cluster.cli(['execute', '--id=1'])).rejects.toThrow('is already in use');
		const started = readFileSync(path.join(main.userFolder, 'fake-n8n-processes'), 'utf8');
		expect(started.trim().split('\n')).toHaveLength(1);
	});

	it("gives up after a few clashes in a row, with n8n's words", async () => {
		const taken = await occupy();
		const { cluster } = await fakeCluster(() => undefined);
		jest.spyOn(instanceEnv, 'freePort').mockResolvedValue(taken);

		await expect(cluster.startMain()).rejects.toThrow(
			`Task Broker's port ${taken} is already in use`,
		);
	});
});
