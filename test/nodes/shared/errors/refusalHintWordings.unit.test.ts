/**
 * Realistic wordings of a refusal and the one hint each gets (serviceErrors.ts `hintFor`, attemptFailure.ts
 * `refusedRole`), through the endpoint functions and the transport, as messageHints.unit.test.ts does: a plan's
 * limit said in any order and any 402, never a value's limit; a 400's role hint only for a role word with a
 * deletion or a rule (only, requires, allows, can, may), or a permission; a Display ID taken, not one that cannot
 * be changed or must follow a format.
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
	return String(error.description ?? '');
}
const createCode = (ctx: never) =>
	qrtracApiRequest(ctx, { method: 'POST', path: '/qrs-api', body: {}, itemIndex: 0 });
const renameTeam = (ctx: never) => updateTeam(ctx, { teamId: 't', name: 'Sales', itemIndex: 0 });
const removeForGood = (ctx: never) => deleteMember(ctx, { teamId: 't', email: 'a@b.c' });

const HINTS = {
	QUOTA: "Your plan's QR code quota is reached",
	PLAN: "Your plan's limit is reached",
	ADMIN: 'only an Admin or Owner client',
	OWNER: 'Deleting a member completely needs an Owner client',
	ROLE: "The API client's role may not do this",
	TAKEN: 'This Display ID is already used by another code',
} as const;
type Want = keyof typeof HINTS | 'NONE';

/** The one of these hints the description holds, the more particular first (the Admin rule's holds ROLE too). */
function got(description: string): Want {
	const found = (Object.keys(HINTS) as Array<keyof typeof HINTS>).find((key) =>
		description.includes(HINTS[key]),
	);
	return found ?? 'NONE';
}

const rows: Array<[number, string, Want, (ctx: never) => Promise<unknown>]> = [
	// a plan's limit, in any order, and any 402
	[403, 'QR code limit reached for your plan', 'QUOTA', createCode],
	[400, "You have reached your plan's limit of 50 QR codes", 'QUOTA', createCode],
	[402, 'Plan limit reached: upgrade to create more QR codes', 'QUOTA', createCode],
	[403, 'You have hit the QR code limit of your plan', 'QUOTA', createCode],
	[403, 'Creating this QR code would exceed your plan limits', 'QUOTA', createCode],
	[403, 'Maximum QR codes reached for the Free plan', 'QUOTA', createCode],
	[402, 'Payment required: upgrade your subscription to create more QR codes', 'QUOTA', createCode],
	// a value's limit or a request's is no plan's
	[400, 'Tag limit exceeded: a QR code can have at most 10 tags', 'NONE', createCode],
	[422, 'Link List limit exceeded: at most 20 links', 'NONE', createCode],
	[400, 'Title limit exceeded (max 255 chars)', 'NONE', createCode],
	[400, 'Date range limit exceeded: at most 365 days', 'NONE', createCode],
	[400, 'Batch limit exceeded: at most 100 QR codes per request', 'NONE', createCode],
	// Rename Team (Admin or Owner) refused with a 400
	[400, 'Team name already exists for this owner', 'NONE', renameTeam],
	[400, 'Only team admins and owners can rename a team', 'ADMIN', renameTeam],
	[400, 'Your role does not allow this action', 'ADMIN', renameTeam],
	[400, 'Special characters are not permitted in team names', 'NONE', renameTeam],
	// Delete Member (Owner) refused with a 400
	[400, 'You do not have permission to delete members', 'OWNER', removeForGood],
	[400, 'Only owners may do this', 'OWNER', removeForGood],
	[400, 'E-mail addresses with a plus sign are not permitted', 'NONE', removeForGood],
	// a Display ID taken, not one that cannot change or must follow a format
	[400, 'Display ID must be unique', 'TAKEN', createCode],
	[400, 'displayId is not available', 'TAKEN', createCode],
	[400, 'This Display ID has already been used', 'TAKEN', createCode],
	[400, 'Display ID is already assigned to another QR code', 'TAKEN', createCode],
	[400, 'Display ID already registered', 'TAKEN', createCode],
	[400, 'Duplicate displayId', 'TAKEN', createCode],
	[400, 'displayId cannot be changed: it is already set', 'NONE', createCode],
	[400, 'displayId must be unique and 3-50 characters of a-z, 0-9 or -', 'NONE', createCode],
];

it.each(rows)('%s "%s" gets %s', async (status, message, want, send) => {
	const description = await hintOf(status, message, send);
	expect({ message, got: got(description) }).toEqual({ message, got: want });
});
