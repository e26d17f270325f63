/** Team Member > Add's pure plan: what adding a member does to a team. */
import { planMemberChange } from '../../../../nodes/Qrtrac/actions/teamMember/add/plan';

describe('planMemberChange', () => {
	it('adds a stranger, changes another role, leaves the same role alone', () => {
		expect(planMemberChange(undefined, 'viewer')).toBe('added');
		expect(planMemberChange({ email: 'a@x.io', role: 'editor' }, 'viewer')).toBe('roleChanged');
		expect(planMemberChange({ email: 'a@x.io', role: 'viewer' }, 'viewer')).toBe('unchanged');
	});
});
