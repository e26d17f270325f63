/**
 * The real-n8n driver against a stand-in CLI (test/support/fakeN8nCli.cjs): a port picked free and released
 * (freePort) can be taken by another process before n8n binds it, on a machine where other test runs start
 * servers too. n8n then exits at once with its "port ... is already in use"; the driver starts it again on
 * fresh ports, a bounded number of times, unless the caller fixed the port.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

import type { N8nInstallation } from '../../scripts/n8n/ensureN8n';
import { freePort } from '../../scripts/n8n/instanceEnv';
import { RealN8n, type RealN8nOptions } from '../../scripts/n8n/realN8n';

jest.setTimeout(60_000);

const FAKE_CLI = path.join(__dirname, '..', 'support', 'fakeN8nCli.cjs');

const folders: string[] = [];
const instances: RealN8n[] = [];
let holder: Server | undefined;

afterEach(async () => {
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

describe('real n8n driver: a port taken between picking and binding', () => {
	it('n8n start on a port another process took starts again on a fresh port', async () => {
		const taken = await occupy();
		const n8n = fakeN8n(taken);

		await n8n.startServer();

		expect(n8n.port).not.toBe(taken);
		expect(n8n.baseUrl).toBe(`http://localhost:${n8n.port}`);
		expect(await n8n.rest.request('GET', '/rest/settings')).toEqual({});
	});

	it("a port the caller fixed is not swapped: the start fails with n8n's words", async () => {
		const taken = await occupy();
		const n8n = fakeN8n(taken, { port: taken });

		await expect(n8n.startServer()).rejects.toThrow(`n8n's port ${taken} is already in use`);
		expect(n8n.port).toBe(taken);
	});

	it('n8n execute whose task-broker port was taken runs again, and its run data is read', async () => {
		const n8n = fakeN8n(await freePort(), { env: { FAKE_N8N_BROKER_CLASHES: '1' } });

		const run = await n8n.executeWorkflow('wf1', { timeoutMs: 30_000 });

		expect(run.status).toBe('success');
	});

	it('a CLI command and n8n start whose task-broker port was taken run again', async () => {
		const n8n = fakeN8n(await freePort(), { env: { FAKE_N8N_BROKER_CLASHES: '1' } });
		expect((await n8n.cli(['import:workflow'])).stdout).toContain('import:workflow done');

		const restarted = fakeN8n(await freePort(), { env: { FAKE_N8N_BROKER_CLASHES: '2' } });
		await restarted.startServer();
		expect(await restarted.rest.request('GET', '/rest/settings')).toEqual({});
	});

	it("gives up after a few clashes in a row, with n8n's words", async () => {
		const n8n = fakeN8n(await freePort(), { env: { FAKE_N8N_BROKER_CLASHES: '99' } });

		await expect(n8n.cli(['import:workflow'])).rejects.toThrow(
			/Task Broker's port \d+ is already in use/,
		);
		await expect(n8n.executeWorkflow('wf1', { timeoutMs: 30_000 })).rejects.toThrow(
			/Task Broker's port \d+ is already in use/,
		);
	});
});
