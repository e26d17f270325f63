/**
 * Realistic wordings of a refusal and the hint each gets (serviceErrors.ts `hintFor`, attemptFailure.ts
 * `refusedRole`), through the endpoint functions and the transport, as messageHints.unit.test.ts does. Only strong
 * signals pick a message's hint: any 402, a quota, a plan's limit named as reached; a Display ID named as taken,
 * in use, used, existing or in conflict. Words that can tell neither cause from the other ("limit reached",
 * "maximum", "upgrade") pick none: a 403 gets the one hint naming both a plan and the role, other statuses none of
 * the wrong ones. A plan named without a limit reached is a plan's feature, never "delete unused codes".
 */

import {
	addTeamMember,
	createQr,
	createTeam as newTeam,
	deleteMember,
	getBulkQrAnalytics,
	resendInvite,
	updateTeam,
} from '../../../../nodes/shared/api';
import { hintOf } from '../../../support/hintOf';
import { sleepOnFakeClock } from '../../../support/sleepOnFakeClock';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));
sleepOnFakeClock();

const createCode = (ctx: never) => createQr(ctx, { body: { name: 'A' }, itemIndex: 0 });
const bulkAnalytics = (ctx: never) =>
	getBulkQrAnalytics(ctx, { qrIds: ['q1'], startTime: 0, endTime: 1000, itemIndex: 0 } as never);
const addMember = (ctx: never) =>
	addTeamMember(ctx, { teamId: 't', email: 'a@b.c', name: 'A', role: 'editor' });
const createTeam = (ctx: never) => newTeam(ctx, { name: 'Sales', itemIndex: 0 });
const renameTeam = (ctx: never) => updateTeam(ctx, { teamId: 't', name: 'Sales', itemIndex: 0 });
const removeForGood = (ctx: never) => deleteMember(ctx, { teamId: 't', email: 'a@b.c' });
const resend = (ctx: never) => resendInvite(ctx, { email: 'a@b.c', itemIndex: 0 });

/** Each hint by words only it holds (the Admin rule's and PLAN_OR_ROLE both speak of the role otherwise). */
const HINTS = {
	QUOTA: "Your plan's QR code quota is reached",
	PLAN: "Your plan's limit is reached",
	PLAN_OR_ROLE: "If its message speaks of a plan's limit",
	FEATURE: "QRTRAC's message names the plan",
	PAYMENT: 'QRTRAC asks for payment (HTTP 402)',
	ADMIN: 'only an Admin or Owner client',
	OWNER: 'Deleting a member completely needs an Owner client',
	RESEND: 'QRTRAC allows only a few resends',
	TAKEN: 'This Display ID is already used by another code',
} as const;
type Hint = keyof typeof HINTS;
/** No hint at all, or none of the wrong ones: a plan's, the role's or a Display ID's where the words tell none. */
type Want = Hint | 'NONE' | 'NO_WRONG';
const WRONG: Hint[] = ['QUOTA', 'PLAN', 'PLAN_OR_ROLE', 'ADMIN', 'OWNER', 'TAKEN'];

const rows: Array<[number, string, Want, (ctx: never) => Promise<unknown>]> = [
	// a plan's limit said as such, in any order, a quota, and any 402
	[403, 'QR code limit reached for your plan', 'QUOTA', createCode],
	[400, "You have reached your plan's limit of 50 QR codes", 'QUOTA', createCode],
	[402, 'Plan limit reached: upgrade to create more QR codes', 'QUOTA', createCode],
	[403, 'You have hit the QR code limit of your plan', 'QUOTA', createCode],
	[403, 'Creating this QR code would exceed your plan limits', 'QUOTA', createCode],
	[402, 'Payment required: upgrade your subscription to create more QR codes', 'QUOTA', createCode],
	[403, 'Dynamic QR code quota exceeded', 'QUOTA', createCode],
	[402, 'Payment method declined: please update your billing details', 'PAYMENT', createCode],
	[400, 'Analytics history limit reached for your plan: 90 days', 'PLAN', bulkAnalytics],
	// a 403 whose words may be a plan's limit or not: one hint naming both the plan and the role
	[403, 'Maximum QR codes reached for the Free plan', 'PLAN_OR_ROLE', createCode],
	[
		403,
		'You have reached the maximum number of QR codes allowed on your plan',
		'PLAN_OR_ROLE',
		createCode,
	],
	[403, 'Dynamic QR code limit exceeded', 'PLAN_OR_ROLE', createCode],
	[403, "You've reached the limit of 10 QR codes per account", 'PLAN_OR_ROLE', createCode],
	[403, 'QR code limit per team reached', 'PLAN_OR_ROLE', createCode],
	[403, 'Trial limit reached: 10 QR codes during your 14-day trial', 'PLAN_OR_ROLE', createCode],
	[403, 'You have used 50 of 50 QR codes available to you', 'PLAN_OR_ROLE', createCode],
	[403, 'Upgrade required to create more QR codes', 'PLAN_OR_ROLE', createCode],
	[403, 'Team size limit reached (5 members)', 'PLAN_OR_ROLE', addMember],
	// a plan's feature is no quota
	[400, 'PDF QR codes are not available on the Free plan', 'FEATURE', createCode],
	[400, 'Password protection requires a paid plan', 'FEATURE', createCode],
	[400, 'You can create at most 3 teams on your plan', 'FEATURE', createTeam],
	// a count said reached without the plan, on a 400: the words cannot tell, no hint guesses
	[400, 'Seat limit reached', 'NO_WRONG', addMember],
	[400, 'Team limit reached for your account', 'NO_WRONG', createTeam],
	// a value's limit or a request's is no plan's
	[400, 'Tag limit exceeded: a QR code can have at most 10 tags', 'NONE', createCode],
	[422, 'Link List limit exceeded: at most 20 links', 'NONE', createCode],
	[400, 'Title limit exceeded (max 255 chars)', 'NONE', createCode],
	[400, 'Date range limit exceeded: at most 365 days', 'NONE', createCode],
	[400, 'Batch limit exceeded: at most 100 QR codes per request', 'NONE', createCode],
	[400, 'Too many country codes: the limit is 20', 'NONE', createCode],
	[400, 'QR code name exceeds the limit', 'NONE', createCode],
	[400, 'Scan limit of a QR code must be a positive number', 'NONE', createCode],
	[400, 'Number of QR codes exceeds the maximum allowed (50)', 'NONE', bulkAnalytics],
	[400, 'Too many QR codes requested (max 50)', 'NONE', bulkAnalytics],
	[400, 'Name "Floor plan quota" is too long', 'NONE', createCode],
	// Add Member
	[400, 'Member already exists in this team', 'NONE', addMember],
	// Rename Team (Admin or Owner) refused with a 400
	[400, 'Team name already exists for this owner', 'NONE', renameTeam],
	[400, 'Only team admins and owners can rename a team', 'ADMIN', renameTeam],
	[400, 'Your role does not allow this action', 'ADMIN', renameTeam],
	[400, 'Viewers cannot rename teams', 'ADMIN', renameTeam],
	[400, 'Special characters are not permitted in team names', 'NONE', renameTeam],
	[400, 'Team owner is required', 'NONE', renameTeam],
	[400, "Team name can't contain the word admin", 'NONE', renameTeam],
	// Delete Member (Owner) refused with a 400
	[400, 'You do not have permission to delete members', 'OWNER', removeForGood],
	[400, 'Only owners may do this', 'OWNER', removeForGood],
	[400, 'The organization owner cannot be deleted', 'OWNER', removeForGood],
	[400, 'E-mail addresses with a plus sign are not permitted', 'NONE', removeForGood],
	[400, 'Email is required', 'NONE', removeForGood],
	// a Display ID named as taken, in use, used, existing or in conflict
	[400, 'This Display ID has already been used', 'TAKEN', createCode],
	[400, 'Display ID is already assigned to another QR code', 'TAKEN', createCode],
	[400, 'Display ID already registered', 'TAKEN', createCode],
	[400, 'Duplicate displayId', 'TAKEN', createCode],
	[400, 'Another QR code already uses this Display ID', 'TAKEN', createCode],
	[400, 'This display ID has been used before', 'TAKEN', createCode],
	[400, 'Display ID conflicts with an existing QR code', 'TAKEN', createCode],
	[400, 'A QR code with this display_id already exists', 'TAKEN', createCode],
	[
		400,
		'displayId cannot be changed: "promo" is already in use by another code',
		'TAKEN',
		createCode,
	],
	[400, 'Display ID "promo" is already taken', 'TAKEN', createCode],
	[400, 'Display ID "quota-2024" is already taken', 'TAKEN', createCode],
	// a Display ID that cannot change, must follow a format, or is not of this kind of code: words that cannot tell
	[400, 'displayId cannot be changed: it is already set', 'NONE', createCode],
	[400, 'displayId must be unique and 3-50 characters of a-z, 0-9 or -', 'NONE', createCode],
	[400, 'Display ID must be 3-50 characters', 'NONE', createCode],
	[400, 'Display ID must be unique', 'NO_WRONG', createCode],
	[400, 'displayId is not available', 'NO_WRONG', createCode],
	[400, 'displayId unavailable', 'NO_WRONG', createCode],
	[400, 'displayId "x" is already being used', 'TAKEN', createCode],
	// Resend Invite
	[400, 'Resend limit reached for this invitation', 'RESEND', resend],
	[400, 'Invitation already accepted', 'RESEND', resend],
	[400, 'Resend quota exceeded for this invitation', 'RESEND', resend],
];

it.each(rows)('%s "%s" gets %s', async (status, message, want, send) => {
	const description = await hintOf(status, message, send);
	const got = (Object.keys(HINTS) as Hint[]).filter((key) => description.includes(HINTS[key]));
	if (want === 'NO_WRONG')
		expect({ message, got: got.filter((hint) => WRONG.includes(hint)) }).toEqual({
			message,
			got: [],
		});
	else expect({ message, got }).toEqual({ message, got: want === 'NONE' ? [] : [want] });
});
