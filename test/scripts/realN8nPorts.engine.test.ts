/**
 * The real-n8n driver against a stand-in CLI (test/support/fakeN8nCli.cjs): a port picked free and released
 * (freePort) can be taken by another process before n8n binds it, on a machine where other test runs start
 * servers too. n8n then exits at once with its "port ... is already in use"; the driver starts it again on
 * fresh ports, a bounded number of times, unless the caller fixed the port.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

import type { N8nInstallation } from '../../scripts/n8n/ensureN8n';
import * as instanceEnv from '../../scripts/n8n/instanceEnv';
import { freePort } from '../../scripts/n8n/instanceEnv';
import { occupyWithAnotherN8n as anotherN8n } from '../support/anotherN8n';
import { RealN8n, type RealN8nOptions } from '../../scripts/n8n/realN8n';

// the spies below replace an export: the module as a plain object (compiled exports are fixed getters)
jest.mock('../../scripts/n8n/instanceEnv', () => ({
	__esModule: true,
	...jest.requireActual('../../scripts/n8n/instanceEnv'),
}));

jest.setTimeout(60_000);

const FAKE_CLI = path.join(__dirname, '..', 'support', 'fakeN8nCli.cjs');

const folders: string[] = [];
const instances: RealN8n[] = [];
let holder: Server | undefined;

afterEach(async () => {
	jest.restoreAllMocks();
	for (const n8n of instances.splice(0)) await n8n.stop();
	for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
	await new Promise((resolve) => (holder ? holder.close(resolve) : resolve(undefined)));
	holder = undefined;
});

/** A RealN8n on the stand-in CLI (its constructor is private: create() installs n8n and packs the package). */
function fakeN8n(port: number, options: RealN8nOptions = {}): RealN8n {
	const userFolder = mkdtempSync(path.join(tmpdir(), 'qrtrac-fake-n8n-'));
	folders.push(userFolder);
	const installation: N8nInstallation = {
		version: '2.41.1',
		installDir: userFolder,
		cliPath: FAKE_CLI,
		nodeBin: process.execPath,
		installSeconds: 0,
	};
	const Construct = RealN8n as unknown as new (...args: unknown[]) => RealN8n;
	const n8n = new Construct(installation, userFolder, port, 'community', userFolder, options);
	instances.push(n8n);
	return n8n;
}

/** Another process's server on a port the driver was given: what a lost race for a freed port looks like. */
async function occupy(): Promise<number> {
	const port = await freePort();
	// it hangs up at once on whoever connects (the driver's readiness checks would otherwise keep it open)
	holder = createServer((socket) => socket.destroy());
	await new Promise<void>((resolve) => holder!.listen(port, '127.0.0.1', resolve));
	return port;
}

/**
 * Another n8n (another test run's) on a port the driver was given: it answers the readiness check, the REST API
 * and the owner set-up as the driver's own n8n would. Records the requests it was sent.
 */
async function occupyWithAnotherN8n(): Promise<{ port: number; requests: string[] }> {
	const { port, requests, server } = await anotherN8n();
	holder = server as unknown as Server;
	return { port, requests };
}

/**
 * The driver's next `times` picks of a free port return `port`: as if another process took each port the
 * driver picked before n8n bound it. Later picks are real ones.
 */
function picksTaken(port: number, times: number): void {
	const pick = jest.spyOn(instanceEnv, 'freePort');
	for (let i = 0; i < times; i++) pick.mockResolvedValueOnce(port);
}

/** The task-broker port each n8n process of this instance was given, in order (the stand-in records them). */
function brokerPorts(n8n: RealN8n): number[] {
	return readFileSync(path.join(n8n.userFolder, 'fake-n8n-processes'), 'utf8')
		.split('\n')
		.filter(Boolean)
		.map(Number);
}

describe('real n8n driver: a port taken between picking and binding', () => {
	it('n8n start on a port another process took starts again on a fresh port', async () => {
		const taken = await occupy();
		const n8n = fakeN8n(taken);

		await n8n.startServer();

		expect(n8n.port).not.toBe(taken);
		expect(n8n.baseUrl).toBe(`http://localhost:${n8n.port}`);
		expect(await n8n.rest.request('GET', '/rest/settings')).toEqual({});
	});

	it("a port another n8n took is not taken for ready: its answers are not this n8n's", async () => {
		const other = await occupyWithAnotherN8n();
		const n8n = fakeN8n(other.port);

		await n8n.startServer();

		expect(n8n.port).not.toBe(other.port);
		expect(other.requests.filter((request) => request.startsWith('POST'))).toEqual([]);
		expect(await n8n.rest.request('GET', '/rest/settings')).toEqual({});
	});

	it("a port the caller fixed is not swapped: the start fails with n8n's words", async () => {
		const taken = await occupy();
		const n8n = fakeN8n(taken, { port: taken });

		await expect(n8n.startServer()).rejects.toThrow(`n8n's port ${taken} is already in use`);
		expect(n8n.port).toBe(taken);
	});

	it('n8n execute whose task-broker port was taken runs again on a fresh one, and its run data is read', async () => {
		const n8n = fakeN8n(await freePort());
		const taken = await occupy();
		picksTaken(taken, 1);

		const run = await n8n.executeWorkflow('wf1', { timeoutMs: 30_000 });

		expect(run.status).toBe('success');
		const [first, second] = brokerPorts(n8n);
		expect(first).toBe(taken);
		expect(second).not.toBe(taken);
	});

	it('a CLI command and n8n start whose task-broker port was taken run again on fresh ones', async () => {
		const n8n = fakeN8n(await freePort());
		const taken = await occupy();
		picksTaken(taken, 1);
		expect((await n8n.cli(['import:workflow'])).stdout).toContain('import:workflow done');
		expect(brokerPorts(n8n)).toHaveLength(2);
		expect(brokerPorts(n8n)[1]).not.toBe(taken);

		const restarted = fakeN8n(await freePort());
		picksTaken(taken, 2);
		await restarted.startServer();
		expect(await restarted.rest.request('GET', '/rest/settings')).toEqual({});
		expect(brokerPorts(restarted)).toHaveLength(3);
		expect(brokerPorts(restarted)[2]).not.toBe(taken);
	});

	it("gives up after a few clashes in a row, with n8n's words", async () => {
		const n8n = fakeN8n(await freePort());
		const taken = await occupy();
		picksTaken(taken, 6);

		await expect(n8n.cli(['import:workflow'])).rejects.toThrow(
			`Task Broker's port ${taken} is already in use`,
		);
		await expect(n8n.executeWorkflow('wf1', { timeoutMs: 30_000 })).rejects.toThrow(
			`Task Broker's port ${taken} is already in use`,
		);
		expect(brokerPorts(n8n)).toEqual(Array(6).fill(taken));
	});

	it('a process that printed run data is never run again, even when it then reports a port clash', async () => {
		const n8n = fakeN8n(await freePort(), { env: { FAKE_N8N_BROKER_AFTER_RUN: '1' } });
		const taken = await occupy();
		picksTaken(taken, 1);

		const run = await n8n.executeWorkflow('wf1', { timeoutMs: 30_000 });

		expect(run.status).toBe('success');
		expect(brokerPorts(n8n)).toEqual([taken]);
	});
});
