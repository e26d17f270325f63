/**
 * Shared budget, in one process: two n8n executions working on the same team at the same time (through
 * n8n-core's engine, as two workflows of one n8n instance would) share the team's rate limiter, so together
 * they stay within the plan: every row written, 0 failed items. The 429 count and the rate the simulator
 * accepted are recorded for RELIABILITY.md.
 */
import { randomBytes } from 'node:crypto';

import { runNode } from '../../../support/n8nHarness';
import { expectNoSecrets } from '../../../support/secretScan';
import { budgetFigures, type BudgetFigures } from '../../../support/reliability/budgetFigures';
import { recordFigures } from '../../../support/reliability/figures';
import {
	createReliabilityTeam,
	startReliabilitySimulator,
	type ReliabilitySimulator,
} from '../../../support/reliability/reliabilityTeam';

let env: ReliabilitySimulator;
const figures: Array<
	BudgetFigures & { case: string; rowsPerExecution: number; failedItems: number }
> = [];

beforeAll(async () => {
	// A little latency, like a real network: answers overlap, so pacing matters.
	env = await startReliabilitySimulator({ latencyMs: 20 });
});

afterAll(async () => {
	recordFigures('shared-budget-in-process', figures);
	await env?.sim.close();
});

const upsertRows = (prefix: string, count: number) =>
	Array.from({ length: count }, (_, index) => ({ marker: `${prefix}-${index}` }));

const upsert = {
	resource: 'qrCode',
	operation: 'createOrUpdate',
	displayId: '={{ $json.marker }}',
	qrType: 'WEB',
	name: '={{ $json.marker }}',
	qrRedirectUrl: '={{ "https://example.com/b/" + $json.marker }}',
};

describe.each([
	{ plan: 'Legendary', perSecond: 20, rows: 60 },
	{ plan: 'Agency', perSecond: 50, rows: 150 },
])(
	'two executions at once on one team, $plan plan ($perSecond requests/s)',
	({ plan, perSecond, rows }) => {
		it('stay within the plan with 0 failed items', async () => {
			const tag = randomBytes(3).toString('hex');
			const team = createReliabilityTeam(env, `Budget ${plan} ${tag}`, {
				ratePerSecond: perSecond,
			});
			env.sim.setPlan(perSecond, team.teamId);
			const credentials = { ...team.credentials, plan, customRatePerSecond: undefined };
			env.sim.clearRequestLog();

			const [first, second] = await Promise.all(
				['a', 'b'].map((execution) =>
					runNode({
						nodeType: 'qrtrac',
						credentials,
						parameters: upsert,
						items: upsertRows(`${tag}-${execution}`, rows),
						continueOnFail: true,
					}),
				),
			);

			const outputs = [...first.items, ...second.items];
			const failedItems =
				outputs.filter((item) => item.json.error !== undefined).length +
				(first.error ? 1 : 0) +
				(second.error ? 1 : 0);
			const measured = budgetFigures(env.sim.requestLog, team.teamId, perSecond);
			figures.push({
				case: `${plan}: 2 executions x ${rows} rows (Create or Update)`,
				rowsPerExecution: rows,
				failedItems,
				...measured,
			});

			expect(failedItems).toBe(0);
			expect(outputs).toHaveLength(2 * rows);
			const stored = new Set(env.sim.state.listQrs(team.teamId).map((qr) => qr.displayId));
			for (const row of [...upsertRows(`${tag}-a`, rows), ...upsertRows(`${tag}-b`, rows)])
				expect(stored.has(row.marker)).toBe(true);
			expect(measured.busiestWindow).toBeLessThanOrEqual(perSecond);
			expectNoSecrets({ first, second, log: env.logLines }, team.secrets);
		}, 180_000);
	},
);
