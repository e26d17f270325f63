/**
 * Queue-mode workers sharing one team's budget against every counting shape a service may use
 * (simulator/limitShapes.ts) and every reset format, on the fake clock (fixedWindowRun.ts's runQueueShape: 4
 * executions over the workers, a busy event loop), with and without a service counting its refusals too. Where
 * the shape hides others' use from the model (a rounded reset or none, a sliding or bucket count), each worker
 * paced at the whole plan and only the 429s slowed it: 2 workers at 5/s drew 21 % 429s on fixed windows told in
 * whole seconds, 4 at 20/s 67 % on a sliding count told in epoch ms, and with refusals counted the budget never
 * refilled (every answer a 429, items failed). Each worker now cuts its share on refusals (refusalCap.ts). Runs
 * are kept short (5/s: 12 windows' worth of the plan, 20/s: 5, 100/s: 2 and only 4 workers), so the start weighs more than in
 * longer runs; the bounds are what the limiter reaches, per plan rate.
 */
import { LIMIT_SHAPE_KINDS, type LimitShapeKind } from '../../../../simulator/limitShapes';
import { RESET_FORMATS, type ResetFormat } from '../../../../simulator/rateLimit';
import { runQueueShape } from './fixedWindowRun';

/**
 * Windows' worth of the plan each execution sends per plan rate, and the bounds reached per worker count: the
 * most 429s among our answers, the least share of the plan used. 100/s runs only with 4 workers, to stay fast.
 */
const RATES = [
	{ rate: 5, windows: 12, workers: { 2: 0.25, 4: 0.45 } },
	{ rate: 20, windows: 5, workers: { 2: 0.15, 4: 0.35 } },
	{ rate: 100, windows: 2, workers: { 4: 0.3 } },
];
const MIN_PLAN_SHARE = 0.4;
/** Fixed windows count a refusal in its window whatever: only these shapes count it against the budget. */
const COUNTING_REFUSALS: readonly LimitShapeKind[] = ['sliding', 'tokenBucket'];
/**
 * On fixed windows on whole seconds, a reset in epoch seconds or as an HTTP date is as exact as one in epoch ms:
 * the runs are the same, so only epoch ms runs.
 */
const SAME_AS_EPOCH_MS_ON_FIXED: readonly ResetFormat[] = ['epochSeconds', 'httpDate'];
/**
 * A token bucket told in whole seconds and counting refusals shows no sign of others before it refuses (the
 * bucket stays full until together we overdraw it), so 2 workers overflow it more often (docs/rate-limits.md,
 * Limits): the most 429s there, per plan rate.
 */
const BUCKET_IN_SECONDS_COUNTING_REFUSALS: Record<number, Record<number, number>> = {
	5: { 2: 0.36 },
	20: { 2: 0.27 },
};

const cells = LIMIT_SHAPE_KINDS.flatMap((kind) =>
	RESET_FORMATS.filter(
		(format) => kind !== 'fixed' || !SAME_AS_EPOCH_MS_ON_FIXED.includes(format),
	).flatMap((format) =>
		(COUNTING_REFUSALS.includes(kind) ? [false, true] : [false]).map(
			(countRefused) => [kind, format, countRefused] as const,
		),
	),
);

const maxRefusedOf = (
	kind: LimitShapeKind,
	resetFormat: ResetFormat,
	countRefused: boolean,
	rate: number,
	workers: number,
	bound: number,
) =>
	kind === 'tokenBucket' && resetFormat === 'seconds' && countRefused
		? (BUCKET_IN_SECONDS_COUNTING_REFUSALS[rate]?.[workers] ?? bound)
		: bound;

const run = (kind: LimitShapeKind, resetFormat: ResetFormat, countRefused: boolean) =>
	RATES.flatMap(({ rate, windows, workers: bounds }) =>
		Object.entries(bounds).map(([workers, bound]) => {
			const maxRefused = maxRefusedOf(
				kind,
				resetFormat,
				countRefused,
				rate,
				Number(workers),
				bound,
			);
			const outcome = runQueueShape(Number(workers), rate, 1, rate * windows, {
				shape: { kind, countRefused },
				resetFormat,
			});
			return {
				cell: `${workers} workers at ${rate}/s`,
				failed: outcome.failed,
				refusedOver: outcome.refusedShare > maxRefused ? outcome.refusedShare : undefined,
				planUnder: outcome.planShare < MIN_PLAN_SHARE ? outcome.planShare : undefined,
			};
		}),
	);

it.each(cells)(
	'%s counting, Reset %s, refusals counted: %s — no item fails, few 429s, most of the plan used',
	(kind, resetFormat, countRefused) => {
		const missed = run(kind, resetFormat, countRefused).filter(
			(cell) => cell.failed > 0 || cell.refusedOver !== undefined || cell.planUnder !== undefined,
		);
		expect(missed).toEqual([]);
	},
);
