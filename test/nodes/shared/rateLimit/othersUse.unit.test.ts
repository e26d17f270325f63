/** Others' use of a shared budget, measured from `remaining`, and the share of it that is ours. */
import {
	countAnswer,
	countedAnswer,
	measureAfresh,
	NO_OTHERS,
	shareAfter,
} from '../../../../nodes/shared/rateLimit/othersUse';

const T = Date.UTC(2027, 0, 15, 8, 0, 0, 0);
const LIMIT = 20;
const window = (startMs: number) => ({ startMs, resetAtMs: startMs + 1000 });

describe('measuring others', () => {
	it('within one window, takes a fall of remaining beyond our own request as others', () => {
		const first = countAnswer(NO_OTHERS, { remaining: 15, countedAtMs: T + 100 }, LIMIT, 1000);
		expect(first.measured).toBe(false);
		const second = countAnswer(first.use, { remaining: 10, countedAtMs: T + 400 }, LIMIT, 1000);
		// 4 of others in 300 ms: 13.3 per window, the first measurement taken as it is
		expect(second.measured).toBe(true);
		expect(second.use.perWindow).toBeCloseTo(40 / 3, 6);
	});

	it('with the window start known, measures others from one answer: the limit less remaining, ours, our earlier', () => {
		const answer = countedAnswer(10, T + 500, window(T), LIMIT, 2);
		expect(answer.othersSoFar).toBe(7);
		const counted = countAnswer(NO_OTHERS, answer, LIMIT, 1000);
		expect(counted.use.perWindow).toBeCloseTo(14, 6);
	});

	it('adds short spans up until a fifth of a window has been seen', () => {
		let use = countAnswer(NO_OTHERS, { remaining: 15, countedAtMs: T + 100 }, LIMIT, 1000).use;
		use = countAnswer(use, { remaining: 12, countedAtMs: T + 200 }, LIMIT, 1000).use;
		expect(use.measurements).toBe(0);
		expect(use.pending).toEqual({ others: 2, spanMs: 100 });
		const counted = countAnswer(use, { remaining: 9, countedAtMs: T + 300 }, LIMIT, 1000);
		expect(counted.use.perWindow).toBeCloseTo(20, 6);
	});

	it('smooths later measurements, following a drop faster than a rise when the reset is exact', () => {
		const start = countAnswer(
			NO_OTHERS,
			countedAnswer(10, T + 500, window(T), LIMIT, 2),
			LIMIT,
			1000,
		);
		const drop = countAnswer(
			start.use,
			countedAnswer(19, T + 1500, window(T + 1000), LIMIT, 0),
			LIMIT,
			1000,
		);
		expect(drop.use.perWindow).toBeCloseTo(14 * Math.exp(-500 / 200), 6);
		const rise = countAnswer(
			drop.use,
			countedAnswer(5, T + 2500, window(T + 2000), LIMIT, 0),
			LIMIT,
			1000,
		);
		const measured = 14 * 2;
		const before = drop.use.perWindow;
		expect(rise.use.perWindow).toBeCloseTo(
			before + (1 - Math.exp(-500 / 300)) * (Math.min(LIMIT, measured) - before),
			6,
		);
	});

	it('leaves out a late answer of an earlier window, overtaken by the current window', () => {
		const current = countAnswer(
			NO_OTHERS,
			countedAnswer(10, T + 1500, window(T + 1000), LIMIT, 0),
			LIMIT,
			1000,
		);
		const late = countAnswer(
			current.use,
			countedAnswer(3, T + 900, window(T), LIMIT, 0),
			LIMIT,
			1000,
		);
		expect(late.current).toBe(false);
		expect(late.use).toBe(current.use);
	});

	it('after an idle spell measures afresh, keeping the estimate until the next measurement replaces it', () => {
		const measured = countAnswer(
			NO_OTHERS,
			countedAnswer(10, T + 500, window(T), LIMIT, 2),
			LIMIT,
			1000,
		);
		const fresh = measureAfresh(measured.use);
		expect(fresh.perWindow).toBe(measured.use.perWindow);
		const again = countAnswer(
			fresh,
			countedAnswer(19, T + 9500, window(T + 9000), LIMIT, 0),
			LIMIT,
			1000,
		);
		expect(again.use.perWindow).toBe(0);
	});
});

describe('our share', () => {
	const target = 0.98 * LIMIT;

	it.each([
		[target, target],
		[15, 5],
		[4, 12],
	])(
		'of two clients doing the same (allowances %d and %d), the shares add up to the target after one measurement',
		(a, b) => {
			expect(shareAfter(a, b, target) + shareAfter(b, a, target)).toBeCloseTo(target, 9);
		},
	);

	it('is the whole target alone, and a tenth of it when others take everything (it keeps measuring)', () => {
		expect(shareAfter(3, 0, target)).toBe(target);
		expect(shareAfter(target, 1000, target)).toBeCloseTo(target / 10, 9);
	});
});
