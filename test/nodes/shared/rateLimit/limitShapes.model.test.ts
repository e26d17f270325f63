/**
 * The counting shapes a real service may use (simulator/limitShapes.ts) besides fixed windows on whole seconds,
 * each with every reset format, against one process on a fake clock (fixedWindowRun.ts): 300 creates on a team
 * of 20 per second, 1,500 on one of 100. Every request done, few 429s, and the plan nearly used. An epoch-seconds
 * reset rounded up from windows 370 ms off the clock's seconds, or from a sliding log, is no window end: read as
 * one, it made the limiter measure others who are not there (49 % and 29 % of a plan of 20, 60 % and 35 % of one
 * of 100); the answers now contradict it (resetTrust.ts).
 */
import type { LimitShapeKind } from '../../../../simulator/limitShapes';
import { RESET_FORMATS } from '../../../../simulator/rateLimit';
import { runFixedWindow } from './fixedWindowRun';

const SHAPES: LimitShapeKind[] = ['fixed', 'offsetWindows', 'sliding', 'tokenBucket'];

describe.each(SHAPES)('%s', (kind) => {
	const cases = RESET_FORMATS.flatMap((format) => [20, 100].map((rate) => [format, rate] as const));
	const run = (resetFormat: (typeof cases)[number][0], ratePerSecond: number) => {
		for (const countRefused of [false, true]) {
			const outcome = runFixedWindow({
				ratePerSecond,
				resetFormat,
				shape: { kind, countRefused },
				executions: [{ process: 0, requests: ratePerSecond * 15 }],
				durationMs: 60_000,
			});
			expect({ completed: outcome.completed, failed: outcome.failed }).toEqual({
				completed: ratePerSecond * 15,
				failed: 0,
			});
			expect(outcome.refused).toBeLessThanOrEqual(2);
			expect(outcome.planShare).toBeGreaterThanOrEqual(0.93);
		}
	};
	it.each(cases)(
		'Reset %s, %d per second: all done, at most 2 refusals, at least 93 % of the plan',
		run,
	);
});
