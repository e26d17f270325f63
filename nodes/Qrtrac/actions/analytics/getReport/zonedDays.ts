import { DateTime } from 'luxon';

import { firstMsOf, lastMsOf } from '../../../../shared/zonedCalendar';

/**
 * Calendar days of a time zone (the workflow's): the day of an event as `YYYY-MM-DD`, and the days a range
 * covers. Given a range, its days' start times are worked out once (luxon) and an event's day is found by
 * binary search, so events in any order cost no time-zone conversion; the day last found is kept too, so events
 * in time order cost a comparison. Days are the zone's own: 23 or 25 hours long when the clocks change. Pure.
 */
export class ZonedDays {
	private start = 0;
	private end = -1;
	private key = '';
	/** Start (epoch ms) of each day of the range, and one past the last; with the days' dates. */
	private starts: number[] = [];
	private dates: string[] = [];

	/** `range`: the days to work out at once (at most `maxDays`); any other moment is converted on its own. */
	constructor(
		readonly zone: string,
		range?: { startTime: number; endTime: number; maxDays: number },
	) {
		if (!range) return;
		let day = DateTime.fromMillis(range.startTime, { zone }).startOf('day');
		for (let index = 0; index < range.maxDays && firstMsOf(day, 'day') <= range.endTime; index++) {
			this.starts.push(firstMsOf(day, 'day'));
			this.dates.push(day.toISODate() as string);
			// from the day's start again: where a day starts at 01:00 (clocks changed at midnight), the next does not
			day = day.plus({ days: 1 }).startOf('day');
		}
		this.starts.push(firstMsOf(day, 'day'));
	}

	/** The zone's date of an epoch-ms moment. */
	dayOf(ms: number): string {
		if (ms >= this.start && ms <= this.end) return this.key;
		const { starts } = this;
		if (starts.length > 1 && ms >= starts[0] && ms < starts[starts.length - 1]) {
			let low = 0;
			let high = starts.length - 2;
			while (low < high) {
				const middle = (low + high + 1) >> 1;
				if (starts[middle] <= ms) low = middle;
				else high = middle - 1;
			}
			this.start = starts[low];
			this.end = starts[low + 1] - 1;
			this.key = this.dates[low];
			return this.key;
		}
		const moment = DateTime.fromMillis(ms, { zone: this.zone });
		this.start = firstMsOf(moment, 'day');
		this.end = lastMsOf(moment, 'day');
		this.key = moment.toISODate() as string;
		return this.key;
	}

	/** Every date from the one holding `startMs` to the one holding `endMs`, in order (at most `max`). */
	daysBetween(startMs: number, endMs: number, max: number): string[] {
		const days: string[] = [];
		let day = DateTime.fromMillis(startMs, { zone: this.zone }).startOf('day');
		const last = DateTime.fromMillis(endMs, { zone: this.zone }).toISODate();
		while (days.length < max) {
			const key = day.toISODate() as string;
			days.push(key);
			if (key === last) break;
			day = day.plus({ days: 1 });
		}
		return days;
	}

	/**
	 * Whether a range starts after the start of its first day and ends before the end of its last (a preset such
	 * as Last 7 Days runs from a moment, not from midnight), so that a chart does not read a cut day as a slow one.
	 */
	cutEnds(startMs: number, endMs: number): { first: boolean; last: boolean } {
		return {
			first: firstMsOf(DateTime.fromMillis(startMs, { zone: this.zone }), 'day') < startMs,
			last: lastMsOf(DateTime.fromMillis(endMs, { zone: this.zone }), 'day') > endMs,
		};
	}

	/** An epoch-ms moment as ISO 8601 text with the zone's offset. */
	iso(ms: number): string {
		return DateTime.fromMillis(ms, { zone: this.zone }).toISO() as string;
	}
}
