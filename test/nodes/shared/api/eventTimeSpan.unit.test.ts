/**
 * Where the moment an event time stands for lies (eventTime.ts `timeStep`, `momentSpan`): in an answer whose every
 * value of the field is on a whole second (or minute, tenth, hundredth), in whatever unit or form it came, within
 * that step either side of it (a service storing coarser times truncates or rounds them); in any other answer, at
 * its ms, also a value that happens to end in 000.
 */
import { momentSpan, readEventTime, timeStep } from '../../../../nodes/shared/api/eventTime';

const PRESENT = Date.UTC(2026, 0, 15);
const SECOND = Date.UTC(2026, 0, 14, 12, 0, 0);

it('reads whole epoch seconds, epoch ms and microseconds of a whole second, and ISO text as that second', () => {
	for (const value of [SECOND / 1000, SECOND, SECOND * 1000, Date.parse('2026-01-14T12:00:00Z')])
		expect([value, readEventTime(value, PRESENT)]).toEqual([value, SECOND]);
});

it('decides the step per answer: the coarsest of a minute, a second, a tenth, a hundredth every time is on, else a ms', () => {
	expect(timeStep([SECOND, SECOND - 60_000])).toBe(60_000);
	expect(timeStep([SECOND, SECOND - 59_000])).toBe(1_000);
	expect(timeStep([SECOND + 600, SECOND - 60_000])).toBe(100);
	expect(timeStep([SECOND + 610, SECOND - 60_000 + 300])).toBe(10);
	expect(timeStep([SECOND, SECOND - 60_000 + 123])).toBe(1);
	expect(timeStep([])).toBe(1);
});

it('reads a coarser step only from values enough, each value counted (two records on one time are two)', () => {
	const HOUR = 3_600_000;
	expect(timeStep([SECOND])).toBe(1_000);
	expect(timeStep([SECOND, SECOND])).toBe(HOUR);
	expect(timeStep([SECOND, SECOND - 300_000])).toBe(60_000);
	expect(timeStep([0, 1, 2, 3].map((n) => SECOND - n * 300_000))).toBe(60_000);
	expect(timeStep([0, 1, 2, 3, 4].map((n) => SECOND - n * 300_000))).toBe(300_000);
	expect(timeStep([0, 1].map((n) => SECOND - n * 900_000))).toBe(60_000);
	expect(timeStep([0, 1, 2].map((n) => SECOND - n * 900_000))).toBe(900_000);
	// a day is no step: a daily rollup's midnight is the account's zone's, which the node does not know
	expect(timeStep([SECOND - 12 * HOUR, SECOND - 36 * HOUR])).toBe(HOUR);
});

it('places a time within a step less a ms either side, one written to the ms at its ms', () => {
	expect(momentSpan(SECOND, 1_000)).toEqual({
		firstMs: SECOND - 999,
		lastMs: SECOND + 999,
		stepMs: 1_000,
	});
	expect(momentSpan(SECOND + 600, 100)).toEqual({
		firstMs: SECOND + 501,
		lastMs: SECOND + 699,
		stepMs: 100,
	});
	expect(momentSpan(SECOND, 1)).toEqual({ firstMs: SECOND, lastMs: SECOND, stepMs: 1 });
});

it('reads no time for a value that is no time', () => {
	expect(readEventTime(0, PRESENT)).toBeUndefined();
});
