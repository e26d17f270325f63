/**
 * Which hint a refusal gets when QRTRAC's message calls for one, through the endpoint functions and the transport:
 * a plan's limit beats the request's own hint for the status (never on a 401); other message hints come after it.
 */
import { NodeApiError } from 'n8n-workflow';

import { deleteMember, simpleCreateDynamic } from '../../../../nodes/shared/api';
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

const RESEND = 'QRTRAC allows only a few resends of one invitation';
const CODE_QUOTA = "Your plan's QR code quota is reached.";

describe("a plan's limit", () => {
	it("Dynamic Link 403 naming QR codes: the QR code quota's hint, not the key's", async () => {
		const said = await hintOf(403, 'Plan limit reached: maximum number of dynamic codes', link);
		expect(said).toBe(`${CODE_QUOTA} Delete unused codes or upgrade the plan in QRTRAC.`);
	});

	it("Dynamic Link 401 whose message says quota: the key's hint, never the quota's", async () => {
		const said = await hintOf(401, 'Invalid API key or quota exhausted', link);
		expect(said).toContain("Check the credential's 'API Key (Simple Interface)'");
		expect(said).not.toMatch(/quota|limit/);
	});
});

describe("a hint the message calls for comes after the request's own for the status", () => {
	it("Delete Member 403 naming an invited member: the Owner rule's hint, not the resend's", async () => {
		const said = await hintOf(
			403,
			'Only the owner can delete an invited or active member',
			removeForGood,
		);
		expect(said).toContain('Owner client');
		expect(said).not.toContain(RESEND);
	});
});
