/**
 * One header variant end to end (the others run on a fake clock in headerVariants.unit.test.ts): the simulator
 * tells `X-RateLimit-Reset` as milliseconds until the reset ('734', once read as 734 s), while another tool of
 * the team fills whole windows, so the node receives 429s and must wait as told. A bulk Create (no Display ID:
 * a POST is never sent twice blindly) runs through n8n-core's engine over real sockets.
 */
import { randomBytes } from 'node:crypto';
import { request } from 'undici';

import { runNode } from '../../../support/n8nHarness';
import { expectNoSecrets } from '../../../support/secretScan';
import {
	createReliabilityTeam,
	startReliabilitySimulator,
	type ReliabilitySimulator,
} from '../../../support/reliability/reliabilityTeam';

const ROWS = 40;
let env: ReliabilitySimulator;

beforeAll(async () => {
	env = await startReliabilitySimulator({ latencyMs: 20, resetFormat: 'msUntil' });
});

afterAll(async () => {
	await env?.sim.close();
});

it('Reset in ms while another tool fills whole windows: 0 failed, each row created once, within the plan', async () => {
	const tag = randomBytes(3).toString('hex');
	const team = createReliabilityTeam(env, `Headers msUntil ${tag}`, { ratePerSecond: 20 });
	const { teamId, clientId, clientSecret } = team.credentials;
	const headers = {
		'x-request-team-id': teamId!,
		'x-request-client-id': clientId!,
		'x-request-client-secret': clientSecret!,
	};
	/** Twice, as many requests at once as a window allows, 1.3 s apart. */
	const foreign = async () => {
		for (const pauseMs of [400, 1300]) {
			await new Promise((resolve) => setTimeout(resolve, pauseMs));
			await Promise.all(
				Array.from({ length: 20 }, async () => {
					const answer = await request(`${env.sim.url}/api/qr-templates-api`, { headers });
					await answer.body.dump();
				}),
			);
		}
	};
	const markers = Array.from({ length: ROWS }, (_, index) => `hv-${tag}-${index}`);
	const [result] = await Promise.all([
		runNode({
			nodeType: 'qrtrac',
			credentials: { ...team.credentials, plan: 'Legendary', customRatePerSecond: undefined },
			parameters: {
				resource: 'qrCode',
				operation: 'create',
				qrType: 'WEB',
				name: '={{ $json.marker }}',
				qrRedirectUrl: '={{ "https://example.com/h/" + $json.marker }}',
			},
			items: markers.map((marker) => ({ marker })),
			continueOnFail: true,
		}),
		foreign(),
	]);

	expect(result.error).toBeUndefined();
	expect(result.items.filter((item) => item.json.error !== undefined)).toEqual([]);
	const names = env.sim.state.listQrs(team.teamId).map((qr) => qr.name);
	expect([...names].sort()).toEqual([...markers].sort());
	const creates = env.sim.requestLog.filter(
		(entry) => entry.method === 'POST' && entry.headers['x-request-team-id'] === team.teamId,
	);
	const perSecond = new Map<number, number>();
	for (const entry of creates.filter((entry) => entry.status !== 429)) {
		const second = Math.floor(entry.startedAt / 1000);
		perSecond.set(second, (perSecond.get(second) ?? 0) + 1);
	}
	// two arrivals of jitter in a calendar second on a loaded machine; the limiter tolerates 20 ms of it
	expect(Math.max(...perSecond.values())).toBeLessThanOrEqual(22);
	expectNoSecrets({ result, log: env.logLines }, team.secrets);
}, 120_000);
