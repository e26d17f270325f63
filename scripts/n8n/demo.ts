import { randomBytes } from 'node:crypto';
import path from 'node:path';

import type { LoggedRequest, Simulator } from '../../simulator';
import { startSimulator } from '../../simulator';
import type { WorkflowJson, WorkflowRun } from './realN8n';
import {
	mcpBearerCredential,
	POLL_TICK_WAIT_MS,
	RealN8n,
	qrtracCredential,
	SIMULATOR_CREDENTIAL_NAME,
} from './realN8n';
import { exitOnSignals } from './childProcesses';
import { callTool, connectMcp, mcpEndpoint } from './mcpClient';
import { ensureN8n } from './ensureN8n';
import type { RunTotals } from './runSummary';
import { addTotals, describeTotals, summariseWorkflowRun } from './runSummary';
import type { Example } from './examples';
import { copyExampleData, EXAMPLES_DIR, loadExamples } from './examples';

/**
 * The examples poll once a minute, and a trigger's first poll only learns where "now" is in the service's
 * time: a change made before that poll is never reported. So the demo waits until the simulator has seen a
 * poll for changes, then changes a code, and waits for the next poll's execution (each wait bounded as the
 * end-to-end tests bound it).
 */
const POLL_WAIT_MS = POLL_TICK_WAIT_MS;
/** Node types `n8n execute` can start a workflow from. */
const MANUAL_STARTS = new Set([
	'n8n-nodes-base.manualTrigger',
	'n8n-nodes-base.start',
	'n8n-nodes-base.executeWorkflowTrigger',
]);
const MCP_TRIGGER = '@n8n/n8n-nodes-langchain.mcpTrigger';

const say = (line = '') => process.stdout.write(`${line}\n`);
const progress = (line: string) => process.stdout.write(`  . ${line}\n`);

/**
 * `npm run demo`: every workflow in examples/ runs in real n8n against the seeded simulator. Workflows with a
 * manual start run headlessly through `n8n execute`; trigger workflows are activated in a running n8n and
 * fired by a change made in the simulator. Prints what each run did and returns the exit code.
 */
export async function runDemo(): Promise<number> {
	const started = Date.now();
	let simulator: Simulator | undefined;
	let n8n: RealN8n | undefined;
	const cleanup = async () => {
		await n8n?.stop();
		await simulator?.close();
	};
	exitOnSignals(cleanup);
	try {
		say('QRTRAC demo: the example workflows in real n8n, against the local QRTRAC simulator');
		const examples = loadExamples();
		if (examples.length === 0) {
			say(`No example workflows in ${EXAMPLES_DIR}: nothing to run.`);
			return 1;
		}
		const installation = await ensureN8n({ log: progress });
		say(
			`n8n ${installation.version} (${installation.installSeconds ? `installed in ${installation.installSeconds} s` : 'cached install'})`,
		);

		simulator = await startSimulator({ port: 0 });
		say(`Simulator with the seeded demo organization at ${simulator.url}`);
		n8n = await RealN8n.create({ log: progress });
		say(`Package built, packed and installed as a community package in ${n8n.userFolder}`);
		copyExampleData(n8n.filesDir);
		// the token MCP clients must send to an MCP Server Trigger example (Bearer Auth)
		const mcpToken = randomBytes(24).toString('hex');
		await n8n.importCredentials([
			qrtracCredential({ url: simulator.url, ...simulator.credentials }),
			mcpBearerCredential(mcpToken),
		]);
		const ids = await n8n.importWorkflows(examples.map((example) => example.workflow));
		say(`Imported the credential "${SIMULATOR_CREDENTIAL_NAME}" and ${examples.length} workflows`);
		say();

		let ok = true;
		let totals: RunTotals | undefined;
		const record = (example: Example, run: WorkflowRun, seconds: string) => {
			const summary = summariseWorkflowRun(example.workflow, run);
			ok &&= summary.ok;
			totals = totals ? addTotals(totals, summary.totals) : summary.totals;
			say(`${path.basename(example.file)} (${seconds} s)`);
			for (const line of [...summary.lines, ...resultText(example.workflow, run)]) say(`  ${line}`);
			say();
		};

		const triggered: Array<{ example: Example; id: string }> = [];
		const mcpServers: Array<{ example: Example; id: string }> = [];
		for (const [index, example] of examples.entries()) {
			if (example.workflow.nodes.some((node) => node.type === MCP_TRIGGER)) {
				mcpServers.push({ example, id: ids[index] });
				continue;
			}
			if (!example.workflow.nodes.some((node) => MANUAL_STARTS.has(node.type))) {
				triggered.push({ example, id: ids[index] });
				continue;
			}
			const run = await n8n.executeWorkflow(ids[index]);
			record(example, run, (run.processMs / 1000).toFixed(1));
		}

		if (triggered.length > 0 || mcpServers.length > 0) {
			for (const { id } of [...triggered, ...mcpServers]) await n8n.publishWorkflow(id);
			await n8n.startServer();
		}
		for (const { example } of mcpServers) {
			ok = (await askMcpServer(n8n, example, mcpToken)) && ok;
			say();
		}
		if (triggered.length > 0) {
			say(
				`Trigger workflows active in n8n at ${n8n.baseUrl}; changing a code in the simulator to fire them`,
			);
			for (const { example, id } of triggered) {
				const waitStarted = Date.now();
				const run = await fireTrigger(n8n, simulator, id);
				record(example, run, ((Date.now() - waitStarted) / 1000).toFixed(1));
			}
		}

		say(`All workflows: ${totals ? describeTotals(totals) : 'nothing ran'}`);
		say(
			`${ok ? 'Demo succeeded' : 'Demo FAILED'} in ${((Date.now() - started) / 1000).toFixed(0)} s`,
		);
		return ok ? 0 : 1;
	} catch (error) {
		say(`Demo FAILED: ${error instanceof Error ? error.message : String(error)}`);
		return 1;
	} finally {
		await cleanup();
	}
}

/**
 * An MCP Server Trigger example: connects as an MCP client would (the official SDK, with the bearer token),
 * lists the tools and calls find_qr_codes as a model would. True when both worked.
 */
async function askMcpServer(n8n: RealN8n, example: Example, token: string): Promise<boolean> {
	const started = Date.now();
	const trigger = example.workflow.nodes.find((node) => node.type === MCP_TRIGGER);
	const url = mcpEndpoint(
		n8n.baseUrl,
		String((trigger?.parameters as { path?: unknown } | undefined)?.path ?? ''),
	);
	say(
		`${path.basename(example.file)} (MCP server at ${url}, header Authorization: Bearer <token>)`,
	);
	try {
		const mcp = await connectMcp(url, { token, clientName: 'qrtrac-demo' });
		try {
			const { tools } = await mcp.client.listTools();
			say(`  tools/list: ${tools.length} tools`);
			for (const tool of tools)
				say(`    ${tool.name}(${Object.keys(tool.inputSchema.properties ?? {}).join(', ')})`);
			if (!tools.some((tool) => tool.name === 'find_qr_codes')) return tools.length > 0;
			const answer = await callTool(mcp.client, 'find_qr_codes', { search: 'spring', limit: 3 });
			say(
				`  tools/call find_qr_codes {"search":"spring","limit":3} -> ${answer.isError ? 'error: ' : ''}${answer.text.slice(0, 400)}`,
			);
			say(`  (${((Date.now() - started) / 1000).toFixed(1)} s)`);
			return !answer.isError;
		} finally {
			await mcp.close();
		}
	} catch (error) {
		say(`  MCP client failed: ${error instanceof Error ? error.message : String(error)}`);
		return false;
	}
}

/** The closing text of a run: a `summary` or `text` field of the last node's only item, when it has one. */
function resultText(workflow: WorkflowJson, run: WorkflowRun): string[] {
	const last = run.lastNodeExecuted;
	if (!last || !workflow.nodes.some((node) => node.name === last)) return [];
	const items = run.nodes[last]?.at(-1)?.outputs[0] ?? [];
	if (items.length !== 1) return [];
	const text = items[0].summary ?? items[0].text;
	return typeof text === 'string' && text
		? ['Result:', ...text.split('\n').map((line) => `  ${line}`)]
		: [];
}

/**
 * Waits for a poll of the trigger, changes a code, and returns the execution that change caused. A second
 * round covers a poll that was n8n's activation check (whose cursor n8n does not keep).
 */
async function fireTrigger(
	n8n: RealN8n,
	simulator: Simulator,
	workflowId: string,
): Promise<WorkflowRun> {
	const known = new Set(
		(await n8n.rest.executions(workflowId)).map((execution) => String(execution.id)),
	);
	for (let round = 1; ; round++) {
		await nextChangePoll(simulator);
		await changeACode(simulator, round);
		try {
			return await n8n.waitForExecution(workflowId, { known, timeoutMs: POLL_WAIT_MS });
		} catch (error) {
			if (round === 2) throw error;
		}
	}
}

/**
 * Resolves when the simulator answers a new request for changed codes (a trigger poll); fails when none comes
 * within `timeoutMs`, since changing a code then would prove nothing.
 */
export async function nextChangePoll(
	simulator: Simulator,
	timeoutMs = POLL_WAIT_MS,
): Promise<void> {
	const isPoll = (request: LoggedRequest) =>
		request.path.includes('/fromTime/') && request.status !== undefined;
	const seen = simulator.requestLog.filter(isPoll).length;
	const deadline = Date.now() + timeoutMs;
	while (simulator.requestLog.filter(isPoll).length === seen) {
		if (Date.now() > deadline)
			throw new Error(`The trigger did not poll the simulator within ${timeoutMs / 1000} s`);
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
	progress('The trigger polled the simulator');
}

/** Adds a tag to the first live code of the credential's team, through the simulator's public API. */
async function changeACode(simulator: Simulator, round: number): Promise<void> {
	const { teamId, clientId, clientSecret } = simulator.credentials;
	const [code] = simulator.state.liveQrsOfTeam(teamId);
	if (!code) throw new Error('The seeded team has no code to change');
	const response = await fetch(`${simulator.url}/api/qrs-api/${code.id}/tags`, {
		method: 'PUT',
		headers: {
			'content-type': 'application/json',
			'x-request-team-id': teamId,
			'x-request-client-id': clientId,
			'x-request-client-secret': clientSecret,
		},
		body: JSON.stringify({ tags: [...code.tags, `demo-change-${round}`] }),
	});
	if (!response.ok)
		throw new Error(`Changing code ${code.id} in the simulator failed: ${response.status}`);
	progress(`Tagged "${code.name}" with demo-change-${round}`);
}
