import type { IDataObject } from 'n8n-workflow';

import { memberState } from '../api';

// The e-mail comparison is the listed-members rule's (api/listedMembers.ts); re-exported for the operations.
export { normalizeEmail } from '../api/listedMembers';

/**
 * The one shape of a listed team member (Team Member > Get Many; Team > Get's members from 1.2): the member as
 * QRTRAC lists them, the team, and `status` (active, paused or pending) where the answer tells it.
 */
export function describeMember(member: IDataObject, teamId: string): IDataObject {
	const status = memberState(member);
	return { ...member, teamId, ...(status ? { status } : {}) };
}
