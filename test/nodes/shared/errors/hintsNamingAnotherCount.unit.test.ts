/**
 * Hints that must not give wrong advice where a message names something besides what it limits: a Display ID that
 * cannot change "to another value", a seat limit that mentions QR codes, a seat limit on Activate (through the real
 * endpoint functions and transport).
 */

import { activateMember, addTeamMember } from '../../../../nodes/shared/api';
import { qrtracApiRequest } from '../../../../nodes/shared/transport';
import { hintOf } from '../../../support/hintOf';
import { sleepOnFakeClock } from '../../../support/sleepOnFakeClock';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));
sleepOnFakeClock();

const update = (ctx: never) =>
	qrtracApiRequest(ctx, { method: 'PUT', path: '/qrs-api/q1', body: {}, itemIndex: 0 });
const addMember = (ctx: never) =>
	addTeamMember(ctx, { teamId: 't', email: 'a@b.c', name: 'A', role: 'editor' } as never);
const activate = (ctx: never) => activateMember(ctx, { teamId: 't', email: 'a@b.c' } as never);

it('a Display ID that cannot be changed "to another value" is not said used by another code', async () => {
	const hint = await hintOf(
		400,
		'Display ID has already been assigned and cannot be changed to another value',
		update,
	);
	expect(hint).not.toContain('This Display ID is already used by another code');
});

it("Add Member's 402 seat limit naming QR codes is not the QR code quota", async () => {
	const hint = await hintOf(
		402,
		'You have reached the maximum number of team members on your plan. Upgrade to let more people manage QR codes.',
		addMember,
	);
	expect(hint).not.toContain('Delete unused codes');
});

it("Activate's 403 seat limit does not get only the role's hint", async () => {
	const hint = await hintOf(403, 'Seat limit reached: pause or remove a member first', activate);
	expect(hint).not.toMatch(/^The API client's role may not do this/);
	expect(hint).toContain("the plan's limit of members (seats) is reached");
});
