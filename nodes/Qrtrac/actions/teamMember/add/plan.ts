import { memberChangeHolds } from '../../../../shared/api';
import type { KnownMember } from '../rosters';

/**
 * What adding a person with a role does to one team, decided from the member the team holds (pure): a person not
 * in the team is added; a member with another role gets the role; a member who has it already is left alone, so a
 * re-run neither writes nor invites anyone again. A member listed without a role (the contract requires none) is
 * sent the role without a claim of what it changes: `sent`.
 */
export type MemberChange = 'added' | 'roleChanged' | 'unchanged' | 'sent';

export function planMemberChange(current: KnownMember | undefined, role: string): MemberChange {
	if (!current) return 'added';
	if (current.role === undefined) return 'sent';
	return memberChangeHolds.changeRole(current, role) ? 'unchanged' : 'roleChanged';
}
