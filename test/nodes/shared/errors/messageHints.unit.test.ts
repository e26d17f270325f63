/**
 * Which hint a refusal gets when QRTRAC's message calls for one, through the endpoint functions and the transport:
 * a plan's limit beats the request's own hint for the status (never on a 401), an invitation's hint is Resend
 * Invite's only, and a Display ID's hint needs whole words.
 */
import { NodeApiError } from 'n8n-workflow';

import {
	addTeamMember,
	deleteMember,
	resendInvite,
	simpleCreateDynamic,
} from '../../../../nodes/shared/api';
import { qrtracApiRequest } from '../../../../nodes/shared/transport';
import { fakeContext, refused } from '../../../support/fakeContext';
import { sleepOnFakeClock } from '../../../support/sleepOnFakeClock';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));
sleepOnFakeClock();

/** The description of the error a request fails with, given one refusal. */
async function hintOf(status: number, message: string, send: (ctx: never) => Promise<unknown>) {
	const { ctx } = fakeContext({ answers: [refused(status, message)] });
	const error = await send(ctx as never).then(
		() => {
			throw new Error('the request did not fail');
		},
		(thrown: NodeApiError) => thrown,
	);
	expect(error.httpCode).toBe(String(status));
	return String(error.description);
}

const link = (ctx: never) =>
	simpleCreateDynamic(ctx, { request: { destinationUrl: 'https://example.com/x', type: 'url' } });
const removeForGood = (ctx: never) => deleteMember(ctx, { teamId: 't', email: 'a@b.c' });
const addMember = (ctx: never) =>
	addTeamMember(ctx, { teamId: 't', email: 'a@b.c', name: 'A', role: 'editor' });
const resend = (ctx: never) => resendInvite(ctx, { email: 'a@b.c' });
const createCode = (ctx: never) =>
	qrtracApiRequest(ctx, { method: 'POST', path: '/qrs-api', body: {}, itemIndex: 0 });

const RESEND = 'QRTRAC allows only a few resends of one invitation';
const CODE_QUOTA = "Your plan's QR code quota is reached.";
const DISPLAY_ID = 'This Display ID is already used by another code';

describe("a plan's limit", () => {
	it("Dynamic Link 403 naming QR codes: the QR code quota's hint, not the key's", async () => {
		const said = await hintOf(403, 'Plan limit reached: maximum number of dynamic codes', link);
		expect(said).toBe(`${CODE_QUOTA} Delete unused codes or upgrade the plan in QRTRAC.`);
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
		expect(said).toContain("The API client's role may not do this");
		expect(said).not.toContain(RESEND);
	});

	it("Resend Invite 400 of the resend limit: the resend's hint, not the plan's limit", async () => {
		expect(await hintOf(400, 'Maximum number of invitation resends reached', resend)).toContain(
			RESEND,
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
		'displayId unavailable',
	])('for "%s"', async (message) => {
		expect(await hintOf(400, message, createCode)).toContain(DISPLAY_ID);
	});
});
