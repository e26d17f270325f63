/**
 * Every plausible rate-limit header (issue 11, item 6): `X-RateLimit-Reset` in each of the simulator's formats,
 * milliseconds until the reset (`msUntil`: '734' must not be read as 734 s) and no Reset at all (`none`)
 * included, and a per-minute `X-RateLimit-Limit` (1,200 on a plan of 20 per second, its headers describing
 * the minute: the pace must stay at the plan's 20 per second). Each mode runs a bulk Create (no Display ID:
 * a POST is never sent twice blindly) through n8n-core's engine against its own simulator over real sockets.
 *
 * - Per-second window: another tool of the team fires bursts that fill whole windows, so the node receives
 *   429s and must wait as the answer says, neither 734 s (failed items) nor too little.
 * - Per-minute window: the run starts two seconds before a minute ends, so it sees the minute's last resets
 *   (where a per-minute answer looks like a per-second one) and the new minute.
 *
 * Required in every mode: 0 failed items, every row created exactly once. The 429s the node received and the
 * rate it reached are recorded for RELIABILITY.md (RELIABILITY_FIGURES_DIR).
 */
import { randomBytes } from 'node:crypto';
import { request } from 'undici';

import { RESET_FORMATS, type LimitWindow, type ResetFormat } from '../../simulator';
import { runNode, type RunNodeResult } from '../support/n8nHarness';
import { expectNoSecrets } from '../support/secretScan';
import { recordFigures } from './support/figures';
import {
	createReliabilityTeam,
	startReliabilitySimulator,
	type ReliabilitySimulator,
	type ReliabilityTeam,
} from './support/reliabilityTeam';

const PLAN = { name: 'Legendary', perSecond: 20 };
const ROWS = 80;
const LATENCY_MS = 20;
/** Waiting for the end of a minute (up to 60 s) plus the runs. */
jest.setTimeout(150_000);

interface VariantCase {
	limitWindow: LimitWindow;
	resetFormat: ResetFormat;
	env: ReliabilitySimulator;
	team: ReliabilityTeam;
	tag: string;
	result?: RunNodeResult;
	foreignRequests: number;
}

interface VariantFigures {
	case: string;
	rows: number;
	failedItems: number;
	duplicates: number;
	created: number;
	/** Requests of the node (creates) and how many of them were answered 429. */
	nodeRequests: number;
	node429: number;
	/** Requests of the other tool that the service accepted / refused. */
	foreignAccepted: number;
	foreign429: number;
	/** Largest number of the node's requests accepted in one second. */
	busiestSecond: number;
	/** Accepted creates per second from the first to the last (the run's pace). */
	pacePerSecond: number;
	runMs: number;
}

const figures: VariantFigures[] = [];
const cases = new Map<string, VariantCase>();
const key = (limitWindow: LimitWindow, resetFormat: ResetFormat) => `${limitWindow}/${resetFormat}`;

const createParameters = {
	resource: 'qrCode',
	operation: 'create',
	qrType: 'WEB',
	name: '={{ $json.marker }}',
	qrRedirectUrl: '={{ "https://example.com/h/" + $json.marker }}',
};

/** Another tool of the team: `bursts` times, as many requests at once as the window allows, 1.3 s apart. */
async function foreignBursts(variant: VariantCase, bursts: number): Promise<void> {
	const { sim } = variant.env;
	const { teamId, clientId, clientSecret } = variant.team.credentials;
	const headers = {
		'x-request-team-id': teamId!,
		'x-request-client-id': clientId!,
		'x-request-client-secret': clientSecret!,
	};
	for (let burst = 0; burst < bursts; burst++) {
		await new Promise((resolve) => setTimeout(resolve, burst === 0 ? 400 : 1300));
		await Promise.all(
			Array.from({ length: PLAN.perSecond }, async () => {
				variant.foreignRequests++;
				const answer = await request(`${sim.url}/api/qr-templates-api`, { headers });
				await answer.body.dump();
			}),
		);
	}
}

async function runVariant(variant: VariantCase): Promise<void> {
	const rows = Array.from({ length: ROWS }, (_, index) => ({
		marker: `hv-${variant.tag}-${index}`,
	}));
	const credentials = {
		...variant.team.credentials,
		plan: PLAN.name,
		customRatePerSecond: undefined,
	};
	const node = runNode({
		nodeType: 'qrtrac',
		credentials,
		parameters: createParameters,
		items: rows,
		continueOnFail: true,
	});
	const foreign = variant.limitWindow === 'second' ? foreignBursts(variant, 3) : Promise.resolve();
	const [result] = await Promise.all([node, foreign]);
	variant.result = result;
}

function measure(variant: VariantCase): VariantFigures {
	const { sim } = variant.env;
	const items = variant.result?.items ?? [];
	const failedItems =
		items.filter((item) => item.json.error !== undefined).length +
		(variant.result?.error ? 1 : 0) +
		Math.max(0, ROWS - items.length);
	const byName = new Map<string, number>();
	for (const qr of sim.state.listQrs(variant.team.teamId))
		byName.set(qr.name, (byName.get(qr.name) ?? 0) + 1);
	const markers = Array.from({ length: ROWS }, (_, index) => `hv-${variant.tag}-${index}`);
	const teamRequests = sim.requestLog.filter(
		(entry) =>
			entry.teamId === variant.team.teamId ||
			entry.headers['x-request-team-id'] === variant.team.teamId,
	);
	const creates = teamRequests.filter((entry) => entry.method === 'POST');
	const foreign = teamRequests.filter((entry) => entry.method === 'GET');
	const perSecond = new Map<number, number>();
	for (const entry of creates.filter((entry) => entry.status !== 429)) {
		const second = Math.floor(entry.startedAt / 1000);
		perSecond.set(second, (perSecond.get(second) ?? 0) + 1);
	}
	const starts = creates.map((entry) => entry.startedAt);
	const accepted = creates.filter((entry) => entry.status !== 429).map((entry) => entry.startedAt);
	const acceptedSpanMs = accepted.length > 1 ? Math.max(...accepted) - Math.min(...accepted) : 0;
	return {
		case: `${variant.limitWindow === 'minute' ? 'per-minute limit (1,200)' : 'per-second limit (20)'}, Reset ${variant.resetFormat}`,
		rows: ROWS,
		failedItems,
		duplicates: markers.reduce(
			(sum, marker) => sum + Math.max(0, (byName.get(marker) ?? 0) - 1),
			0,
		),
		created: markers.filter((marker) => (byName.get(marker) ?? 0) > 0).length,
		nodeRequests: creates.length,
		node429: creates.filter((entry) => entry.status === 429).length,
		foreignAccepted: foreign.filter((entry) => entry.status === 200).length,
		foreign429: foreign.filter((entry) => entry.status === 429).length,
		busiestSecond: Math.max(0, ...perSecond.values()),
		pacePerSecond:
			acceptedSpanMs > 0
				? Math.round(((accepted.length - 1) * 1000 * 10) / acceptedSpanMs) / 10
				: 0,
		runMs: starts.length > 0 ? Math.max(...starts) - Math.min(...starts) : 0,
	};
}

/** Resolves when the current minute has `leadMs` left (waits up to a minute). */
async function nearMinuteEnd(leadMs: number): Promise<void> {
	const untilEnd = 60_000 - (Date.now() % 60_000);
	const wait = untilEnd >= leadMs ? untilEnd - leadMs : untilEnd + 60_000 - leadMs;
	await new Promise((resolve) => setTimeout(resolve, wait));
}

describe.each(['second', 'minute'] as LimitWindow[])(
	'X-RateLimit-* describing a %s window',
	(limitWindow) => {
		beforeAll(async () => {
			const variants = await Promise.all(
				RESET_FORMATS.map(async (resetFormat) => {
					const env = await startReliabilitySimulator({
						latencyMs: LATENCY_MS,
						resetFormat,
						limitWindow,
					});
					const tag = randomBytes(3).toString('hex');
					const team = createReliabilityTeam(env, `Headers ${limitWindow} ${resetFormat} ${tag}`, {
						ratePerSecond: PLAN.perSecond,
					});
					const variant: VariantCase = {
						limitWindow,
						resetFormat,
						env,
						team,
						tag,
						foreignRequests: 0,
					};
					cases.set(key(limitWindow, resetFormat), variant);
					return variant;
				}),
			);
			if (limitWindow === 'minute') await nearMinuteEnd(2000);
			// one simulator per mode, all at once: the minute's end is the same moment for all of them
			await Promise.all(variants.map(runVariant));
			for (const variant of variants) figures.push(measure(variant));
		});

		afterAll(async () => {
			for (const format of RESET_FORMATS)
				await cases.get(key(limitWindow, format))?.env.sim.close();
		});

		test.each(RESET_FORMATS)(
			'Reset as %s: 0 failed items, every row created exactly once, no secret in the output',
			(resetFormat) => {
				const variant = cases.get(key(limitWindow, resetFormat))!;
				const measured = figures.find(
					(figure) =>
						figure.case.endsWith(`Reset ${resetFormat}`) &&
						figure.case.includes(limitWindow === 'minute' ? 'minute' : 'second'),
				)!;
				expect(variant.result?.error).toBeUndefined();
				expect(measured.failedItems).toBe(0);
				expect(measured.created).toBe(ROWS);
				expect(measured.duplicates).toBe(0);
				// the plan is the ceiling: a per-minute limit of 1,200 never raises the pace above 20 per second.
				// Over the run the pace stays within the plan; in one calendar second of arrivals, two requests more
				// than the plan are arrival jitter (the limiter tolerates 20 ms of it; CI runs three suite workers on
				// 2 cores), while reading 1,200 as a per-second limit put the 80 rows into one or two seconds (68/s).
				expect(measured.pacePerSecond).toBeLessThanOrEqual(PLAN.perSecond);
				expect(measured.busiestSecond).toBeLessThanOrEqual(PLAN.perSecond + 2);
				if (limitWindow === 'second') expect(measured.foreignAccepted).toBeGreaterThan(0);
				expectNoSecrets(
					{ result: variant.result, log: variant.env.logLines },
					variant.team.secrets,
				);
			},
		);
	},
);

afterAll(() => {
	recordFigures('rate-limit-header-variants', figures);
});
