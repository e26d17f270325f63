import { DateTime } from 'luxon';

/** The calendar units a range is worked out in: a day, an ISO week (Monday to Sunday) or a month of the zone. */
export type CalendarUnit = 'day' | 'week' | 'month';

/**
 * The first millisecond of the zone's day, week or month holding `moment`. Where the clocks go back at midnight
 * (America/Havana, 2026-11-01: 01:00 back to 00:00) luxon's `startOf` is the second midnight; the day began at the
 * first, an hour earlier.
 */
export function firstMsOf(moment: DateTime, unit: CalendarUnit): number {
	const start = moment.startOf(unit);
	const before = start.minus({ milliseconds: 1 });
	const earlier = start.toMillis() - (before.offset - start.offset) * 60_000;
	if (
		earlier < start.toMillis() &&
		DateTime.fromMillis(earlier, { zone: moment.zone }).hasSame(start, unit)
	)
		return earlier;
	return start.toMillis();
}

/**
 * The last millisecond of the zone's day, week or month holding `moment`: the next one's first less 1 ms. Not
 * luxon's `endOf`, which lands an hour into the next day where clocks go back at midnight (America/Havana,
 * 2026-10-31).
 */
export function lastMsOf(moment: DateTime, unit: CalendarUnit): number {
	return firstMsOf(moment.startOf(unit).plus({ [unit]: 1 }), unit) - 1;
}
