/**
 * An event time read by its unit also tells how much it covers (eventTime.ts `readEventTimeSpan`): a time on a whole
 * second, in whatever unit or form it came, may stand for any moment of its second, so its last millisecond is what
 * a "last scan" may reach.
 */
import {
	readEventTime,
	readEventTimeSpan,
	standsForWholeSecond,
} from '../../../../nodes/shared/api/eventTime';

const PRESENT = Date.UTC(2026, 0, 15);
const SECOND = Date.UTC(2026, 0, 14, 12, 0, 0);

it('reads whole epoch seconds as their whole second', () => {
	expect(readEventTimeSpan(SECOND / 1000, PRESENT)).toEqual({ ms: SECOND, lastMs: SECOND + 999 });
	expect(readEventTime(SECOND / 1000, PRESENT)).toBe(SECOND);
});

it('reads epoch ms and microseconds of a whole second, and ISO text without a fraction, as their whole second', () => {
	// a service storing whole seconds may write them in any unit: the value read tells, not the unit
	for (const value of [SECOND, SECOND * 1000, Date.parse('2026-01-14T12:00:00Z')])
		expect([value, readEventTimeSpan(value, PRESENT)]).toEqual([
			value,
			{ ms: SECOND, lastMs: SECOND + 999 },
		]);
	expect([standsForWholeSecond(SECOND), standsForWholeSecond(SECOND + 1)]).toEqual([true, false]);
});

it('reads milliseconds, microseconds and seconds with a fraction as the millisecond they name', () => {
	for (const value of [SECOND + 500, (SECOND + 500) * 1000, (SECOND + 500) / 1000])
		expect([value, readEventTimeSpan(value, PRESENT)]).toEqual([
			value,
			{ ms: SECOND + 500, lastMs: SECOND + 500 },
		]);
});

it('reads no span for a value that is no time', () => {
	expect(readEventTimeSpan(0, PRESENT)).toBeUndefined();
});
