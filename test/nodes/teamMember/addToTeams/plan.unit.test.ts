/**
 * The pure plans of the batch operations besides Create or Update (see createOrUpdatePlan.test.ts): what adding
 * a member does to a team, one person into several teams, scan totals in the order asked (missing IDs named),
 * and scans summed up per code.
 */
import { planMemberChange } from '../../../nodes/Qrtrac/actions/teamMember/add/plan';
import { planTeams } from '../../../nodes/Qrtrac/actions/teamMember/addToTeams/plan';
import { totalsInOrder } from '../../../nodes/Qrtrac/actions/analytics/getTotals/plan';
import { scansPerCode } from '../../../nodes/Qrtrac/actions/analytics/getScansForCodes/plan';

describe('planMemberChange', () => {
	it('adds a stranger, changes another role, leaves the same role alone', () => {
		expect(planMemberChange(undefined, 'viewer')).toBe('added');
		expect(planMemberChange({ email: 'a@x.io', role: 'editor' }, 'viewer')).toBe('roleChanged');
		expect(planMemberChange({ email: 'a@x.io', role: 'viewer' }, 'viewer')).toBe('unchanged');
	});
});

describe('planTeams', () => {
	it('sends only the teams where the person is missing or has another role', () => {
		const { outcomes, toSend } = planTeams(
			[
				{ teamId: 't1', role: 'viewer' },
				{ teamId: 't2', role: 'admin' },
				{ teamId: 't3', role: 'editor' },
			],
			[
				undefined,
				{ email: 'a@x.io', role: 'editor', status: 'active' },
				{ email: 'a@x.io', role: 'editor', status: 'paused' },
			],
		);
		expect(outcomes).toEqual([
			{ teamId: 't1', role: 'viewer', result: 'added' },
			{
				teamId: 't2',
				role: 'admin',
				result: 'roleChanged',
				previousRole: 'editor',
				status: 'active',
			},
			{ teamId: 't3', role: 'editor', result: 'unchanged', status: 'paused' },
		]);
		expect(toSend).toEqual([
			{ teamId: 't1', role: 'viewer' },
			{ teamId: 't2', role: 'admin' },
		]);
	});
});

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

describe('scansPerCode', () => {
	it('counts per code, with zeros for codes without scans, first and last times, countries and devices', () => {
		const scans = [
			{ qrId: 'a', scanTime: 30, country: 'DE', device: 'mobile' },
			{ qrId: 'a', scanTime: 10, country: 'DE' },
			{ qrId: 'x', scanTime: 20 },
		];
		expect(scansPerCode(['a', 'b'], scans)).toEqual([
			{
				qrId: 'a',
				scans: 2,
				firstScanTime: 10,
				lastScanTime: 30,
				countries: { DE: 2 },
				devices: { mobile: 1, unknown: 1 },
			},
			{ qrId: 'b', scans: 0, firstScanTime: null, lastScanTime: null, countries: {}, devices: {} },
		]);
	});
});
