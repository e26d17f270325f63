import type { IDataObject } from 'n8n-workflow';

import { memberState } from '../api';

/**
 * An e-mail as the node compares it (rosters, rows of the same person, keys): without case. It is never what is
 * sent: a service may hold `Ada@Example.com` and compare exactly, so requests carry the team's own spelling of a
 * listed person, else the e-mail as typed (trimmed).
 */
export function normalizeEmail(email: string): string {
	return email.trim().toLowerCase();
}

/**
 * The one shape of a listed team member (Team Member > Get Many; Team > Get's members from 1.2): the member as
 * QRTRAC lists them, the team, and `status` (active, paused or pending) where the answer tells it.
 */
export function describeMember(member: IDataObject, teamId: string): IDataObject {
	const status = memberState(member);
	return { ...member, teamId, ...(status ? { status } : {}) };
}
