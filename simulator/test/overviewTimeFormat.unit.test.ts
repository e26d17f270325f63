import { driftChanges, NO_CHANGE_DRIFT, type OverviewTimeFormat } from '../changeDrift';

/** Get Scan Totals' times as the change drift `overviewTimeFormat` writes them. */
describe('change drift overviewTimeFormat', () => {
	/** 2027-03-05T12:00:01.234Z */
	const AT = Date.UTC(2027, 2, 5, 12, 0, 1, 234);
	const row = {
		id: 'qr_1',
		totalScans: 1,
		createdAt: AT - 60_000,
		updatedAt: AT,
		leadsUpdatedAt: AT,
	};

	function written(format: OverviewTimeFormat | undefined): unknown {
		const body = driftChanges(
			{ ...NO_CHANGE_DRIFT, overviewTimeFormat: format },
			'getTotalScansOverview',
			{ success: true, data: [row] },
			AT,
		) as { data: Array<Record<string, unknown>> };
		const [{ createdAt, updatedAt, leadsUpdatedAt }] = body.data;
		return [createdAt, updatedAt, leadsUpdatedAt];
	}

	it('writes whole seconds as epoch ms ending in 000, or as ISO text without a fraction', () => {
		expect(written(undefined)).toEqual([AT - 60_000, AT, AT]);
		expect(written('epochSeconds')).toEqual([
			(AT - 60_234) / 1000,
			(AT - 234) / 1000,
			(AT - 234) / 1000,
		]);
		expect(written('epochMsWholeSeconds')).toEqual([AT - 60_234, AT - 234, AT - 234]);
		expect(written('isoWholeSeconds')).toEqual([
			'2027-03-05T11:59:01Z',
			'2027-03-05T12:00:01Z',
			'2027-03-05T12:00:01Z',
		]);
	});

	it('writes updatedAt alone in epoch seconds, the other times in epoch ms', () => {
		expect(written('updatedAtEpochSeconds')).toEqual([AT - 60_000, (AT - 234) / 1000, AT]);
	});
});
