/** The range presets of the Scan operations in the workflow's zone, Last Month included. */
import { DateTime, Settings } from 'luxon';

import { ZonedDays } from '../../../../nodes/Qrtrac/actions/analytics/getReport/zonedDays';
import {
	presetRange,
	timeBoundSchema,
	unknownZone,
} from '../../../../nodes/Qrtrac/actions/analytics/timeRange';

describe('presetRange', () => {
	const now = Date.parse('2026-03-15T12:00:00Z');

	it("gives This Month and Last Month in the workflow's zone", () => {
		expect(presetRange('thisMonth', now, 'America/New_York')).toEqual({
			startTime: Date.parse('2026-03-01T05:00:00Z'),
			endTime: now,
		});
		expect(presetRange('lastMonth', now, 'America/New_York')).toEqual({
			startTime: Date.parse('2026-02-01T05:00:00Z'),
			endTime: Date.parse('2026-03-01T04:59:59.999Z'),
		});
		expect(presetRange('lastMonth', now, 'Asia/Tokyo')).toEqual({
			startTime: Date.parse('2026-01-31T15:00:00Z'),
			endTime: Date.parse('2026-02-28T14:59:59.999Z'),
		});
	});

	it('gives Last Month of January as December of the year before', () => {
		expect(presetRange('lastMonth', Date.parse('2026-01-10T00:00:00Z'), 'UTC')).toEqual({
			startTime: Date.parse('2025-12-01T00:00:00Z'),
			endTime: Date.parse('2025-12-31T23:59:59.999Z'),
		});
	});
});

describe('where clocks go back at midnight (America/Havana, 2026-11-01 00:00 happens twice)', () => {
	const zone = 'America/Havana';
	// 2026-10-31 ends at 2026-11-01T04:00Z (00:00 CDT); luxon's endOf lands an hour later
	const octoberEnds = Date.parse('2026-11-01T03:59:59.999Z');

	it('Last Month and a date-only End end with the last day, not an hour into the next', () => {
		expect(presetRange('lastMonth', Date.parse('2026-11-15T12:00:00Z'), zone)?.endTime).toBe(
			octoberEnds,
		);
		expect(timeBoundSchema('end', zone).parse('2026-10-31')).toBe(octoberEnds);
	});

	it("the day's last hour is whole, and the next day's first scan is the next day's", () => {
		const days = new ZonedDays(zone);
		const start = DateTime.fromISO('2026-10-01', { zone }).toMillis();
		expect(days.cutEnds(start, octoberEnds)).toEqual({ first: false, last: false });
		expect(days.dayOf(octoberEnds)).toBe('2026-10-31');
		expect(days.dayOf(octoberEnds + 1)).toBe('2026-11-01');
	});
});

describe('where the clocks go back at midnight, the day and month begin at the first midnight (Havana, 2026-11-01)', () => {
	const zone = 'America/Havana';
	// 00:00 CDT (-04:00), the first of the two midnights
	const novemberBegins = Date.parse('2026-11-01T04:00:00.000Z');

	it('This Month and Last Month start at the first midnight, and October ends just before it', () => {
		expect(presetRange('thisMonth', Date.parse('2026-11-27T12:00:00Z'), zone)?.startTime).toBe(
			novemberBegins,
		);
		expect(presetRange('lastMonth', Date.parse('2026-12-15T12:00:00Z'), zone)).toMatchObject({
			startTime: novemberBegins,
			endTime: Date.parse('2026-12-01T04:59:59.999Z'),
		});
		expect(presetRange('lastMonth', Date.parse('2026-11-27T12:00:00Z'), zone)?.endTime).toBe(
			novemberBegins - 1,
		);
	});

	it('a date-only Start is the first midnight, whatever the date of the run', () => {
		const before = Settings.now;
		try {
			for (const runAt of ['2026-07-15T12:00:00Z', '2026-12-15T12:00:00Z']) {
				Settings.now = () => Date.parse(runAt);
				expect(timeBoundSchema('start', zone).parse('2026-11-01')).toBe(novemberBegins);
			}
		} finally {
			Settings.now = before;
		}
	});

	it('a scan in the first of the two hours after midnight is a scan of November 1, in a whole day', () => {
		const firstPass = Date.parse('2026-11-01T04:30:00.000Z');
		const days = new ZonedDays(zone, {
			startTime: Date.parse('2026-10-30T04:00:00.000Z'),
			endTime: Date.parse('2026-11-03T04:00:00.000Z'),
			maxDays: 10,
		});
		expect(days.dayOf(firstPass)).toBe('2026-11-01');
		expect(new ZonedDays(zone).dayOf(firstPass)).toBe('2026-11-01');
		expect(days.cutEnds(novemberBegins, Date.parse('2026-11-02T04:59:59.999Z'))).toEqual({
			first: false,
			last: false,
		});
	});
});

describe('where this month starts at 01:00 (America/Asuncion, clocks forward at 2023-10-01 00:00)', () => {
	const zone = 'America/Asuncion';

	it("Last Month starts at its own first day's midnight, not at the hour this month starts", () => {
		// September 2023 began at 00:00 -04:00; October at 01:00 -03:00 (its midnight never happened)
		const range = presetRange('lastMonth', Date.parse('2023-10-15T15:00:00Z'), zone);
		expect(range).toEqual({
			startTime: Date.parse('2023-09-01T04:00:00Z'),
			endTime: Date.parse('2023-10-01T03:59:59.999Z'),
		});
		expect(new ZonedDays(zone).cutEnds(range!.startTime, range!.endTime)).toEqual({
			first: false,
			last: false,
		});
		expect(presetRange('thisMonth', Date.parse('2023-10-15T15:00:00Z'), zone)?.startTime).toBe(
			Date.parse('2023-10-01T04:00:00Z'),
		);
	});
});

describe('Last 7 Days and Last 30 Days across a change of the clocks', () => {
	it('start at the same time of day, 7 or 30 calendar days back (Berlin, after 2026-03-29)', () => {
		// Monday 2026-03-30 08:00 CEST: a week back is Monday 2026-03-23 08:00 CET, 167 hours earlier
		const now = Date.parse('2026-03-30T06:00:00Z');
		expect(presetRange('last7Days', now, 'Europe/Berlin')).toEqual({
			startTime: Date.parse('2026-03-23T07:00:00Z'),
			endTime: now,
		});
		expect(presetRange('last30Days', now, 'Europe/Berlin')?.startTime).toBe(
			Date.parse('2026-02-28T07:00:00Z'),
		);
		expect(presetRange('last24Hours', now, 'Europe/Berlin')?.startTime).toBe(now - 86_400_000);
	});
});

describe('unknownZone', () => {
	it("reads the zone itself, whatever luxon's process-wide default n8n last set", () => {
		const before = Settings.defaultZone;
		try {
			Settings.defaultZone = 'Mars/Olympus_Mons';
			expect(unknownZone('Europe/Berlin')).toBeUndefined();
			expect(unknownZone('UTC')).toBeUndefined();
			expect(unknownZone('Mars/Olympus_Mons')).toMatch(/is not a known time zone/);
		} finally {
			Settings.defaultZone = before;
		}
	});
});

describe('a custom bound given as a date without a time, of any ISO 8601 form', () => {
	const zone = 'Europe/Berlin';
	const bounds = (text: unknown) => [
		timeBoundSchema('start', zone).parse(text),
		timeBoundSchema('end', zone).parse(text),
	];

	it('covers the whole month of a month alone (2026-03), not the first millisecond of its first day', () => {
		// March 2026 in Berlin: 00:00 CET on the 1st to the last ms of the 31st, CEST since the 29th
		expect(bounds('2026-03')).toEqual([
			Date.parse('2026-02-28T23:00:00Z'),
			Date.parse('2026-03-31T21:59:59.999Z'),
		]);
	});

	it('covers the whole day of an ordinal or week date (2026-069, 2026-W11-2), as of 2026-03-10', () => {
		const march10 = bounds('2026-03-10');
		expect(march10).toEqual([
			Date.parse('2026-03-09T23:00:00Z'),
			Date.parse('2026-03-10T22:59:59.999Z'),
		]);
		expect(bounds('2026-069')).toEqual(march10);
		expect(bounds('2026-W11-2')).toEqual(march10);
		expect(bounds('2026W112')).toEqual(march10);
	});

	it('keeps a time as that moment, also one without a date (today at 10:00)', () => {
		expect(bounds('2026-03-10T10:00')).toEqual([
			Date.parse('2026-03-10T09:00:00Z'),
			Date.parse('2026-03-10T09:00:00Z'),
		]);
		const today10 = DateTime.fromObject({ hour: 10 }, { zone }).toMillis();
		expect(bounds('10:00')).toEqual([today10, today10]);
	});

	it('covers the whole ISO week, Monday to Sunday, of a week alone (2026-W13, the clocks changing on its Sunday)', () => {
		expect(bounds('2026-W13')).toEqual([
			Date.parse('2026-03-22T23:00:00Z'),
			Date.parse('2026-03-29T21:59:59.999Z'),
		]);
	});

	it('covers the same month or day in the expanded and basic forms (+002026-03, +002026-03-10, 2026-0310, 20260310t10)', () => {
		expect(bounds('+002026-03')).toEqual(bounds('2026-03'));
		expect(bounds('+002026-03-10')).toEqual(bounds('2026-03-10'));
		expect(bounds('2026-0310')).toEqual(bounds('2026-03-10'));
		expect(bounds('+0020260310')).toEqual(bounds('2026-03-10'));
		// a lowercase t still starts a time: that moment, not the day
		expect(bounds('20260310t10')).toEqual(bounds('2026-03-10T10:00'));
	});

	it('keeps a time alone in the basic form, with an offset or a fraction (1030Z, 10+01, 103000,5), as that moment', () => {
		const before = Settings.now;
		try {
			Settings.now = () => Date.parse('2026-11-28T09:00:00Z');
			const at1030Z = Date.parse('2026-11-28T10:30:00Z');
			expect(bounds('1030Z')).toEqual([at1030Z, at1030Z]);
			expect(bounds('1030+0100')).toEqual([at1030Z - 3_600_000, at1030Z - 3_600_000]);
			expect(bounds('10+01')).toEqual(bounds('10:00+01:00'));
			expect(bounds('103000,5')).toEqual(bounds('10:30:00.5'));
		} finally {
			Settings.now = before;
		}
	});

	it('covers the whole day of the basic form in digits alone, as text or a number (20260310, 2026069)', () => {
		const march10 = bounds('2026-03-10');
		expect(bounds('20260310')).toEqual(march10);
		expect(bounds('2026069')).toEqual(march10);
		expect(bounds(20260310)).toEqual(march10);
	});

	it('covers the same month and day in the expanded and basic forms where the clocks go back at midnight (Havana)', () => {
		const end = (raw: string) => timeBoundSchema('end', 'America/Havana').parse(raw);
		const octoberEnds = Date.parse('2026-11-01T03:59:59.999Z');
		expect(end('+002026-10-31')).toBe(octoberEnds);
		expect(end('20261031')).toBe(octoberEnds);
		expect(end('+002026-10')).toBe(octoberEnds);
		expect(timeBoundSchema('start', 'America/Havana').parse('+002026-11')).toBe(
			Date.parse('2026-11-01T04:00:00.000Z'),
		);
	});

	it('still takes epoch milliseconds as a number or digits, and refuses epoch seconds', () => {
		expect(bounds(1764300000000)).toEqual([1764300000000, 1764300000000]);
		expect(bounds('1764300000000')).toEqual([1764300000000, 1764300000000]);
		const seconds = timeBoundSchema('start', zone).safeParse('1764300000');
		expect(seconds.success ? '' : seconds.error.issues[0].message).toMatch(
			/seconds are not accepted/,
		);
	});

	it.each(['2026', '+002026', ' 2026 ', 2026])(
		'refuses a year alone (%j) as not a date, showing the forms it takes, not as epoch seconds',
		(text) => {
			for (const bound of ['start', 'end'] as const) {
				const result = timeBoundSchema(bound, zone).safeParse(text);
				expect(result.success).toBe(false);
				const message = result.success ? '' : result.error.issues[0].message;
				expect(message).toMatch(/must be a date, not a year alone/);
				expect(message).toMatch(/2026-01\b.*2026-01-31\b.*2026-01-31T08:00:00/);
				expect(message).not.toMatch(/seconds are not accepted/);
			}
		},
	);
});

it.each([202603, '202603', 12345, '26031', 99999999999, '-5'])(
	'refuses %j, which is neither a date nor epoch seconds or milliseconds of 2000 to 2200, without calling it seconds',
	(given) => {
		const result = timeBoundSchema('start', 'Europe/Berlin').safeParse(given);
		const message = result.success ? '' : result.error.issues[0].message;
		expect(message).toMatch(
			/^must be a date such as 2026-01-31T08:00:00 or a number of epoch milliseconds after 2000-01-01, not -?\d+$/,
		);
	},
);

it.each([
	['1999-12-31', 'from 2000-01-01'],
	['1999-12-31T08:00:00Z', 'from 2000-01-01'],
	[new Date('1970-01-02T00:00:00Z'), 'from 2000-01-01'],
	['2300-01-01', 'before 2200-01-01'],
	['2206-01-31T08:00', 'before 2200-01-01'],
	[new Date('2300-01-01T00:00:00Z'), 'before 2200-01-01'],
])(
	'refuses a date outside 2000 to 2200 (%j) as a date, not by its epoch milliseconds',
	(given, bound) => {
		const result = timeBoundSchema('start', 'Europe/Berlin').safeParse(given);
		expect(result.success ? '' : result.error.issues[0].message).toBe(
			`must be a date ${bound} (UTC)`,
		);
	},
);
