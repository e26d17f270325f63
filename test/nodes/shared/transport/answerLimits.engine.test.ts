/**
 * Issue 22, points 7 (answers) and 9 (part), through n8n-core's engine against the simulator over real sockets:
 * an answer larger than the cap fails with the operation and how to narrow it, without n8n reading it whole;
 * a 2xx without `success` on a change that answers nothing else is checked (the state read), not assumed;
 * a blank API key is named before anything is sent; `*.localhost` over plain http is refused.
 */
import { randomBytes } from 'node:crypto';

import { runNode } from '../../../support/n8nHarness';
import { recordFigures } from '../../../support/reliability/figures';
import {
	createReliabilityTeam,
	startReliabilitySimulator,
	type ReliabilitySimulator,
} from '../../../support/reliability/reliabilityTeam';

jest.setTimeout(60_000);

let env: ReliabilitySimulator;
const figures: Record<string, unknown> = {};

beforeAll(async () => {
	env = await startReliabilitySimulator();
});

afterAll(async () => {
	recordFigures('answerLimits', figures);
	await env?.sim.close();
});

beforeEach(() => {
	env.sim.setAnswerModes({});
	env.sim.clearRequestLog();
});

const newTeam = () =>
	createReliabilityTeam(env, `limits-${randomBytes(3).toString('hex')}`, { ratePerSecond: 50 });

it('an updated-after answer of 80 MB fails at the 64 MB cap, naming the operation and how to narrow it', async () => {
	const team = newTeam();
	env.sim.state.createQr(team.teamId, {
		qrType: 'WEB',
		name: 'big',
		qrRedirectUrl: 'https://example.com/b',
	});
	env.sim.setAnswerModes({ hugeAnswerBytes: 80 * 1024 * 1024 });
	const heapBefore = process.memoryUsage().heapUsed;
	const started = Date.now();

	const result = await runNode({
		nodeType: 'qrtrac',
		credentials: team.credentials,
		parameters: { resource: 'qrCode', operation: 'getUpdatedSince', since: Date.UTC(2001, 0, 1) },
	});

	expect(result.error?.message).toBe(
		`QRTRAC's answer to Get QR Codes Updated Since (GET /api/qrs-api/teams/fromTime/${Date.UTC(2001, 0, 1)}) is larger than 64 MB; it was not read, so that it cannot exhaust n8n's memory`,
	);
	expect(result.error?.description).toContain('a later time for Get Updated Since');
	expect(result.error?.description).toContain('one team instead of all teams');
	figures.hugeAnswer = {
		answerBytes: 80 * 1024 * 1024,
		ms: Date.now() - started,
		heapGrowthMb: Math.round((process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024),
	};
});

it('a 2xx without "success" on Pause (an answer of nothing else) is checked by reading the team, not assumed', async () => {
	const team = newTeam();
	const other = createReliabilityTeam(env, `limits-other-${randomBytes(3).toString('hex')}`, {
		ratePerSecond: 50,
	});
	const email = `ada-${randomBytes(3).toString('hex')}@member.example`;
	env.sim.state.addMember(team.teamId, { name: 'Ada', email, role: 'editor' });
	env.sim.state.addMember(other.teamId, { name: 'Ada', email, role: 'editor' });
	env.sim.state.acceptInvite(email);
	env.sim.setAnswerModes({ noSuccessFlag: true });

	const result = await runNode({
		nodeType: 'qrtrac',
		credentials: team.credentials,
		parameters: {
			resource: 'teamMember',
			operation: 'pause',
			teamId: { __rl: true, mode: 'id', value: team.teamId },
			email,
		},
	});

	expect(result.error).toBeUndefined();
	expect(env.sim.state.findMember(team.teamId, email)?.state).toBe('paused');
	const requests = env.sim.requestLog.map((entry) => `${entry.method} ${entry.path}`);
	// From 1.2 the team's members are read before the pause too; the check is the read after it.
	const pause = requests.findIndex((request) => /^PUT .*\/pause$/.test(request));
	expect(pause).toBeGreaterThanOrEqual(0);
	expect(requests.slice(pause + 1)).toContain(`GET /api/teams-api/${team.teamId}`);
});

it('a blank API key is "missing", named before anything is sent, not an unknown outcome', async () => {
	const team = newTeam();

	const result = await runNode({
		nodeType: 'qrtrac',
		credentials: { ...team.credentials, apiKey: '  ' },
		parameters: {
			resource: 'dynamicLink',
			operation: 'create',
			destinationUrl: 'https://example.com/d',
		},
	});

	expect(result.error?.message).toBe('QRTRAC credential is missing: API Key (Simple Interface)');
	expect(env.sim.requestLog).toHaveLength(0);
});

it('a Base URL under .localhost over plain http is refused before any request', async () => {
	const team = newTeam();
	const port = new URL(env.sim.url).port;

	const result = await runNode({
		nodeType: 'qrtrac',
		credentials: { ...team.credentials, baseUrl: `http://qrtrac.localhost:${port}` },
		parameters: { resource: 'designTemplate', operation: 'getMany', returnAll: true },
	});

	expect(result.error?.message).toContain('must start with https://');
	expect(env.sim.requestLog).toHaveLength(0);
});
