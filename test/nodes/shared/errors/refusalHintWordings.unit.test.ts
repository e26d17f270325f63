/**
 * Wordings of a refusal that call for a hint or must not get one (serviceErrors.ts `hintFor`, attemptFailure.ts
 * `refusedRole`), through the endpoint functions and the transport, as messageHints.unit.test.ts does: a limit
 * reached in either order and a 402, a role word that is no refusal of the role, a permission without one, and a
 * Display ID "already set" that is not taken.
 */
import { NodeApiError } from 'n8n-workflow';

import { deleteMember, updateTeam } from '../../../../nodes/shared/api';
import { qrtracApiRequest } from '../../../../nodes/shared/transport';
import { fakeContext, refused } from '../../../support/fakeContext';
import { sleepOnFakeClock } from '../../../support/sleepOnFakeClock';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));
sleepOnFakeClock();

async function hintOf(status: number, message: string, send: (ctx: never) => Promise<unknown>) {
	const { ctx } = fakeContext({ answers: () => refused(status, message) });
	const error = await send(ctx as never).then(
		() => {
			throw new Error('the request did not fail');
		},
		(thrown: NodeApiError) => thrown,
	);
	return String(error.description);
}
const createCode = (ctx: never) =>
	qrtracApiRequest(ctx, { method: 'POST', path: '/qrs-api', body: {}, itemIndex: 0 });
const renameTeam = (ctx: never) => updateTeam(ctx, { teamId: 't', name: 'Sales', itemIndex: 0 });
const removeForGood = (ctx: never) => deleteMember(ctx, { teamId: 't', email: 'a@b.c' });

const QUOTA = "Your plan's QR code quota is reached";
const ROLE = "The API client's role may not do this";
const OWNER = 'Deleting a member completely needs an Owner client';
const TAKEN = 'This Display ID is already used by another code';

it.each([
	[403, 'QR code limit reached for your plan', createCode, QUOTA],
	[400, "You have reached your plan's limit of 50 QR codes", createCode, QUOTA],
	[402, 'Plan limit reached: upgrade to create more QR codes', createCode, QUOTA],
])('a plan limit: %s "%s" gets the quota hint', async (status, message, send, hint) => {
	expect(await hintOf(status, message, send)).toContain(hint);
});

it.each([
	[403, 'QR code limit reached for your plan', createCode, ROLE],
	[400, 'Team name already exists for this owner', renameTeam, ROLE],
	[400, 'displayId cannot be changed: it is already set', createCode, TAKEN],
])('no wrong hint: %s "%s"', async (status, message, send, wrong) => {
	expect(await hintOf(status, message, send)).not.toContain(wrong);
});

it.each([
	[400, 'You do not have permission to delete members', removeForGood, OWNER],
	[400, 'Display ID must be unique', createCode, TAKEN],
	[400, 'displayId is not available', createCode, TAKEN],
])('a hint for: %s "%s"', async (status, message, send, hint) => {
	expect(await hintOf(status, message, send)).toContain(hint);
});
