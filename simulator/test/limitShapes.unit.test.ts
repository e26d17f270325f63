import { requestCounter, type LimitShape } from '../limitShapes';

/** Each counting shape on a fake clock: what it allows, and the `remaining` and reset it tells. */
const START = Date.UTC(2027, 0, 15, 8, 0, 0, 0);

function counter(shape: LimitShape) {
	let now = START;
	const service = requestCounter(shape, 1000, () => now);
	return {
		at: (ms: number) => {
			now = START + ms;
		},
		take: () => service.take('team', 5),
		peek: () => service.peek('team', 5),
	};
}

const takeAll = (take: () => { allowed: boolean }, count: number) =>
	Array.from({ length: count }, () => take().allowed);

describe('offsetWindows', () => {
	it('counts in windows starting 370 ms past whole seconds, and tells that reset', () => {
		const c = counter({ kind: 'offsetWindows' });
		c.at(300);
		expect(takeAll(c.take, 6)).toEqual([true, true, true, true, true, false]);
		expect(c.peek().resetAt).toBe(START + 370);
		c.at(400);
		const first = c.take();
		expect(first).toMatchObject({ allowed: true, remaining: 4, resetAt: START + 1370 });
	});

	it('takes another offset', () => {
		const c = counter({ kind: 'offsetWindows', offsetMs: 50 });
		c.at(100);
		expect(c.take().resetAt).toBe(START + 1050);
	});
});

describe('firstRequestWindows', () => {
	it('starts a window at the first request after the last one ended', () => {
		const c = counter({ kind: 'firstRequestWindows' });
		c.at(123);
		expect(c.take().resetAt).toBe(START + 1123);
		expect(takeAll(c.take, 5)).toEqual([true, true, true, true, false]);
		c.at(1500);
		expect(c.peek()).toMatchObject({ remaining: 5, resetAt: START + 2500 });
		c.at(1700);
		expect(c.take()).toMatchObject({ remaining: 4, resetAt: START + 2700 });
	});
});

describe('sliding', () => {
	it('counts the requests of the last second; the reset is when the oldest leaves it', () => {
		const c = counter({ kind: 'sliding' });
		for (const ms of [0, 200, 400, 600, 800]) {
			c.at(ms);
			expect(c.take().allowed).toBe(true);
		}
		c.at(999);
		expect(c.take()).toMatchObject({ allowed: false, remaining: 0, resetAt: START + 1000 });
		c.at(1000);
		expect(c.take()).toMatchObject({ allowed: true, remaining: 0, resetAt: START + 1200 });
		c.at(1100);
		expect(c.take().allowed).toBe(false);
	});

	it('with countRefused, a refused request stays in the log', () => {
		const c = counter({ kind: 'sliding', countRefused: true });
		takeAll(c.take, 5);
		c.at(500);
		expect(c.take().allowed).toBe(false);
		c.at(1000);
		// the five of 0 ms left, the refusal of 500 ms holds a place until 1,500 ms
		expect(takeAll(c.take, 5)).toEqual([true, true, true, true, false]);
	});
});

describe('tokenBucket', () => {
	it('allows a burst of the limit, refilled continuously; the reset is when it is full again', () => {
		const c = counter({ kind: 'tokenBucket' });
		expect(takeAll(c.take, 6)).toEqual([true, true, true, true, true, false]);
		c.at(199);
		expect(c.take().allowed).toBe(false);
		c.at(200);
		expect(c.take()).toMatchObject({ allowed: true, remaining: 0, resetAt: START + 1200 });
		c.at(700);
		expect(c.peek()).toMatchObject({ remaining: 2, resetAt: START + 1200 });
	});

	it('with countRefused, a refused request takes a token it does not have', () => {
		const c = counter({ kind: 'tokenBucket', countRefused: true });
		takeAll(c.take, 7);
		c.at(200);
		// two refusals took two tokens, 200 ms refilled one and this refusal takes it: -2
		expect(c.take().allowed).toBe(false);
		c.at(600);
		// 0 again, and this refusal takes one more: -1
		expect(c.take().allowed).toBe(false);
		c.at(1200);
		expect(c.take().allowed).toBe(true);
	});
});

describe('fixed', () => {
	it('stays the default: whole seconds, refusals not counted', () => {
		const c = counter({ kind: 'fixed' });
		c.at(900);
		expect(takeAll(c.take, 6)).toEqual([true, true, true, true, true, false]);
		expect(c.peek()).toMatchObject({ remaining: 0, resetAt: START + 1000 });
		c.at(1000);
		expect(c.take().remaining).toBe(4);
	});
});
