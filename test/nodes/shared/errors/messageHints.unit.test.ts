/**
 * Which hint a refusal gets when QRTRAC's message calls for one, through the endpoint functions and the transport:
 * a plan's limit reached beats the request's own hint for the status (only on a 400, 403, 409 or 422, never for a
 * value limit), an invitation's hint is Resend Invite's only (its limits and an accepted invitation), and a Display
 * ID's hint needs whole words.
 */

import {
	addTeamMember,
	deleteMember,
	resendInvite,
	simpleCreateDynamic,
	updateQrTitle,
} from '../../../../nodes/shared/api';
import { qrtracApiRequest } from '../../../../nodes/shared/transport';
import { refusalOf, type Send } from '../../../support/hintOf';
import { sleepOnFakeClock } from '../../../support/sleepOnFakeClock';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));
sleepOnFakeClock();

/** The description of the error a request fails with, refused so at every attempt, checked to keep the status. */
async function hintOf(status: number, message: string, send: Send) {
	const { httpCode, hint } = await refusalOf(status, message, send);
	expect(httpCode).toBe(String(status));
	return hint;
}

const link = (ctx: never) =>
	simpleCreateDynamic(ctx, { request: { destinationUrl: 'https://example.com/x', type: 'url' } });
const removeForGood = (ctx: never) => deleteMember(ctx, { teamId: 't', email: 'a@b.c' });
const addMember = (ctx: never) =>
	addTeamMember(ctx, { teamId: 't', email: 'a@b.c', name: 'A', role: 'editor' });
const resend = (ctx: never) => resendInvite(ctx, { email: 'a@b.c' });
const createCode = (ctx: never) =>
	qrtracApiRequest(ctx, { method: 'POST', path: '/qrs-api', body: {}, itemIndex: 0 });
const readCode = (ctx: never) =>
	qrtracApiRequest(ctx, { method: 'GET', path: '/qrs-api/teams/q1', itemIndex: 0 });
const retitle = (ctx: never) => updateQrTitle(ctx, { id: 'q1', title: 'x'.repeat(300) });

const RESEND = 'QRTRAC allows only a few resends of one invitation';
const CODE_QUOTA = "Your plan's QR code quota is reached.";
const DISPLAY_ID = 'This Display ID is already used by another code';
const PLAN = /Your plan's (QR code quota|limit) is reached/;
const OWNER_RULE = 'Deleting a member completely needs an Owner client';

describe("a plan's limit", () => {
	it("Dynamic Link 403 naming QR codes: the QR code quota's hint, not the key's", async () => {
		const said = await hintOf(403, 'Plan limit reached: maximum number of dynamic codes', link);
		expect(said).toBe(
			`${CODE_QUOTA} Delete unused codes or upgrade the plan in QRTRAC. Request: Create Dynamic Link (POST /v1/qr/create).`,
		);
	});

	it('Dynamic Link 403 of a quota naming no codes: the plan\'s limit, not a "QR code quota"', async () => {
		const said = await hintOf(403, 'API request quota exceeded for this key', link);
		expect(said).toContain("Your plan's limit is reached");
		expect(said).not.toContain('QR code');
	});

	it("Dynamic Link 401 whose message says quota: the key's hint, never the quota's", async () => {
		const said = await hintOf(401, 'Invalid API key or quota exhausted', link);
		expect(said).toContain("Check the credential's 'API Key (Simple Interface)'");
		expect(said).not.toMatch(/quota|limit/);
	});

	it("Add Member 400 of the plan's member limit: the plan's limit, not a QR code quota", async () => {
		const said = await hintOf(400, 'Plan limit reached: maximum number of team members', addMember);
		expect(said).toContain("Your plan's limit is reached");
		expect(said).not.toContain('QR code');
	});

	it('Create 409 of the contract\'s "qrs" past the quota: the QR code quota\'s hint', async () => {
		const said = await hintOf(409, 'Quota of qrs reached for this plan', createCode);
		expect(said).toContain(CODE_QUOTA);
	});

	it('Create 409 of a maximum reached "for this plan": the plan named, no quota claimed', async () => {
		const said = await hintOf(409, 'Maximum number of qrs reached for this plan', createCode);
		expect(said).toContain("QRTRAC's message names the plan");
		expect(said).not.toContain(CODE_QUOTA);
	});
});

describe('a value limit is not the plan\'s ("maximum number of X" alone, or a server error)', () => {
	it('Update Title 400 of a too long title', async () => {
		const said = await hintOf(400, 'title exceeds the maximum number of characters (255)', retitle);
		expect(said).not.toMatch(PLAN);
	});

	it('Create 422 of a Link List with too many links keeps the 422 hint', async () => {
		const said = await hintOf(422, 'Maximum number of links per Link List is 20', createCode);
		expect(said).toContain('QRTRAC did not accept the values sent (HTTP 422)');
	});

	it('Create 400 of too many codes in one request: no "Delete unused codes"', async () => {
		const said = await hintOf(400, 'Maximum number of QR codes per request is 50', createCode);
		expect(said).not.toContain('Delete unused codes');
	});

	it('a 503 read whose message says quota: the 5xx hint, not a plan limit', async () => {
		const said = await hintOf(503, 'Quota service temporarily unavailable', readCode);
		expect(said).not.toMatch(PLAN);
		expect(said).toContain('QRTRAC could not answer (HTTP 5xx)');
	});
});

describe("an invitation's hint is Resend Invite's only", () => {
	it("Delete Member 403 naming an invited member: the Owner rule's hint, not the resend's", async () => {
		const said = await hintOf(
			403,
			'Only the owner can delete an invited or active member',
			removeForGood,
		);
		expect(said).toContain(
			"Deleting a member completely needs an Owner client, and QRTRAC never deletes the organization's owner. Check that",
		);
		expect(said).not.toContain(RESEND);
	});

	it("Add Member 403 saying editors cannot invite: the role's hint, not the resend's", async () => {
		const said = await hintOf(403, 'Editors cannot invite members', addMember);
		expect(said).toMatch(/the API client's role may not do this/i);
		expect(said).not.toContain(RESEND);
	});

	it("Resend Invite 400 of the resend limit: the resend's hint, not the plan's limit", async () => {
		expect(await hintOf(400, 'Maximum number of invitation resends reached', resend)).toContain(
			RESEND,
		);
	});

	it('Resend Invite 400 of a limit worded without "invite"/"resend": the resend\'s hint, not the plan\'s', async () => {
		const said = await hintOf(400, 'Maximum number of reminders reached for a@b.c', resend);
		expect(said).not.toMatch(PLAN);
		expect(said).toContain(RESEND);
	});

	it.each(['The invitation was already accepted', 'This invitation has already been accepted'])(
		"Resend Invite 409 of an accepted invitation (%s): the resend's hint, never advising to delete the person",
		async (message) => {
			const said = await hintOf(409, message, resend);
			expect(said).toContain(RESEND);
			// the person has an account: deleting them would take away their teams, for nothing
			expect(said).not.toMatch(/delet/i);
			expect(said).toContain('QRTRAC says this invitation was accepted');
		},
	);

	it('Resend Invite 400 of the resend limit: a fresh invitation after deleting completely is a may, not a promise', async () => {
		const said = await hintOf(400, 'Maximum number of invitation resends reached', resend);
		// the contract says neither that a deleted person becomes unknown nor that the count restarts
		expect(said).toContain(
			'QRTRAC invites anew only a person it does not know; deleting them completely (Owner API client, every team) and adding them again may send a fresh invitation.',
		);
		expect(said).not.toContain('For a fresh invitation');
	});

	it("Resend Invite 403 of the client's role: the role's hint, not the resend limit's", async () => {
		const said = await hintOf(
			403,
			'Your role (viewer) is not allowed to resend invitations; admin or higher is required',
			resend,
		);
		expect(said).toMatch(/the API client's role may not do this/i);
		expect(said).not.toContain(RESEND);
	});
});

describe('Delete Member refused with a 400 (the contract: role rules and the owner rule may be 400)', () => {
	it.each([
		'The organization owner cannot be deleted',
		'Only the owner can delete an invited or active member',
	])('"%s" gets the Owner rule\'s hint', async (message) => {
		expect(await hintOf(400, message, removeForGood)).toContain(OWNER_RULE);
	});

	it('a 400 naming neither the owner nor a role gets no role hint', async () => {
		expect(await hintOf(400, 'email is not a valid address', removeForGood)).not.toContain(
			OWNER_RULE,
		);
	});
});

describe("a Display ID's hint", () => {
	it.each([
		'displayId is invalid because it contains a space',
		'displayId is reserved for user pages',
	])('not for "%s" (a word holding "use")', async (message) => {
		expect(await hintOf(400, message, createCode)).not.toContain(DISPLAY_ID);
	});

	it.each([
		'displayId "x" is already taken',
		'A code with this displayId already exists',
		'displayId "x" is in use',
		'displayId "x" is used by another QR code',
		'displayId "x" is already being used',
		'displayId "x" already exists',
	])('for "%s"', async (message) => {
		expect(await hintOf(400, message, createCode)).toContain(DISPLAY_ID);
	});

	it.each(['QR code with displayId "x" does not exist', 'No QR code with this displayId exists'])(
		'not for "%s"',
		async (message) => {
			expect(await hintOf(400, message, createCode)).not.toContain(DISPLAY_ID);
		},
	);
});
