import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

import type { LoggedRequest, QrRecord, Simulator } from '../../simulator';
import { startSimulator } from '../../simulator';
import type { McpConnection, ToolAnswer } from '../../scripts/n8n/mcpClient';
import { callTool, connectMcp, mcpEndpoint } from '../../scripts/n8n/mcpClient';
import type { WorkflowJson } from '../support/realN8n';
import { mcpBearerCredential, qrtracCredential, RealN8n } from '../support/realN8n';

/**
 * Issue 14: AI agents use QRTRAC through n8n's MCP Server Trigger. examples/05-ai-agent-tools.json is imported
 * unchanged into real n8n 2.41.1 (the packed package installed as a community package, so its tool nodes are
 * the synthetic `n8n-nodes-qrtrac.qrtracTool` type n8n builds from `usableAsTool`), published before `n8n start`,
 * and driven by the official MCP client (`@modelcontextprotocol/sdk`, Streamable HTTP) with the arguments a model
 * would send. No model is involved. Answers are checked against the simulator's state and request log.
 *
 * A copy of the example with the tools' descriptions set to "automatic" runs beside it (another path), to see
 * what a model gets from the node's own texts.
 */

/**
 * What the nodes do for a model (issue 14), each flag switching on the assertions that check it: errors of a tool
 * run read as one call and name the $fromAI argument; an unknown team ID is named as such; the tools' own
 * descriptions (the node's Tool Description defaults) say what to pass and what comes back; simplified answers
 * carry ISO 8601 times beside epoch milliseconds.
 */
const NODE_CHANGES = {
	toolErrorWording: true,
	unknownTeamError: true,
	autoDescriptions: true,
	isoTimestamps: true,
};

/** The first run on a machine installs n8n (several minutes); later runs reuse it. */
const SETUP_TIMEOUT_MS = 40 * 60_000;
const STEP_TIMEOUT_MS = 2 * 60_000;

const EXAMPLE = path.join(__dirname, '..', '..', 'examples', '05-ai-agent-tools.json');
const MCP_PATH = 'qrtrac';
const AUTO_PATH = 'qrtrac-auto-descriptions';
const TOOL_NAMES = [
	'add_team_member',
	'create_qr_code',
	'find_qr_codes',
	'get_scan_totals',
	'list_teams',
	'update_qr_code_url',
];
/** The fields of a simplified QR code (nodes/Qrtrac/helpers/simplify.ts). */
const SIMPLE_QR_FIELDS = [
	'id',
	'displayId',
	'name',
	'qrType',
	'shortUrl',
	'qrRedirectUrl',
	'qrImageUrl',
	'tags',
	'teamId',
	'deleted',
	'createdAt',
	'createdAtIso',
	'updatedAt',
	'updatedAtIso',
];

const log = (line: string) => process.stderr.write(`[e2e mcp] ${line}\n`);

interface ListedTool {
	name: string;
	description?: string;
	inputSchema: {
		type: string;
		properties?: Record<string, { type?: string; description?: string; default?: unknown }>;
		required?: string[];
	};
}

/** The example without its written tool descriptions, on its own path (same credentials): the node's own texts. */
function withAutomaticDescriptions(workflow: WorkflowJson): WorkflowJson {
	return {
		...workflow,
		id: 'qrtracEx5AutoDsc',
		name: `${workflow.name} (automatic descriptions)`,
		nodes: workflow.nodes.map((node) => {
			const parameters = { ...(node.parameters as Record<string, unknown>) };
			if (node.type.endsWith('.mcpTrigger')) {
				return {
					...node,
					parameters: { ...parameters, path: AUTO_PATH },
					webhookId: '0b0c7c1e-55aa-4d7e-9a3c-6f2b8d1e4a90',
				};
			}
			if (!node.type.endsWith('.qrtracTool')) return node;
			delete parameters.toolDescription;
			delete parameters.descriptionType;
			return { ...node, parameters };
		}),
	};
}

/** A request that changed or tried to change something: anything but GET, except the analytics reads (POST). */
const isWrite = (request: LoggedRequest) =>
	request.method !== 'GET' && !request.path.startsWith('/api/analytics-api/');

describe('QRTRAC tools for AI agents: MCP Server Trigger in real n8n 2.41.1, called by the official MCP client', () => {
	const token = randomBytes(24).toString('hex');
	let simulator: Simulator;
	let n8n: RealN8n;
	let mcp: McpConnection;
	let teamId: string;
	let tools: ListedTool[];

	beforeAll(async () => {
		const started = Date.now();
		simulator = await startSimulator({ port: 0 });
		teamId = simulator.credentials.teamId;
		n8n = await RealN8n.create({ log });
		await n8n.importCredentials([
			qrtracCredential({ url: simulator.url, ...simulator.credentials }),
			mcpBearerCredential(token),
		]);
		const example = JSON.parse(readFileSync(EXAMPLE, 'utf8')) as WorkflowJson;
		const [exampleId, autoId] = await n8n.importWorkflows([
			example,
			withAutomaticDescriptions(example),
		]);
		// as a user without the editor would: publish, then start n8n, which activates the published workflow
		await n8n.publishWorkflow(exampleId);
		await n8n.startServer();
		// the second one as the editor's Publish button does it (one CLI cold start less)
		await n8n.rest.activateWorkflow(autoId);
		mcp = await connectMcp(mcpEndpoint(n8n.baseUrl, MCP_PATH), { token });
		tools = (await mcp.client.listTools()).tools as ListedTool[];
		log(
			`set-up (build, pack, install, import, publish, n8n start, MCP connect, tools/list): ${Date.now() - started} ms`,
		);
	}, SETUP_TIMEOUT_MS);

	afterAll(async () => {
		await mcp?.close();
		await n8n?.stop();
		await simulator?.close();
	}, STEP_TIMEOUT_MS);

	/** Every record a tool could change, serialised: equal before and after means the call changed nothing. */
	function stateSnapshot(): string {
		const { qrs, memberships, users } = simulator.state;
		return JSON.stringify({
			qrs: [...qrs.values()],
			memberships: [...memberships.values()],
			users: [...users.values()],
		});
	}

	/** Calls one tool and returns its answer plus the requests the simulator got for it. */
	async function call(
		name: string,
		args: Record<string, unknown>,
	): Promise<ToolAnswer & { requests: LoggedRequest[]; ms: number }> {
		const from = simulator.requestLog.at(-1)?.seq ?? 0;
		const started = Date.now();
		const answer = await callTool(mcp.client, name, args);
		const ms = Date.now() - started;
		return {
			...answer,
			ms,
			requests: simulator.requestLog.filter((request) => request.seq > from),
		};
	}

	/** A successful answer is compact JSON: one array of plain objects. */
	function answerItems(answer: ToolAnswer): Array<Record<string, unknown>> {
		expect(answer.isError).toBe(false);
		const parsed = JSON.parse(answer.text) as unknown;
		expect(Array.isArray(parsed)).toBe(true);
		return parsed as Array<Record<string, unknown>>;
	}

	function tool(name: string): ListedTool {
		const found = tools.find((candidate) => candidate.name === name);
		if (!found)
			throw new Error(
				`tools/list has no ${name}: ${tools.map((candidate) => candidate.name).join(', ')}`,
			);
		return found;
	}

	function expectCompactCode(code: Record<string, unknown>): void {
		expect(SIMPLE_QR_FIELDS).toEqual(expect.arrayContaining(Object.keys(code)));
		expect(code.id).toMatch(/^qr_/);
		if (NODE_CHANGES.isoTimestamps) {
			expect(code.createdAtIso).toMatch(/^\d{4}-\d{2}-\d{2}T/);
			expect(code.updatedAtIso).toMatch(/^\d{4}-\d{2}-\d{2}T/);
		}
	}

	test('the endpoint refuses a client without the bearer token, before any tool runs', async () => {
		const before = simulator.requestLog.length;
		const response = await fetch(mcpEndpoint(n8n.baseUrl, MCP_PATH), {
			method: 'POST',
			headers: {
				'content-type': 'application/json',
				accept: 'application/json, text/event-stream',
			},
			body: JSON.stringify({
				jsonrpc: '2.0',
				id: 1,
				method: 'initialize',
				params: {
					protocolVersion: '2025-06-18',
					capabilities: {},
					clientInfo: { name: 'no-token', version: '1' },
				},
			}),
		});
		expect(response.status).toBe(403);
		expect(await response.text()).toBe('Authorization data is wrong!');
		await expect(
			connectMcp(mcpEndpoint(n8n.baseUrl, MCP_PATH), { token: 'wrong-token' }),
		).rejects.toThrow(/Authorization data is wrong/);
		expect(simulator.requestLog.length).toBe(before);
	});

	test('tools/list: six tools, each described by when to use it, what to pass and what comes back', () => {
		expect(tools.map((listed) => listed.name).sort()).toEqual(TOOL_NAMES);
		expect(mcp.client.getInstructions()).toMatch(/find_qr_codes first/);
		for (const listed of tools) {
			const description = listed.description ?? '';
			const inputs = Object.keys(listed.inputSchema.properties ?? {});
			expect(description.length).toBeGreaterThan(150);
			expect(description).toMatch(/Returns .*JSON/);
			// every argument is named in the description, so a model knows what each is for
			for (const input of inputs) expect(description).toContain(input);
			expect(listed.inputSchema.type).toBe('object');
			for (const [name, property] of Object.entries(listed.inputSchema.properties ?? {})) {
				expect(property.description?.length ?? 0).toBeGreaterThan(20);
				expect(['string', 'number']).toContain(property.type);
				expect(name).toMatch(/^[a-z][A-Za-z]*$/);
			}
		}
		const schema = (name: string) => {
			const { properties = {}, required = [] } = tool(name).inputSchema;
			return {
				types: Object.fromEntries(
					Object.entries(properties).map(([key, property]) => [key, property.type]),
				),
				required: [...required].sort(),
			};
		};
		expect(schema('create_qr_code')).toEqual({
			types: { name: 'string', url: 'string', displayId: 'string', tags: 'string' },
			required: ['name', 'url'],
		});
		expect(schema('find_qr_codes')).toEqual({
			types: { search: 'string', limit: 'number' },
			required: [],
		});
		expect(schema('update_qr_code_url')).toEqual({
			types: { codeId: 'string', url: 'string' },
			required: ['codeId', 'url'],
		});
		expect(schema('get_scan_totals')).toEqual({
			types: { codeIds: 'string' },
			required: ['codeIds'],
		});
		expect(schema('list_teams')).toEqual({ types: {}, required: [] });
		expect(schema('add_team_member')).toEqual({
			types: { teamId: 'string', name: 'string', email: 'string', role: 'string' },
			required: ['email', 'name', 'role', 'teamId'],
		});
		// optional arguments carry the default a model may leave out
		expect(tool('find_qr_codes').inputSchema.properties?.limit.default).toBe(20);
		expect(tool('create_qr_code').inputSchema.properties?.displayId.default).toBe('');
		log(
			`tools/list: ${tools.map((listed) => `${listed.name} (${Object.keys(listed.inputSchema.properties ?? {}).join(', ') || 'no arguments'})`).join('; ')}`,
		);
	});

	test(
		'with automatic descriptions, each tool is still listed and described by its operation',
		async () => {
			const auto = await connectMcp(mcpEndpoint(n8n.baseUrl, AUTO_PATH), { token });
			try {
				const listed = (await auto.client.listTools()).tools as ListedTool[];
				expect(listed.map((candidate) => candidate.name).sort()).toEqual(TOOL_NAMES);
				for (const candidate of listed) {
					// the same $fromAI arguments as with manual descriptions
					expect(candidate.inputSchema.properties).toEqual(
						tool(candidate.name).inputSchema.properties,
					);
					expect(candidate.description?.length ?? 0).toBeGreaterThan(0);
					if (NODE_CHANGES.autoDescriptions) {
						expect(candidate.description?.length ?? 0).toBeGreaterThan(80);
						expect(candidate.description).toMatch(/Returns/);
					}
				}
				log(
					`automatic descriptions: ${listed.map((candidate) => `${candidate.name}: "${candidate.description}"`).join('; ')}`,
				);
			} finally {
				await auto.close();
			}
		},
		STEP_TIMEOUT_MS,
	);

	test(
		'find_qr_codes: the codes whose name or display ID contains the search, compact, most recent first, nothing written',
		async () => {
			const before = stateSnapshot();
			const answer = await call('find_qr_codes', { search: 'spring', limit: 5 });
			const codes = answerItems(answer);
			const expected = simulator.state
				.liveQrsOfTeam(teamId)
				.filter((code) => `${code.name} ${code.displayId}`.toLowerCase().includes('spring'));
			expect(expected.length).toBeGreaterThan(0);
			expect(codes.map((code) => code.id).sort()).toEqual(expected.map((code) => code.id).sort());
			codes.forEach(expectCompactCode);
			expect(codes[0]).toMatchObject({
				name: expected[0].name,
				displayId: expected[0].displayId,
				qrRedirectUrl: expected[0].qrRedirectUrl,
			});

			const latest = answerItems(await call('find_qr_codes', { search: '', limit: 3 }));
			const byUpdate = [...simulator.state.liveQrsOfTeam(teamId)].sort(
				(a, b) => b.updatedAt - a.updatedAt,
			);
			expect(latest.map((code) => code.id)).toEqual(byUpdate.slice(0, 3).map((code) => code.id));
			// a model may leave out both arguments: the defaults (no filter, 20 codes) apply
			expect(answerItems(await call('find_qr_codes', {})).length).toBe(
				Math.min(20, byUpdate.length),
			);

			expect(answer.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
				'GET /api/qrs-api/v2/teams/',
			]);
			expect(stateSnapshot()).toBe(before);
			log(`find_qr_codes {search: "spring", limit: 5} (${answer.ms} ms) -> ${answer.text}`);
		},
		STEP_TIMEOUT_MS,
	);

	describe('a model creates a code, finds it, points it elsewhere and reads its scans', () => {
		const displayId = `agent-${randomBytes(3).toString('hex')}`;
		let created: QrRecord;

		test('create_qr_code: one POST; the code exists with the name, URL, display ID and tags the model gave', async () => {
			const answer = await call('create_qr_code', {
				name: 'Agent spring poster',
				url: 'https://example.com/spring-poster',
				displayId,
				tags: 'agent, spring',
			});
			const [code] = answerItems(answer);
			expect(answerItems(answer)).toHaveLength(1);
			expectCompactCode(code);
			const stored = simulator.state.getQr(String(code.id));
			expect(stored).toBeDefined();
			created = stored!;
			expect(created).toMatchObject({
				teamId,
				name: 'Agent spring poster',
				qrType: 'WEB',
				qrRedirectUrl: 'https://example.com/spring-poster',
				displayId,
				tags: ['agent', 'spring'],
				deleted: false,
			});
			expect(code).toMatchObject({
				id: created.id,
				displayId,
				name: created.name,
				qrRedirectUrl: created.qrRedirectUrl,
				tags: created.tags,
			});
			expect(
				answer.requests.map((request) => `${request.method} ${request.path} ${request.status}`),
			).toEqual(['POST /api/qrs-api 201']);
			log(`create_qr_code (${answer.ms} ms) -> ${answer.text}`);

			// without the optional arguments QRTRAC chooses the display ID and the code has no tags
			const [plain] = answerItems(
				await call('create_qr_code', {
					name: 'Agent plain code',
					url: 'https://example.com/plain',
				}),
			);
			expect(simulator.state.getQr(String(plain.id))).toMatchObject({
				name: 'Agent plain code',
				tags: [],
				qrRedirectUrl: 'https://example.com/plain',
			});
			expect(plain.displayId).toEqual(expect.any(String));
		});

		test('update_qr_code_url: found by its display ID, changed by its id; only the URL changes', async () => {
			const [found] = answerItems(await call('find_qr_codes', { search: displayId, limit: 5 }));
			expect(found.id).toBe(created.id);
			const before = { ...simulator.state.getQr(created.id)! };
			const answer = await call('update_qr_code_url', {
				codeId: found.id,
				url: 'https://example.com/summer-poster',
			});
			const [code] = answerItems(answer);
			const after = simulator.state.getQr(created.id)!;
			expect(after).toMatchObject({
				qrRedirectUrl: 'https://example.com/summer-poster',
				name: before.name,
				displayId: before.displayId,
				tags: before.tags,
				qrType: before.qrType,
			});
			expect(after.updatedAt).toBeGreaterThanOrEqual(before.updatedAt);
			expect(code).toMatchObject({
				id: created.id,
				qrRedirectUrl: 'https://example.com/summer-poster',
				displayId,
			});
			expect(
				answer.requests
					.filter(isWrite)
					.map((request) => `${request.method} ${request.path} ${request.status}`),
			).toEqual([`PUT /api/qrs-api/${created.id} 200`]);
			log(`update_qr_code_url (${answer.ms} ms) -> ${answer.text}`);
		});

		test('get_scan_totals: the scans the simulator counted, one entry per code given, nothing written', async () => {
			for (let scan = 0; scan < 3; scan++) simulator.state.addScan(created.id);
			const seeded = simulator.state
				.liveQrsOfTeam(teamId)
				.find((code) => code.name === 'Spring campaign')!;
			const before = stateSnapshot();
			const answer = await call('get_scan_totals', { codeIds: `${created.id}, ${seeded.id}` });
			const totals = answerItems(answer);
			const byId = new Map(totals.map((entry) => [entry.id, entry]));
			expect([...byId.keys()].sort()).toEqual([created.id, seeded.id].sort());
			expect(byId.get(created.id)).toMatchObject({ totalScans: 3, todayScans: 3 });
			expect(byId.get(seeded.id)).toMatchObject({
				totalScans: simulator.state.scans.get(seeded.id)?.length,
			});
			expect(answer.requests.filter(isWrite)).toEqual([]);
			expect(stateSnapshot()).toBe(before);
			log(`get_scan_totals (${answer.ms} ms) -> ${answer.text}`);
		});
	});

	test('list_teams then add_team_member: the person joins the team with the role; a repeated call sends nothing', async () => {
		const teams = answerItems(await call('list_teams', {}));
		expect(teams.map((team) => team.name).sort()).toEqual(['Marketing', 'Sales', 'Support']);
		const sales = teams.find((team) => team.name === 'Sales')!;
		const email = `ada.${randomBytes(3).toString('hex')}@example.com`;
		const args = { teamId: sales.id, email, name: 'Ada Lovelace', role: 'editor' };

		const answer = await call('add_team_member', args);
		expect(answerItems(answer)).toEqual([
			{ email, name: 'Ada Lovelace', teamId: sales.id, role: 'editor', result: 'added' },
		]);
		expect(simulator.state.findMember(String(sales.id), email)).toMatchObject({
			name: 'Ada Lovelace',
			role: 'editor',
		});
		expect(
			answer.requests.filter(isWrite).map((request) => `${request.method} ${request.path}`),
		).toEqual([`PUT /api/teams-api/${sales.id}/members`]);
		log(`add_team_member (${answer.ms} ms) -> ${answer.text}`);

		const again = await call('add_team_member', args);
		expect(answerItems(again)).toEqual([expect.objectContaining({ email, result: 'unchanged' })]);
		expect(again.requests.filter(isWrite)).toEqual([]);
	});

	describe('bad arguments come back as tool errors a model can act on, and change nothing', () => {
		interface BadCall {
			what: string;
			tool: string;
			args: () => Record<string, unknown>;
			/** What the error must say today. */
			says: RegExp;
			/** The argument key the model sent that is wrong (named in the error once toolErrorWording is on). */
			key?: string;
			/** 'nothing': refused before any request; 'readsOnly': QRTRAC was asked but nothing was written; 'refusedWrite': QRTRAC refused the write. */
			sent: 'nothing' | 'readsOnly' | 'refusedWrite';
			/** The change that must also hold for this case before the case is fully checked. */
			needs?: keyof typeof NODE_CHANGES;
			/** Checked only once `needs` is on. */
			laterSays?: RegExp;
		}
		const seededCode = () => simulator.state.liveQrsOfTeam(teamId)[0];
		const cases: BadCall[] = [
			{
				what: 'an invalid display ID',
				tool: 'create_qr_code',
				args: () => ({
					name: 'Bad display ID',
					url: 'https://example.com/bad',
					displayId: 'bad id!',
				}),
				says: /Display ID.*letters, digits/i,
				key: 'displayId',
				sent: 'nothing',
			},
			{
				what: 'a URL without http(s)://',
				tool: 'create_qr_code',
				args: () => ({ name: 'Bad URL', url: 'example.com/spring' }),
				says: /must be a full http\(s\) URL/,
				key: 'url',
				sent: 'nothing',
			},
			{
				what: 'a display ID another code has',
				tool: 'create_qr_code',
				args: () => ({
					name: 'Taken',
					url: 'https://example.com/taken',
					displayId: seededCode().displayId,
				}),
				says: /already taken/,
				sent: 'refusedWrite',
			},
			{
				what: 'a number where a string is expected (n8n checks the input schema)',
				tool: 'create_qr_code',
				args: () => ({ name: 42, url: 'https://example.com/x' }),
				says: /did not match expected schema[\s\S]*Expected string, received number[\s\S]*name/,
				sent: 'nothing',
			},
			{
				what: 'an unknown code ID',
				tool: 'update_qr_code_url',
				args: () => ({ codeId: 'qr_doesnotexist', url: 'https://example.com/new' }),
				says: /QR code not found: qr_doesnotexist/,
				sent: 'readsOnly',
			},
			{
				what: 'a code ID with characters no ID has',
				tool: 'update_qr_code_url',
				args: () => ({ codeId: 'bad id!', url: 'https://example.com/new' }),
				says: /must not contain .* spaces/,
				key: 'codeId',
				sent: 'nothing',
			},
			{
				what: 'an unknown code ID in the scan totals',
				tool: 'get_scan_totals',
				args: () => ({ codeIds: 'qr_doesnotexist' }),
				says: /QR code not found: "qr_doesnotexist"/,
				sent: 'readsOnly',
			},
			{
				what: 'a role that cannot be given',
				tool: 'add_team_member',
				args: () => ({ teamId, email: 'ada@example.com', name: 'Ada Lovelace', role: 'owner' }),
				says: /"admin", "editor", "viewer"/,
				key: 'role',
				sent: 'nothing',
			},
			{
				what: 'an e-mail address that is none',
				tool: 'add_team_member',
				args: () => ({ teamId, email: 'ada at example', name: 'Ada Lovelace', role: 'editor' }),
				says: /e-mail address/,
				key: 'email',
				sent: 'nothing',
			},
			{
				what: 'an unknown team ID',
				tool: 'add_team_member',
				args: () => ({
					teamId: 'team_doesnotexist',
					email: 'ada@example.com',
					name: 'Ada Lovelace',
					role: 'editor',
				}),
				says: /./,
				sent: 'readsOnly',
				needs: 'unknownTeamError',
				laterSays: /team_doesnotexist/,
			},
		];

		test.each(cases)('$tool with $what', async (bad) => {
			const before = stateSnapshot();
			const answer = await call(bad.tool, bad.args());
			log(
				`${bad.tool} with ${bad.what} (${answer.ms} ms) -> isError ${answer.isError}: ${JSON.stringify(answer.text)}`,
			);

			expect(answer.isError).toBe(true);
			expect(answer.text).toMatch(bad.says);
			// readable text: short, no stack, no internals, no secret
			expect(answer.text.length).toBeLessThan(800);
			expect(answer.text).not.toMatch(/^\s+at .+:\d+:\d+\)?$/m);
			expect(answer.text).not.toMatch(/\[object Object\]|undefined|node_modules/);
			for (const secret of [
				simulator.credentials.clientSecret,
				simulator.credentials.apiKey,
				token,
			])
				expect(answer.text).not.toContain(secret);
			expect(answer.text).not.toMatch(/x-request-client-secret|authorization/i);

			expect(stateSnapshot()).toBe(before);
			const writes = answer.requests.filter(isWrite);
			if (bad.sent === 'nothing') expect(answer.requests).toEqual([]);
			if (bad.sent === 'readsOnly') expect(writes).toEqual([]);
			if (bad.sent === 'refusedWrite')
				expect(writes.every((request) => (request.status ?? 0) >= 400)).toBe(true);

			if (NODE_CHANGES.toolErrorWording) {
				expect(answer.text).not.toMatch(
					/\bItem \d+\b|of item \d+|No item before it had run|No other item was started/,
				);
				if (bad.key) expect(answer.text).toContain(bad.key);
			}
			if (bad.needs && NODE_CHANGES[bad.needs] && bad.laterSays) {
				expect(answer.text).toMatch(bad.laterSays);
				expect(answer.text).not.toMatch(/check the credential/i);
			}
		});
	});
});
