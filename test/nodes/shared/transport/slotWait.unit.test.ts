/**
 * The wait for a send slot within Maximum Wait (slotWait.ts, waitCeiling.ts): which error a slot over the ceiling
 * gets. Only a slot QRTRAC's answers moved past a window's reset is QRTRAC's doing; an ordinary slot on the pace's
 * grid that comes too late for a request that already waited is this node's line. Fake clock, as the transport's
 * unit tests.
 */
import { RateLimiter, type SlotTurn } from '../../../../nodes/shared/rateLimit/limiter';
import type { TransportContext } from '../../../../nodes/shared/qrtracRequest';
import { waitForSlot, type SlotWait } from '../../../../nodes/shared/slotWait';
import { lineWaitTooLong, slotTooFar } from '../../../../nodes/shared/waitCeiling';
import { sleepOnFakeClock } from '../../../support/sleepOnFakeClock';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

sleepOnFakeClock();

const node = {
	id: 'n',
	name: 'QRTRAC',
	type: 'qrtrac',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};
const ctx = { getNode: () => node } as unknown as TransportContext;

function slotWait(limiter: RateLimiter, waitedMs: number, ceilingMs = 3000): SlotWait {
	return {
		limiter,
		ceilingMs,
		waitedMs,
		operation: 'POST /v1/qr/create',
		limitOf: 'API key',
	};
}

async function failure(promise: Promise<unknown>) {
	return await promise.then(
		() => undefined,
		(error: Error & { description?: string }) => error,
	);
}

/** The seconds an error over Maximum Wait states besides the ceiling (told wait, waited, slot distance), summed. */
function statedSeconds(message: string): number {
	const after = message.split('Maximum Wait of ')[1].replace(/^[\d,.]+ s/, '');
	const told = /asked to wait ([\d,.]+) s/.exec(message)?.[1] ?? '0';
	return [told, ...[...after.matchAll(/([\d,.]+) s/g)].map((m) => m[1])]
		.map((text) => Number(text.replace(/,/g, '')))
		.reduce((a, b) => a + b, 0);
}

/** The simple interface's minute (60 a minute), probed: QRTRAC said 59 remain; the next slot granted at once. */
async function probedMinute(): Promise<RateLimiter> {
	const limiter = new RateLimiter({ ratePerSecond: 1, windowMs: 60_000 });
	expect(limiter.take().granted).toBe(true);
	limiter.observe({ limit: 60, remaining: 59 }, 200);
	expect((await waitForSlot(ctx, slotWait(limiter, 0), 0)).granted).toBe(true);
	limiter.observe({ limit: 60, remaining: 58 }, 200);
	return limiter;
}

it("an on-grid slot past the ceiling of a request that waited 2.5 s of 3 s is the line's, stating the wait, not QRTRAC's", async () => {
	const limiter = await probedMinute();

	const error = await waitForSlot(ctx, slotWait(limiter, 2500), 1).then(
		() => undefined,
		(failure: Error & { description?: string }) => failure,
	);

	expect(error?.message).toBe(
		"No request slot would come within this node's Maximum Wait of 3 s: this request has already waited 2.5 s, and its send slot is 1.1 s away",
	);
	expect(error?.description).not.toMatch(/QRTRAC's rate limit|team/);
	// given back: the next request gets the same slot, a second later
	const next = limiter.take();
	expect(next.granted).toBe(true);
});

it('a slot moved just over 28 s away (told as 29 s, rounded up), for a request that already waited 40 s of 60 s, says both waits', async () => {
	const limiter = new RateLimiter({ ratePerSecond: 1, windowMs: 60_000 });
	expect(limiter.take().granted).toBe(true);
	// another client used the key's minute: 2 remain, the reset 30 s away
	limiter.observe({ limit: 60, remaining: 2, resetAtMs: Date.now() + 30_007 }, 200);
	jest.setSystemTime(Date.now() + 2000);

	const error = await failure(waitForSlot(ctx, slotWait(limiter, 40_000, 60_000), 1));

	expect(error?.message).toMatch(
		/^QRTRAC's rate limit leaves no request slot before \S+Z by n8n's clock \(29 s from now\); that is over this node's Maximum Wait of 60 s: this request has already waited 40 s$/,
	);
});

it('a told wait of 5 s for a request that already waited 57 s of 60 s says both waits', async () => {
	const limiter = await probedMinute();
	limiter.observe({ retryAfterMs: 5000 }, 429);

	const error = await failure(waitForSlot(ctx, slotWait(limiter, 57_000, 60_000), 1));

	expect(error?.message).toMatch(
		/^QRTRAC asked to wait 5 s \(until \S+Z by n8n's clock\); that is over this node's Maximum Wait of 60 s: this request has already waited 57 s$/,
	);
});

it('a request whose place in line lies past Maximum Wait waits it out, then says the slot would not come, and how far', async () => {
	const limiter = new RateLimiter({ ratePerSecond: 1, windowMs: 60_000 });
	expect(limiter.take().granted).toBe(true);
	limiter.observe({ limit: 60, remaining: 59 }, 200);
	// other executions' requests: one granted a second away, then six in line ahead of this one
	const others = Array.from({ length: 7 }, () => limiter.take());
	expect(others.map((turn) => turn.granted)).toEqual([
		true,
		false,
		false,
		false,
		false,
		false,
		false,
	]);

	const error = await failure(waitForSlot(ctx, slotWait(limiter, 0), 1));

	// its place, an estimate, is not failed on: after 3 s, the next slot is about a second away, then a slot about
	// every second for each of the six ahead (who have not taken theirs)
	expect(error?.message).toBe(
		"No request slot would come within this node's Maximum Wait of 3 s: this request has already waited 3 s, and its place in line is about 5.2 s away at the current pace (6 requests ahead)",
	);
});

it('a told wait equal to Maximum Wait, for a request that waited 30 ms, states a wait over it, not "3 s is over 3 s"', async () => {
	const limiter = new RateLimiter({ ratePerSecond: 5 });
	expect(limiter.take().granted).toBe(true);
	limiter.observe({ retryAfterMs: 3000 }, 429); // Retry-After: 3

	const error = await failure(waitForSlot(ctx, slotWait(limiter, 30), 1));

	// 3 s told + 0.03 s waited is over 3 s: the figures shown add up to more than 3 s
	expect(error?.message).toMatch(
		/^QRTRAC asked to wait 3 s \(until \S+Z by n8n's clock\); that is over this node's Maximum Wait of 3 s: this request has already waited 0\.1 s$/,
	);
	expect(statedSeconds(error!.message)).toBeGreaterThan(3);
	// a moved slot 3 s away says the same 30 ms
	const moved = slotTooFar(3000, Date.now(), { ceilingMs: 3000, waitedMs: 30 }, 'team').message;
	expect(moved).toMatch(/Maximum Wait of 3 s: this request has already waited 0\.1 s$/);
});

it('a slot 44 ms away for a request that waited 2.96 s of 3 s rounds both up, not "waited 3 s, slot 0 s away"', async () => {
	const limiter = new RateLimiter({ ratePerSecond: 5 }); // a team's per-second plan: interval ~204 ms, horizon 50 ms
	expect(limiter.take().granted).toBe(true);
	limiter.observe({ limit: 5, remaining: 4 }, 200);
	jest.setSystemTime(Date.now() + 160); // the next slot 44 ms away: within the grant horizon

	const error = await failure(waitForSlot(ctx, slotWait(limiter, 2960), 1));

	expect(error?.message).toBe(
		"No request slot would come within this node's Maximum Wait of 3 s: this request has already waited 3 s, and its send slot is 0.1 s away",
	);
	expect(statedSeconds(error!.message)).toBeGreaterThan(3);
});

it('a place in line is told as an estimate at the current pace, which requests ahead leaving can beat', async () => {
	// the line of the test above: one slot granted a second away, then six in line ahead of this request
	function lineOfSeven() {
		const limiter = new RateLimiter({ ratePerSecond: 1, windowMs: 60_000 });
		expect(limiter.take().granted).toBe(true);
		limiter.observe({ limit: 60, remaining: 59 }, 200);
		return { limiter, others: Array.from({ length: 7 }, () => limiter.take()) };
	}
	const startedAt = Date.now();
	const told = lineOfSeven();
	const error = await failure(waitForSlot(ctx, slotWait(told.limiter, 0), 1));
	const toldAfterS = (Date.now() - startedAt) / 1000;
	const about =
		/its place in line is about ([\d.]+) s away at the current pace \(6 requests ahead\)$/.exec(
			error!.message,
		);
	expect(about).not.toBeNull();
	expect(error?.message).not.toMatch(/at least/);

	// the same line, with a Maximum Wait that lets the request stay, while the executions ahead are stopped:
	// its slot comes sooner than the estimate, which the words must not have promised against
	jest.setSystemTime(startedAt);
	const stays = lineOfSeven();
	const waiting = waitForSlot(ctx, slotWait(stays.limiter, 0, 60_000), 1);
	for (const turn of stays.others) stays.limiter.leave(turn);
	const turn = await waiting;
	expect((turn.slotMs! - startedAt) / 1000).toBeLessThan(toldAfterS + Number(about![1]));
});

it("while QRTRAC's first answer is awaited, a request with five ahead says so, and figures adding up to more than Maximum Wait", async () => {
	const limiter = new RateLimiter({ ratePerSecond: 5 });
	expect(limiter.take().granted).toBe(true); // the first request, its answer not come yet
	const ahead = Array.from({ length: 5 }, () => limiter.take());
	expect(ahead.every((turn) => !turn.granted && turn.placeInMs === undefined)).toBe(true);

	const error = await failure(waitForSlot(ctx, slotWait(limiter, 2100), 1));

	// it asks again every quarter second, the last step cut to the time left: 3 s waited, the next ask 0.25 s away
	expect(error?.message).toBe(
		"No request slot would come within this node's Maximum Wait of 3 s: this request has already waited 3 s, and its place in line cannot be estimated yet (QRTRAC's first answer is awaited; 5 requests ahead), and it would ask again in 0.3 s",
	);
	expect(statedSeconds(error!.message)).toBeGreaterThan(3);
});

it("while QRTRAC's first answer is awaited, the hint names that answer, not other executions: the line may be this execution's", async () => {
	const limiter = new RateLimiter({ ratePerSecond: 10 });
	expect(limiter.take().granted).toBe(true); // item 0's request: its answer is slow

	const error = await failure(
		waitForSlot(ctx, { ...slotWait(limiter, 0, 1000), limitOf: 'team' }, 1),
	);

	expect(error?.message).toMatch(/QRTRAC's first answer is awaited; first in line/);
	expect(error?.description).toBe(
		"While sending POST /v1/qr/create. QRTRAC has not answered the request sent ahead of it on the team's rate limit yet, and the requests in line (this execution's items too) wait for that answer, to learn the pace from it. Raise Maximum Wait in the QRTRAC credential above the time QRTRAC takes to answer a request.",
	);
});

it("a pace QRTRAC cut can leave one execution's own items in line past Maximum Wait: the hint does not blame other executions alone", async () => {
	// a plan of 10/s: 5 items in flight; QRTRAC tells a limit of 2 a second, so four of them ahead take 2 s
	const limiter = new RateLimiter({ ratePerSecond: 10 });
	expect(limiter.take().granted).toBe(true);
	limiter.observe({ limit: 2, remaining: 1 }, 200);
	const ownItems = Array.from({ length: 3 }, () => limiter.take());
	expect(ownItems.some((turn) => turn.granted)).toBe(false);

	const error = await failure(
		waitForSlot(ctx, { ...slotWait(limiter, 0, 1000), limitOf: 'team' }, 4),
	);

	expect(error?.message).toMatch(
		/its place in line is about [\d.]+ s away at the current pace \(3 requests ahead\)$/,
	);
	expect(error?.description).toBe(
		"While sending POST /v1/qr/create. Other requests on the team's rate limit are ahead of it in line: they may be this execution's items or other executions' in this n8n. Run fewer workflows on the same team at once, choose the plan QRTRAC has you on in the credential, or raise its Maximum Wait.",
	);
});

it.each([
	['first in line', 0, 950, /\(first in line\)$/],
	['its slot granted', 80, 990, /its send slot is [\d.]+ s away$/],
])(
	'a request with none ahead (%s), past Maximum Wait on the pace, is told the requests already sent set it, not that others are ahead',
	async (_case, laterMs, waitedMs, distance) => {
		// a team at 10/s, probed; one request sent; the next, alone, has waited nearly all of Maximum Wait: its slot,
		// an interval after the first, is past it (granted once within the grant horizon)
		const limiter = new RateLimiter({ ratePerSecond: 10 });
		expect(limiter.take().granted).toBe(true);
		limiter.observe({ limit: 10, remaining: 9 }, 200);
		jest.setSystemTime(Date.now() + laterMs);

		const error = await failure(
			waitForSlot(ctx, { ...slotWait(limiter, waitedMs, 1000), limitOf: 'team' }, 1),
		);

		expect(error?.message).toMatch(distance);
		expect(error?.description).toBe(
			"While sending POST /v1/qr/create. No request is ahead of it in line: the requests already sent on the team's rate limit hold the slots before its own, at the pace the team's limit allows. Run fewer workflows on the same team at once, choose the plan QRTRAC has you on in the credential, or raise its Maximum Wait.",
		);
	},
);

it('a place whose slot is due now (the request ahead yet to take it) states a distance, not "waited 3 s" of 3 s alone', async () => {
	// a plan of 100 a second: a slot about every 10 ms, one a little late still counting as on the grid
	const limiter = new RateLimiter({ ratePerSecond: 100 });
	expect(limiter.take().granted).toBe(true);
	limiter.observe({ limit: 100, remaining: 99 }, 200);
	const turns = [limiter.take(), limiter.take()];
	expect(turns.map((turn) => turn.granted)).toEqual([true, false]);
	// the request in line ahead does not ask again before its slot, and this one's after it, are due
	jest.setSystemTime(Date.now() + turns[1].placeInMs! + 15);

	const error = await failure(waitForSlot(ctx, slotWait(limiter, 3000), 1));

	expect(error?.message).toBe(
		"No request slot would come within this node's Maximum Wait of 3 s: this request has already waited 3 s, and its place in line is about 0.1 s away at the current pace (1 request ahead)",
	);
	expect(statedSeconds(error!.message)).toBeGreaterThan(3);
});

it('a Maximum Wait with decimals is shown as given: 2.5 s, not 3 s beside a wait of 1 s and a slot 1.6 s away', () => {
	const { message } = lineWaitTooLong({
		ceilingMs: 2500,
		waitedMs: 1000,
		slotInMs: 1600,
		limitOf: 'team',
	});
	expect(message).toBe(
		"No request slot would come within this node's Maximum Wait of 2.5 s: this request has already waited 1 s, and its send slot is 1.6 s away",
	);
	const moved = slotTooFar(2000, Date.now(), { ceilingMs: 1250, waitedMs: 0 }, 'team').message;
	expect(moved).toMatch(/over this node's Maximum Wait of 1\.25 s$/);
});

it('a request whose place in line lies past Maximum Wait waits in short steps and fails when no time is left, not at once', async () => {
	// a team's 5/s plan, 100 requests in line ahead (their places about 20 s away), Maximum Wait 10 s; the requests
	// ahead keep asking again as they would (at each of this request's naps), and none is sent
	const limiter = new RateLimiter({ ratePerSecond: 5 });
	expect(limiter.take().granted).toBe(true);
	limiter.observe({ limit: 5, remaining: 4 }, 200);
	let ahead: SlotTurn[] = Array.from({ length: 100 }, () => limiter.take());
	const sleep = jest.requireMock<{ sleep: jest.Mock }>('n8n-workflow').sleep;
	const naps: number[] = [];
	sleep.mockImplementation(async (ms: number) => {
		naps.push(ms);
		jest.setSystemTime(Date.now() + ms);
		ahead = ahead.map((turn) => (turn.granted ? turn : limiter.take(turn)));
	});
	const startedAt = Date.now();

	const error = await failure(
		waitForSlot(ctx, { ...slotWait(limiter, 0, 10_000), limitOf: 'team' }, 1),
	);

	// the place is an estimate (requests ahead may leave): it is not failed on, the request waits out its steps
	const waitedMs = Date.now() - startedAt;
	expect(waitedMs).toBeGreaterThan(9_000);
	expect(waitedMs).toBeLessThanOrEqual(10_000);
	expect(Math.max(...naps)).toBeLessThanOrEqual(250); // a quarter of the one-second window at most
	expect(error?.message).toMatch(
		/^No request slot would come within this node's Maximum Wait of 10 s: this request has already waited 10 s, and its place in line is about [\d.]+ s away at the current pace \(\d+ requests ahead\)$/,
	);
});

/** The naps the mocked sleep was asked for from now on, each moving the fake clock by it plus `lateMs`. */
function recordNaps(lateMs = 0): number[] {
	const naps: number[] = [];
	jest
		.requireMock<{ sleep: jest.Mock }>('n8n-workflow')
		.sleep.mockImplementation(async (ms: number) => {
			naps.push(ms);
			jest.setSystemTime(Date.now() + ms + lateMs);
		});
	return naps;
}

describe('a request in line past Maximum Wait waits it out in steps of at most a quarter window, capped by what is left, on every window', () => {
	it.each([
		// the simple interface's minute (Pro, 60 a minute), probed: 20 in line, a quarter window (15 s) over 10 s
		['a minute window, probed, 20 in line, Maximum Wait 10 s', 60_000, true, 20, 10_000],
		// while QRTRAC's first answer is awaited: the step is a fiftieth plus the places ahead, 11.2 s, over 10 s
		[
			"a minute window, QRTRAC's first answer awaited, 10 in line, Maximum Wait 10 s",
			60_000,
			false,
			10,
			10_000,
		],
		// a team's second at 10/s, the first answer awaited: steps of 20 ms and more, 5 ahead
		[
			"a team's one-second window, QRTRAC's first answer awaited, 5 in line, Maximum Wait 1 s",
			1000,
			false,
			5,
			1000,
		],
	])('%s', async (_case, windowMs, probed, ahead, ceilingMs) => {
		const limiter = new RateLimiter({ ratePerSecond: windowMs === 1000 ? 10 : 1, windowMs });
		expect(limiter.take().granted).toBe(true);
		if (probed) limiter.observe({ limit: 60, remaining: 59 }, 200);
		const others = Array.from({ length: ahead }, () => limiter.take());
		expect(others.filter((turn) => !turn.granted).length).toBeGreaterThanOrEqual(ahead - 1);
		const naps = recordNaps();
		const startedAt = Date.now();

		const error = await failure(
			waitForSlot(ctx, { ...slotWait(limiter, 0, ceilingMs), limitOf: 'API key' }, 0),
		);

		// not failed at once on its place (an estimate): it waited all of Maximum Wait, and no step passed it
		expect(Date.now() - startedAt).toBe(ceilingMs);
		expect(Math.max(...naps)).toBeLessThanOrEqual(windowMs / 4);
		expect(error?.message).toMatch(
			new RegExp(
				`^No request slot would come within this node's Maximum Wait of ${ceilingMs / 1000} s: this request has already waited ${ceilingMs / 1000} s, and its place in line `,
			),
		);
		expect(statedSeconds(error!.message)).toBeGreaterThan(ceilingMs / 1000);
	});
});

it('a request whose step ended late, past Maximum Wait, fails as the line\'s wait, not as "QRTRAC asked to wait 0 s"', async () => {
	// a busy event loop: every nap ends 30 ms late, so the last one, up to the time left, passes Maximum Wait
	const limiter = new RateLimiter({ ratePerSecond: 10 });
	expect(limiter.take().granted).toBe(true); // QRTRAC's first answer awaited
	Array.from({ length: 5 }, () => limiter.take());
	recordNaps(30);

	const error = await failure(
		waitForSlot(ctx, { ...slotWait(limiter, 0, 1000), limitOf: 'team' }, 0),
	);

	expect(error?.message).toMatch(
		/^No request slot would come within this node's Maximum Wait of 1 s: this request has already waited 1\.\d s, and its place in line cannot be estimated yet/,
	);
});

it.each([0, 1])(
	"a request in line on the simple interface's minute (Maximum Wait 10 s) whose 20 ahead leave during its step is sent, its naps %i ms late",
	async (lateMs) => {
		// the v1 key's 60 a minute, probed; 20 requests ahead in line leave (their execution stopped) 0.1 s after this
		// one joined; every nap ends `lateMs` late, as setTimeout does on a busy n8n
		const limiter = new RateLimiter({ ratePerSecond: 1, windowMs: 60_000 });
		expect(limiter.take().granted).toBe(true);
		limiter.observe({ limit: 60, remaining: 59 }, 200);
		const ahead = Array.from({ length: 20 }, () => limiter.take());
		let left = false;
		jest
			.requireMock<{ sleep: jest.Mock }>('n8n-workflow')
			.sleep.mockImplementation(async (ms: number) => {
				if (!left) {
					jest.setSystemTime(Date.now() + 100);
					ahead.forEach((turn) => limiter.leave(turn));
					left = true;
					jest.setSystemTime(Date.now() + ms - 100 + lateMs);
				} else jest.setSystemTime(Date.now() + ms + lateMs);
			});
		const startedAt = Date.now();

		const turn = await waitForSlot(ctx, slotWait(limiter, 0, 10_000), 0);

		// its first step is half the time left: it asks again after 5 s, and its slot is due
		expect(turn.granted).toBe(true);
		expect(Date.now() - startedAt).toBe(5000 + lateMs);
	},
);

describe('a slot freed during the last step before Maximum Wait is used (real timers, which always end late)', () => {
	const sleep = () => jest.requireMock<{ sleep: jest.Mock }>('n8n-workflow').sleep;
	beforeEach(() => {
		jest.useRealTimers();
		sleep().mockImplementation(jest.requireActual<{ sleep: jest.Mock }>('n8n-workflow').sleep);
	});

	// a 4 s window of 40 (quarter: 1 s steps): the simple interface's minute scaled down 15 times
	function scaledMinute(): RateLimiter {
		const limiter = new RateLimiter({ ratePerSecond: 10, windowMs: 4000 });
		expect(limiter.take().granted).toBe(true);
		return limiter;
	}

	it('20 ahead in line leave after 50 ms: the request with Maximum Wait 500 ms is sent within it', async () => {
		const limiter = scaledMinute();
		limiter.observe({ limit: 40, remaining: 39 }, 200);
		const ahead = Array.from({ length: 20 }, () => limiter.take());
		setTimeout(() => ahead.forEach((turn) => limiter.leave(turn)), 50);
		const startedAt = Date.now();

		const turn = await waitForSlot(ctx, slotWait(limiter, 0, 500), 0);

		expect(turn.granted).toBe(true);
		expect(Date.now() - startedAt).toBeLessThan(500);
	});

	it("QRTRAC's first answer comes after 425 ms: the request with Maximum Wait 450 ms is sent", async () => {
		// while the first answer is awaited it asks again every 80 ms (a fiftieth of the window): about 400 ms in, its
		// last step reaches Maximum Wait, and the answer comes during it
		const limiter = scaledMinute();
		setTimeout(() => limiter.observe({ limit: 40, remaining: 39 }, 200), 425);

		const turn = await waitForSlot(ctx, slotWait(limiter, 0, 450), 0);

		expect(turn.granted).toBe(true);
	});
});

it.each([1000, 5000])(
	'a slot moved past the reset, seen after a step that ended %i ms late, is judged on the time measured: the request fails within Maximum Wait, never sent after it',
	async (lateMs) => {
		// the key's first request sent, its answer awaited; 20 requests in line ahead of this one
		const limiter = new RateLimiter({ ratePerSecond: 1, windowMs: 60_000 });
		expect(limiter.take().granted).toBe(true);
		const ahead = Array.from({ length: 20 }, () => limiter.take());
		const startedAt = Date.now();
		let first = true;
		jest
			.requireMock<{ sleep: jest.Mock }>('n8n-workflow')
			.sleep.mockImplementation(async (ms: number) => {
				if (first) {
					first = false;
					// 0.1 s in: the 20 ahead stop; the first answer shows another client took the key's minute, its
					// reset 9.5 s after this nap's late end
					jest.setSystemTime(Date.now() + 100);
					ahead.forEach((turn) => limiter.leave(turn));
					limiter.observe(
						{ limit: 60, remaining: 2, resetAtMs: startedAt + ms + lateMs + 9500 },
						200,
					);
					jest.setSystemTime(Date.now() + ms - 100 + lateMs);
				} else jest.setSystemTime(Date.now() + ms);
			});

		const error = await failure(waitForSlot(ctx, slotWait(limiter, 0, 20_000), 0));

		expect(error?.message).toMatch(/over this node's Maximum Wait of 20 s/);
		expect(Date.now() - startedAt).toBeLessThanOrEqual(20_000);
	},
);
