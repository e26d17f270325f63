/** Scan > Get Totals' pure plan: totals in the order asked, missing IDs named. */
import { totalsInOrder } from '../../../../nodes/Qrtrac/actions/analytics/getTotals/plan';

describe('totalsInOrder', () => {
	it('orders the totals as asked and names the codes the answer left out', () => {
		const answer = [
			{ id: 'b', totalScans: 2 },
			{ id: 'a', totalScans: 1 },
		];
		expect(totalsInOrder(['a', 'b', 'c'], answer)).toEqual({
			totals: [answer[1], answer[0]],
			missing: ['c'],
		});
	});
});
