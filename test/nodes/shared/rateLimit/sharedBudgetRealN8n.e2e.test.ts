/**
 * Shared budget across two real n8n processes: two `n8n execute` processes (the pinned n8n with the packed
 * package installed) run at the same time against one simulator team on the Legendary plan (20 requests/s).
 * Each lists its own half of the team's codes and retitles them. The processes share no limiter: they can
 * only see each other through the service's X-RateLimit-Remaining. Every item must succeed; the 429 count and
 * the accepted rate while both ran are recorded. The first run on a machine installs n8n (several minutes).
 */
import { randomBytes } from 'node:crypto';

import { expectNoSecrets } from '../../../support/secretScan';
import {
	nodeItems,
	qrtracCredential,
	RealN8n,
	SIMULATOR_CREDENTIAL_ID,
	SIMULATOR_CREDENTIAL_NAME,
	type WorkflowJson,
} from '../../../support/realN8n';
import { budgetFigures } from '../../../support/reliability/budgetFigures';
import { recordFigures } from '../../../support/reliability/figures';
import {
	createReliabilityTeam,
	startReliabilitySimulator,
	type ReliabilitySimulator,
	type ReliabilityTeam,
} from '../../../support/reliability/reliabilityTeam';

const SETUP_TIMEOUT_MS = 40 * 60_000;
const RUN_TIMEOUT_MS = 5 * 60_000;
const PLAN = { name: 'Legendary', perSecond: 20 };
const CODES_PER_PROCESS = 150;

let env: ReliabilitySimulator;
let team: ReliabilityTeam;
let n8n: RealN8n;

const log = (line: string) => process.stderr.write(`[shared budget] ${line}\n`);

beforeAll(async () => {
	env = await startReliabilitySimulator({ latencyMs: 20 });
	team = createReliabilityTeam(env, 'Two processes', { ratePerSecond: PLAN.perSecond });
	n8n = await RealN8n.create({ build: false, loading: 'custom', log });
	const { teamId, clientId, clientSecret, apiKey } = team.credentials;
	await n8n.importCredentials([
		qrtracCredential(
			{
				url: env.sim.url,
				teamId: teamId!,
				clientId: clientId!,
				clientSecret: clientSecret!,
				apiKey: apiKey!,
			},
			{ plan: PLAN.name },
		),
	]);
}, SETUP_TIMEOUT_MS);

afterAll(async () => {
	await n8n?.stop();
	await env?.sim.close();
}, RUN_TIMEOUT_MS);

/** Manual Trigger -> Get Many (codes whose name holds `prefix`) -> Update Title of each. */
function retitleWorkflow(prefix: string): WorkflowJson {
	const credentials = {
		qrtracApi: { id: SIMULATOR_CREDENTIAL_ID, name: SIMULATOR_CREDENTIAL_NAME },
	};
	return {
		name: `Shared budget ${prefix}`,
		nodes: [
			{
				id: 'start',
				name: 'Start',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			{
				id: 'list',
				name: 'List',
				type: 'CUSTOM.qrtrac',
				typeVersion: 1,
				position: [240, 0],
				parameters: {
					resource: 'qrCode',
					operation: 'getMany',
					returnAll: true,
					filters: { search: prefix },
				},
				credentials,
			},
			{
				id: 'retitle',
				name: 'Retitle',
				type: 'CUSTOM.qrtrac',
				typeVersion: 1,
				position: [480, 0],
				parameters: {
					resource: 'qrCode',
					operation: 'updateTitle',
					qrCodeId: { __rl: true, mode: 'id', value: '={{ $json.id }}' },
					title: '={{ "done " + $json.name }}',
				},
				credentials,
			},
		],
		connections: {
			Start: { main: [[{ node: 'List', type: 'main', index: 0 }]] },
			List: { main: [[{ node: 'Retitle', type: 'main', index: 0 }]] },
		},
	};
}

it(
	`two n8n processes on one team (${PLAN.name}, ${PLAN.perSecond} requests/s) retitle ${CODES_PER_PROCESS} codes each with 0 failed items`,
	async () => {
		const tag = randomBytes(3).toString('hex');
		const prefixes = [`proc-a-${tag}`, `proc-b-${tag}`];
		for (const prefix of prefixes) {
			for (let index = 0; index < CODES_PER_PROCESS; index++) {
				env.sim.state.createQr(team.teamId, {
					qrType: 'WEB',
					name: `${prefix}-${index}`,
					qrRedirectUrl: 'https://example.com/p',
				});
			}
		}
		const ids = [];
		for (const prefix of prefixes) ids.push(await n8n.importWorkflow(retitleWorkflow(prefix)));
		env.sim.clearRequestLog();

		const runs = await Promise.all(
			ids.map((id) => n8n.executeWorkflow(id, { timeoutMs: RUN_TIMEOUT_MS })),
		);

		const retitles = env.sim.requestLog.filter((request) => request.method === 'PATCH');
		const byProcess = prefixes.map((prefix) =>
			retitles.filter((request) => JSON.stringify(request.body ?? '').includes(prefix)),
		);
		const overlapStart = Math.max(
			...byProcess.map((requests) => Math.min(...requests.map((request) => request.startedAt))),
		);
		const overlapEnd = Math.min(
			...byProcess.map((requests) => Math.max(...requests.map((request) => request.startedAt))),
		);
		const whileBoth = env.sim.requestLog.filter(
			(request) => request.startedAt >= overlapStart && request.startedAt <= overlapEnd,
		);
		const failedItems = runs
			.flatMap((run) => nodeItems(run, 'Retitle'))
			.filter((item) => item.error !== undefined).length;
		const figures = {
			case: `2 n8n processes x ${CODES_PER_PROCESS} codes (Get Many + Update Title), ${PLAN.name}`,
			failedItems,
			processMs: runs.map((run) => run.processMs),
			overlapMs: overlapEnd - overlapStart,
			whole: budgetFigures(env.sim.requestLog, team.teamId, PLAN.perSecond),
			whileBothRan: budgetFigures(whileBoth, team.teamId, PLAN.perSecond),
		};
		recordFigures('shared-budget-real-n8n', figures);
		log(JSON.stringify(figures));

		for (const run of runs) {
			expect(run.error).toBeUndefined();
			expect(nodeItems(run, 'Retitle')).toHaveLength(CODES_PER_PROCESS);
		}
		expect(failedItems).toBe(0);
		for (const prefix of prefixes) {
			const codes = env.sim.state.listQrs(team.teamId).filter((qr) => qr.name.includes(prefix));
			expect(codes.filter((qr) => qr.name.startsWith('done '))).toHaveLength(CODES_PER_PROCESS);
		}
		expect(figures.overlapMs).toBeGreaterThan(1000);
		expect(figures.whole.busiestWindow).toBeLessThanOrEqual(PLAN.perSecond);
		expectNoSecrets({ runs, log: env.logLines }, team.secrets);
	},
	RUN_TIMEOUT_MS,
);
