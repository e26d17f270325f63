/** Scan > Get Totals' pure plan: totals in the order asked, live codes left out without totals, other IDs named. */
import { NO_TOTALS_NOTE } from '../../../../nodes/Qrtrac/actions/analytics/codeTotals';
import { totalsInOrder } from '../../../../nodes/Qrtrac/actions/analytics/getTotals/plan';

describe('totalsInOrder', () => {
	it('orders the totals as asked and names the codes the answer left out that are not live codes', () => {
		const answer = [
			{ id: 'b', totalScans: 2 },
			{ id: 'a', totalScans: 1 },
		];
		expect(totalsInOrder(['a', 'b', 'c'], answer, new Set(['a', 'b']))).toEqual({
			totals: [answer[1], answer[0]],
			missing: ['c'],
		});
	});

	it('gives a live code the answer left out nulls and a note, never zeros', () => {
		const answer = [{ id: 'a', totalScans: 1 }];
		const { totals, missing } = totalsInOrder(['a', 'b'], answer, new Set(['a', 'b']));

		expect(missing).toEqual([]);
		expect(totals[0]).toBe(answer[0]);
		expect(totals[1]).toMatchObject({
			id: 'b',
			totalScans: null,
			todayScans: null,
			yesterdayScans: null,
			totalLeadsCount: null,
			createdAt: null,
			updatedAt: null,
			totalsNote: NO_TOTALS_NOTE,
		});
	});

	it('names an asked ID that is not a confirmed live code even when the answer gives it totals (zeros)', () => {
		const zeros = (id: string) => ({
			id,
			totalScans: 0,
			todayScans: 0,
			yesterdayScans: 0,
			totalLeadsCount: 0,
			leadsTodayCount: 0,
			leadsYesterdayCount: 0,
		});
		const answer = [zeros('qr_live'), zeros('qr_typo')];

		const { totals, missing } = totalsInOrder(['qr_live', 'qr_typo'], answer, new Set(['qr_live']));

		expect(missing).toEqual(['qr_typo']);
		expect(totals).toEqual([answer[0]]);
	});
});
