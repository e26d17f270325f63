/** The range presets of the Scan operations in the workflow's zone, Last Month included. */
import { presetRange } from '../../../../nodes/Qrtrac/actions/analytics/timeRange';

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
