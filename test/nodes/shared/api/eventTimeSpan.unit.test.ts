/**
 * Where the moment an event time stands for lies (eventTime.ts `inWholeSeconds`, `momentSpan`): in an answer whose
 * every time is on a whole second, in whatever unit or form it came, a second either side of it (a service storing
 * seconds truncates or rounds them); in any other answer, at its ms, also a value that happens to end in 000.
 */
import { inWholeSeconds, momentSpan, readEventTime } from '../../../../nodes/shared/api/eventTime';

const PRESENT = Date.UTC(2026, 0, 15);
const SECOND = Date.UTC(2026, 0, 14, 12, 0, 0);

it('reads whole epoch seconds, epoch ms and microseconds of a whole second, and ISO text as that second', () => {
	for (const value of [SECOND / 1000, SECOND, SECOND * 1000, Date.parse('2026-01-14T12:00:00Z')])
		expect([value, readEventTime(value, PRESENT)]).toEqual([value, SECOND]);
});

it('decides whole seconds per answer: every time on a whole second', () => {
	expect(inWholeSeconds([SECOND, SECOND - 60_000])).toBe(true);
	expect(inWholeSeconds([SECOND, SECOND - 60_000 + 123])).toBe(false);
	expect(inWholeSeconds([])).toBe(false);
});

it('places a time of an answer in whole seconds within a second either side, any other at its ms', () => {
	expect(momentSpan(SECOND, true)).toEqual({ firstMs: SECOND - 999, lastMs: SECOND + 999 });
	expect(momentSpan(SECOND, false)).toEqual({ firstMs: SECOND, lastMs: SECOND });
});

it('reads no time for a value that is no time', () => {
	expect(readEventTime(0, PRESENT)).toBeUndefined();
});
