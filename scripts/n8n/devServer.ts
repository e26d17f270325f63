import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import type { Simulator } from '../../simulator';
import { startSimulator } from '../../simulator';
import {
	DEFAULT_OWNER,
	MCP_BEARER_CREDENTIAL_NAME,
	mcpBearerCredential,
	RealN8n,
	qrtracCredential,
	SIMULATOR_CREDENTIAL_NAME,
} from './realN8n';
import { exitOnSignals } from './childProcesses';
import { ensureN8n } from './ensureN8n';
import { copyExampleData, loadExamples } from './examples';
import { isPortFree } from './instanceEnv';
import { mcpEndpoint } from './mcpClient';
import { projectRoot } from './runtimePaths';

/** The editor's usual address. */
const N8N_PORT = 5678;
/**
 * The dev instance keeps its user folder in the clone (git-ignored), so workflows built in the editor survive
 * restarts. The simulator starts fresh each time; its credential is imported again with the new secrets.
 */
const DEV_USER_FOLDER = path.join(projectRoot, '.n8n-runtime', 'dev');

const say = (line = '') => process.stdout.write(`${line}\n`);
const progress = (line: string) => process.stdout.write(`  . ${line}\n`);

/**
 * `npm run dev`: n8n on http://localhost:5678 with the freshly built package, the seeded simulator, a ready
 * "QRTRAC Simulator" credential and the example workflows. Runs until Ctrl-C, then stops everything.
 */
export async function runDevServer(): Promise<number> {
	let simulator: Simulator | undefined;
	let n8n: RealN8n | undefined;
	let stopping = false;
	const cleanup = async () => {
		stopping = true;
		await n8n?.stop();
		await simulator?.close();
	};
	exitOnSignals(cleanup);
	try {
		await assertPortFree(N8N_PORT);
		const installation = await ensureN8n({ log: progress });
		say(`n8n ${installation.version} ready`);
		simulator = await startSimulator({ port: Number(process.env.QRTRAC_SIMULATOR_PORT ?? 0) });
		say(`QRTRAC simulator (seeded demo organization) at ${simulator.url}`);
		n8n = await RealN8n.create({ log: progress, port: N8N_PORT, userFolder: DEV_USER_FOLDER });
		copyExampleData(n8n.filesDir);
		const mcpToken = devMcpToken();
		await n8n.importCredentials([
			qrtracCredential({ url: simulator.url, ...simulator.credentials }),
			mcpBearerCredential(mcpToken),
		]);
		const examples = loadExamples();
		// a fixed id per example file: a restart updates the example instead of adding a copy
		await n8n.importWorkflows(
			examples.map(({ file, workflow }) => ({ ...workflow, id: stableId(file) })),
		);
		await n8n.startServer(DEFAULT_OWNER);

		say();
		say(`n8n is running at ${n8n.baseUrl}`);
		say(`  Sign in: ${DEFAULT_OWNER.email} / ${DEFAULT_OWNER.password}`);
		say(`  Credential: "${SIMULATOR_CREDENTIAL_NAME}" (type QRTRAC API) points at the simulator`);
		say(
			`  Workflows: ${examples.length} examples imported (Overview > Workflows); open one and click "Execute workflow"`,
		);
		say('  New workflow: add a node, search "QRTRAC", choose an action, pick the credential above');
		say(
			`  MCP (example 05, once published): ${mcpEndpoint(n8n.baseUrl, 'qrtrac')}, header Authorization: Bearer ${mcpToken}`,
		);
		say(
			`    (credential "${MCP_BEARER_CREDENTIAL_NAME}"; the token is kept in ${path.join(DEV_USER_FOLDER, 'mcp-token')})`,
		);
		say(`  n8n user folder and logs: ${n8n.userFolder} (n8n-driver.log)`);
		say('Press Ctrl-C to stop n8n and the simulator.');
		const code = await n8n.serverExit();
		if (stopping) return 0;
		say(
			`n8n stopped unexpectedly (exit ${code}); see ${path.join(n8n.userFolder, 'n8n-driver.log')}`,
		);
		return 1;
	} catch (error) {
		say(`npm run dev FAILED: ${error instanceof Error ? error.message : String(error)}`);
		return 1;
	} finally {
		await cleanup();
	}
}

/** The dev instance's MCP bearer token: made once, then kept with its user folder so MCP clients stay connected. */
function devMcpToken(): string {
	const file = path.join(DEV_USER_FOLDER, 'mcp-token');
	if (existsSync(file)) return readFileSync(file, 'utf8').trim();
	const token = randomBytes(24).toString('hex');
	mkdirSync(DEV_USER_FOLDER, { recursive: true });
	writeFileSync(file, `${token}\n`, { mode: 0o600 });
	return token;
}

/** n8n workflow ids are 16 alphanumeric characters: derived from the file name so they stay the same. */
function stableId(file: string): string {
	return createHash('sha256')
		.update(`qrtrac-example:${file}`)
		.digest('base64')
		.replace(/[^A-Za-z0-9]/g, '')
		.slice(0, 16);
}

async function assertPortFree(port: number): Promise<void> {
	if (!(await isPortFree(port)))
		throw new Error(
			`Port ${port} is already in use (another n8n?). Stop it and run npm run dev again.`,
		);
}
