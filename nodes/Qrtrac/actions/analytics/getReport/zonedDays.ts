import { DateTime } from 'luxon';

/**
 * Calendar days of a time zone (the workflow's): the day of an event as `YYYY-MM-DD`, and the days a range
 * covers. The day last found is kept with its bounds, so events that come in time order (as the service sends
 * them) cost a comparison each, not a time-zone conversion. Days are the zone's own: 23 or 25 hours long when
 * the clocks change. Pure.
 */
export class ZonedDays {
	private start = 0;
	private end = -1;
	private key = '';

	constructor(readonly zone: string) {}

	/** The zone's date of an epoch-ms moment. */
	dayOf(ms: number): string {
		if (ms >= this.start && ms <= this.end) return this.key;
		const moment = DateTime.fromMillis(ms, { zone: this.zone });
		this.start = moment.startOf('day').toMillis();
		this.end = moment.endOf('day').toMillis();
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

	/** An epoch-ms moment as ISO 8601 text with the zone's offset. */
	iso(ms: number): string {
		return DateTime.fromMillis(ms, { zone: this.zone }).toISO() as string;
	}
}
