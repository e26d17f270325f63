import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import type { LoggedRequest, Simulator } from '../../simulator';
import { startSimulator } from '../../simulator';
import { COMPAT_VERSION_ENV, compatTarget } from '../../scripts/n8n/compatMatrix';
import { readInstallMarker } from '../../scripts/n8n/ensureN8n';
import type { McpConnection } from '../../scripts/n8n/mcpClient';
import { callTool, connectMcp, mcpEndpoint } from '../../scripts/n8n/mcpClient';
import { N8N_VERSION } from '../../scripts/n8n/runtimePaths';
import type { JsonObject, WorkflowJson } from '../support/realN8n';
import { SHEET_ROW } from '../support/sheetRows';
import {
	mcpBearerCredential,
	nodeItems,
	qrtracCredential,
	RealN8n,
	SIMULATOR_CREDENTIAL_ID,
	SIMULATOR_CREDENTIAL_NAME,
} from '../support/realN8n';

/**
 * Issue 23 (3): the package in every n8n a user runs. One smoke workflow per node in one n8n of the matrix
 * (scripts/n8n/compatMatrix.ts; QRTRAC_COMPAT_N8N_VERSION picks it, `npm run test:compat` runs each in
 * turn), the packed package installed as a community package, against one simulator:
 *   create (n8n execute) - a code exists after;
 *   sync run twice with the same rows (n8n execute) - the second run writes nothing, every row `unchanged`;
 *   member add then role change (n8n execute) - the simulator's roster changes;
 *   the QRTRAC Trigger's test event (a manual run through n8n's REST API, as the editor's Fetch Test Event);
 *   a tool call through the MCP Server Trigger (n8n start, the official MCP client), where the version has it.
 * What each step measured is written to QRTRAC_COMPAT_REPORT_DIR/n8n-<version>.json for the runner's summary.
 */

const VERSION = process.env[COMPAT_VERSION_ENV] || N8N_VERSION;
const TARGET = compatTarget(VERSION);

/** The first run on a machine installs this n8n (several minutes); later runs reuse it. */
const SETUP_TIMEOUT_MS = 40 * 60_000;
const STEP_TIMEOUT_MS = 5 * 60_000;
const RUN_TIMEOUT_MS = 3 * 60_000;
/** A manual run of the trigger answers in a few seconds; this bounds a hung one. */
const TEST_EVENT_TIMEOUT_MS = 90_000;

const CREDENTIALS = {
	qrtracApi: { id: SIMULATOR_CREDENTIAL_ID, name: SIMULATOR_CREDENTIAL_NAME },
};
const MANUAL = {
	id: 'start',
	name: 'Start',
	type: 'n8n-nodes-base.manualTrigger',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};
const TRIGGER_NODE = 'QRTRAC Trigger';
const MCP_PATH = 'qrtrac-compat';
const EXAMPLE_05 = path.join(__dirname, '..', '..', 'examples', '05-ai-agent-tools.json');

const log = (line: string) => process.stderr.write(`[compat ${VERSION}] ${line}\n`);

type StepName = 'create' | 'syncRerun' | 'memberChange' | 'triggerTestEvent' | 'mcpToolCall';
type Outcome = 'pass' | 'fail' | 'not run' | `skipped: ${string}`;
const STEPS: StepName[] = [
	'create',
	'syncRerun',
	'memberChange',
	'triggerTestEvent',
	'mcpToolCall',
];

/** What this run measured, for the README's table (written in afterAll). */
const report = {
	version: VERSION,
	why: TARGET.why,
	node: '',
	installSeconds: 0,
	installedNow: false,
	setupSeconds: 0,
	suiteSeconds: 0,
	steps: Object.fromEntries(STEPS.map((name) => [name, 'not run'])) as Record<StepName, Outcome>,
	stepSeconds: {} as Partial<Record<StepName, number>>,
	notes: [] as string[],
};
const suiteStarted = Date.now();

/** Runs one smoke step, recording pass / fail and its duration. */
async function step(name: StepName, body: () => Promise<Outcome | void>): Promise<void> {
	const started = Date.now();
	report.steps[name] = 'fail';
	const outcome = await body();
	report.steps[name] = outcome ?? 'pass';
	report.stepSeconds[name] = Math.round((Date.now() - started) / 100) / 10;
}

function manualWorkflow(
	name: string,
	nodes: Array<Record<string, unknown>>,
	order: string[],
): WorkflowJson {
	const connections: Record<string, unknown> = {};
	order.forEach((from, index) => {
		const to = order[index + 1];
		if (to) connections[from] = { main: [[{ node: to, type: 'main', index: 0 }]] };
	});
	return {
		name: `Compat: ${name}`,
		nodes: [MANUAL, ...nodes] as WorkflowJson['nodes'],
		connections,
		settings: { executionOrder: 'v1' },
	};
}

function qrtracNode(
	name: string,
	x: number,
	parameters: Record<string, unknown>,
): Record<string, unknown> {
	return {
		id: name.replace(/\W+/g, '-').toLowerCase(),
		name,
		type: 'n8n-nodes-qrtrac.qrtrac',
		typeVersion: 1,
		position: [x, 0],
		parameters,
		credentials: CREDENTIALS,
	};
}

/** The rows the sync workflow's Code node emits (the same in both runs). */
function syncRows(runTag: string): Array<{ displayId: string; name: string; url: string }> {
	return [1, 2, 3].map((index) => ({
		displayId: `compat-${runTag}-${index}`,
		name: `Compat ${runTag} ${index}`,
		url: `https://example.com/compat/${runTag}/${index}`,
	}));
}

/** The MCP Server Trigger's newest typeVersion in this install, or undefined when the install has none. */
function mcpTriggerVersion(installDir: string): number | undefined {
	const file = path.join(
		installDir,
		'node_modules',
		'@n8n',
		'n8n-nodes-langchain',
		'dist',
		'nodes',
		'mcp',
		'McpTrigger',
		'McpTrigger.node.js',
	);
	if (!existsSync(file)) return undefined;
	const versions = /\bversion:\s*\[([\d.,\s]+)\]/.exec(readFileSync(file, 'utf8'))?.[1];
	if (!versions) return 1;
	return Math.max(...versions.split(',').map(Number));
}

/** Example 05 reduced to its MCP Server Trigger and create_qr_code tool, on its own path. */
function mcpWorkflow(triggerVersion: number): WorkflowJson {
	const example = JSON.parse(readFileSync(EXAMPLE_05, 'utf8')) as WorkflowJson;
	const server = example.nodes.find((node) => node.type.endsWith('.mcpTrigger'));
	const tool = example.nodes.find((node) => node.name === 'create_qr_code');
	if (!server || !tool)
		throw new Error(`${EXAMPLE_05} lost its MCP Server Trigger or create_qr_code`);
	return {
		id: 'qrtracCompatMcp1',
		name: 'Compat: MCP create_qr_code',
		nodes: [
			{
				...server,
				typeVersion: triggerVersion,
				parameters: { ...(server.parameters as JsonObject), path: MCP_PATH },
				webhookId: '3a0b6f0e-9d0c-4c5e-8a7e-5b1c2d3e4f50',
			},
			tool,
		],
		connections: {
			[tool.name]: { ai_tool: [[{ node: server.name, type: 'ai_tool', index: 0 }]] },
		},
		settings: { executionOrder: 'v1' },
	};
}

/** A request that changed or tried to change something: anything but GET, except the analytics reads (POST). */
const isWrite = (request: LoggedRequest) =>
	request.method !== 'GET' && !request.path.startsWith('/api/analytics-api/');

describe(`the package in n8n ${VERSION} (compatibility smoke workflows)`, () => {
	const runTag = randomBytes(3).toString('hex');
	const token = randomBytes(24).toString('hex');
	const memberEmail = `compat-${runTag}@example.com`;
	let simulator: Simulator;
	let n8n: RealN8n;
	let teamId: string;
	const ids: Record<'create' | 'sync' | 'member' | 'trigger', string> = {
		create: '',
		sync: '',
		member: '',
		trigger: '',
	};
	let mcpVersion: number | undefined;
	let mcpId: string | undefined;

	const lastSeq = () => simulator.requestLog.at(-1)?.seq ?? 0;
	const requestsSince = (seq: number) =>
		simulator.requestLog.filter((request) => request.seq > seq);

	beforeAll(async () => {
		const started = Date.now();
		simulator = await startSimulator({ port: 0 });
		teamId = simulator.credentials.teamId;
		// the runner packs the package once for the whole matrix; run alone, the suite builds it
		const tarball = process.env.QRTRAC_COMPAT_TARBALL;
		const manifest = JSON.parse(
			readFileSync(path.join(__dirname, '..', '..', 'package.json'), 'utf8'),
		) as { name: string; version: string };
		n8n = await RealN8n.create({
			log,
			n8nVersion: VERSION,
			packed: tarball ? { tarball, name: manifest.name, version: manifest.version } : undefined,
		});
		const marker = readInstallMarker(n8n.installation.installDir);
		report.node = marker?.node ?? '';
		report.installSeconds = marker?.installSeconds ?? 0;
		report.installedNow = n8n.installation.installSeconds > 0;
		await n8n.importCredentials([
			qrtracCredential({ url: simulator.url, ...simulator.credentials }),
			mcpBearerCredential(token),
		]);
		const workflows: WorkflowJson[] = [
			manualWorkflow(
				'create',
				[
					qrtracNode('Create Code', 220, {
						resource: 'qrCode',
						operation: 'create',
						qrType: 'WEB',
						name: `Compat create ${runTag}`,
						qrRedirectUrl: `https://example.com/compat/${runTag}`,
						additionalFields: { displayId: `compat-${runTag}-c` },
						options: {},
					}),
				],
				['Start', 'Create Code'],
			),
			manualWorkflow(
				'sync',
				[
					{
						id: 'rows',
						name: 'Rows',
						type: 'n8n-nodes-base.code',
						typeVersion: 2,
						position: [220, 0],
						parameters: {
							jsCode: `return ${JSON.stringify(syncRows(runTag))}.map((json) => ({ json }));`,
						},
					},
					qrtracNode('Sync Codes', 440, {
						...SHEET_ROW,
						additionalFields: {},
						options: {},
					}),
				],
				['Start', 'Rows', 'Sync Codes'],
			),
			manualWorkflow(
				'member',
				['viewer', 'editor'].map((role, index) =>
					qrtracNode(`Add as ${role}`, 220 * (index + 1), {
						resource: 'teamMember',
						operation: 'add',
						teamId: { __rl: true, mode: 'id', value: teamId },
						name: `Compat ${runTag}`,
						email: memberEmail,
						role,
						options: {},
					}),
				),
				['Start', 'Add as viewer', 'Add as editor'],
			),
			{
				name: 'Compat: trigger',
				nodes: [
					{
						id: 'trigger',
						name: TRIGGER_NODE,
						type: 'n8n-nodes-qrtrac.qrtracTrigger',
						typeVersion: 1,
						position: [0, 0],
						parameters: {
							pollTimes: { item: [{ mode: 'everyMinute' }] },
							triggerOn: 'codeChanges',
						},
						credentials: CREDENTIALS,
					},
				],
				connections: {},
				settings: { executionOrder: 'v1' },
			},
		];
		mcpVersion = mcpTriggerVersion(n8n.installation.installDir);
		if (mcpVersion === undefined) report.notes.push('no MCP Server Trigger in this n8n');
		else workflows.push(mcpWorkflow(mcpVersion));
		const imported = await n8n.importWorkflows(workflows);
		[ids.create, ids.sync, ids.member, ids.trigger] = imported;
		mcpId = imported[4];
		// activated before `n8n start`, as a user without the editor would (2.x publishes, 1.x sets it active)
		if (mcpId) await n8n.publishWorkflow(mcpId);
		report.setupSeconds = Math.round((Date.now() - started) / 100) / 10;
		log(`set-up (install check, build, pack, install, import, activate): ${report.setupSeconds} s`);
	}, SETUP_TIMEOUT_MS);

	afterAll(async () => {
		await n8n?.stop();
		await simulator?.close();
		report.suiteSeconds = Math.round((Date.now() - suiteStarted) / 100) / 10;
		const dir = process.env.QRTRAC_COMPAT_REPORT_DIR;
		if (dir) {
			mkdirSync(dir, { recursive: true });
			writeFileSync(path.join(dir, `n8n-${VERSION}.json`), `${JSON.stringify(report, null, 2)}\n`);
		}
		log(`report: ${JSON.stringify(report)}`);
	}, STEP_TIMEOUT_MS);

	test(
		'Create: the code exists in the simulator afterwards',
		async () => {
			await step('create', async () => {
				const run = await n8n.executeWorkflow(ids.create, { timeoutMs: RUN_TIMEOUT_MS });
				expect(run.error).toBeUndefined();
				const [code] = nodeItems(run, 'Create Code');
				expect(code).toMatchObject({ displayId: `compat-${runTag}-c`, id: expect.any(String) });
				const stored = simulator.state.getQr(String(code.id));
				expect(stored).toMatchObject({
					teamId,
					name: `Compat create ${runTag}`,
					qrRedirectUrl: `https://example.com/compat/${runTag}`,
					deleted: false,
				});
			});
		},
		STEP_TIMEOUT_MS,
	);

	test(
		'Create or Update (sync) twice with the same rows: created, then every row unchanged with 0 writes',
		async () => {
			await step('syncRerun', async () => {
				const rows = syncRows(runTag);
				const first = await n8n.executeWorkflow(ids.sync, { timeoutMs: RUN_TIMEOUT_MS });
				expect(first.error).toBeUndefined();
				expect(nodeItems(first, 'Sync Codes').map((item) => item.operation)).toEqual(
					rows.map(() => 'created'),
				);
				const codes = simulator.state.listQrs(teamId);
				for (const row of rows)
					expect(codes.find((code) => code.displayId === row.displayId)).toMatchObject({
						name: row.name,
						qrRedirectUrl: row.url,
					});

				const before = lastSeq();
				const second = await n8n.executeWorkflow(ids.sync, { timeoutMs: RUN_TIMEOUT_MS });
				expect(second.error).toBeUndefined();
				expect(nodeItems(second, 'Sync Codes').map((item) => item.operation)).toEqual(
					rows.map(() => 'unchanged'),
				);
				const requests = requestsSince(before);
				expect(requests.filter(isWrite).map((r) => `${r.method} ${r.path}`)).toEqual([]);
				// the sync read the team's codes (so the run did reach QRTRAC) and wrote nothing
				expect(requests.length).toBeGreaterThan(0);
			});
		},
		STEP_TIMEOUT_MS,
	);

	test(
		'Team Member Add, then the same person with another role: added, then roleChanged in the simulator',
		async () => {
			await step('memberChange', async () => {
				expect(simulator.state.findMember(teamId, memberEmail)).toBeUndefined();
				const run = await n8n.executeWorkflow(ids.member, { timeoutMs: RUN_TIMEOUT_MS });
				expect(run.error).toBeUndefined();
				expect(nodeItems(run, 'Add as viewer')).toEqual([
					expect.objectContaining({ email: memberEmail, role: 'viewer', result: 'added' }),
				]);
				expect(nodeItems(run, 'Add as editor')).toEqual([
					expect.objectContaining({
						email: memberEmail,
						role: 'editor',
						result: 'roleChanged',
						previousRole: 'viewer',
					}),
				]);
				expect(simulator.state.findMember(teamId, memberEmail)).toMatchObject({
					email: memberEmail,
					role: 'editor',
				});
			});
		},
		STEP_TIMEOUT_MS,
	);

	describe('with n8n start', () => {
		beforeAll(async () => {
			await n8n.startServer();
		}, STEP_TIMEOUT_MS);

		test(
			"QRTRAC Trigger's test event (manual run, as Fetch Test Event): the newest code change",
			async () => {
				await step('triggerTestEvent', async () => {
					const newest = simulator.state.createQr(teamId, {
						qrType: 'WEB',
						name: `Compat trigger ${runTag}`,
						qrRedirectUrl: 'https://example.com/compat/trigger',
					});
					const run = await n8n.runManually(ids.trigger, TRIGGER_NODE, {
						timeoutMs: TEST_EVENT_TIMEOUT_MS,
					});
					expect(run.error).toBeUndefined();
					expect(nodeItems(run, TRIGGER_NODE)).toEqual([
						expect.objectContaining({
							event: 'created',
							id: newest.id,
							name: `Compat trigger ${runTag}`,
						}),
					]);
				});
			},
			STEP_TIMEOUT_MS,
		);

		test(
			'MCP Server Trigger: create_qr_code called by the official MCP client creates the code',
			async () => {
				await step('mcpToolCall', async () => {
					if (mcpVersion === undefined || !mcpId) return 'skipped: no MCP Server Trigger';
					let mcp: McpConnection | undefined;
					try {
						mcp = await connectMcp(mcpEndpoint(n8n.baseUrl, MCP_PATH), { token });
						const tools = (await mcp.client.listTools()).tools.map((tool) => tool.name);
						expect(tools).toEqual(['create_qr_code']);
						const name = `Compat MCP ${runTag}`;
						const answer = await callTool(mcp.client, 'create_qr_code', {
							name,
							url: 'https://example.com/compat/mcp',
							displayId: '',
							tags: '',
						});
						expect(answer.isError).toBe(false);
						const created = simulator.state.listQrs(teamId).filter((code) => code.name === name);
						expect(created).toHaveLength(1);
						expect(answer.text).toContain(created[0].id);
					} finally {
						await mcp?.close();
					}
					return 'pass';
				});
			},
			STEP_TIMEOUT_MS,
		);
	});
});
