/** Team Member > Resend Invite: the exact requests the node builds for a typical input (fake context, no sockets). */
import type { NodeApiError } from 'n8n-workflow';

import { TEAM_HEADERS, answering, described, runAction } from '../../../support/actionRequests';
import { ok } from '../../../support/fakeContext';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

it('asks for the invitation again (a GET with a side effect)', async () => {
	const run = await runAction('teamMember', 'resendInvite', { email: 'a@example.com' });

	expect(run.error).toBeUndefined();
	expect(run.sent.map(described)).toEqual([
		{ method: 'GET', path: '/api/teams-api/resend/invite/a%40example.com', headers: TEAM_HEADERS },
	]);
});

describe('an answer naming the person invited', () => {
	const answeredWith = async (data: object) =>
		await runAction(
			'teamMember',
			'resendInvite',
			{ email: 'a@example.com' },
			answering({ 'GET /api/teams-api/resend/invite/a%40example.com': ok(data) }),
		);

	it('as another person fails the item, naming both (before: `inviteResent` for the person asked)', async () => {
		const run = await answeredWith({ email: 'z@example.com', status: 'pending' });

		expect(run.output).toBeUndefined();
		expect(run.error?.message).toBe(
			"QRTRAC's answer to Resend Invite (GET /teams-api/resend/invite/{email}) does not have the expected shape",
		);
		const { description } = run.error as NodeApiError;
		expect(description).toContain('an answer about the person asked for, "a@example.com"');
		expect(description).toContain('"email" is "z@example.com", another person');
		expect(description).toContain('the invitation was probably sent all the same');
		expect(run.sent).toHaveLength(1);
	});

	it('as the person asked, in another case, is the item', async () => {
		const run = await answeredWith({ email: 'A@Example.com' });

		expect(run.error).toBeUndefined();
		expect(run.output?.[0][0].json).toMatchObject({
			email: 'a@example.com',
			result: 'inviteResent',
		});
	});
});

describe('an answer naming the person asked in another form of the same address (review r375)', () => {
	const asked = 'jos\u00e9@b\u00fccher.example';
	it.each([
		['the domain in punycode', 'jos\u00e9@xn--bcher-kva.example'],
		['the accent decomposed', 'jose\u0301@b\u00fccher.example'],
		['both, in capitals', 'JOSE\u0301@XN--BCHER-KVA.EXAMPLE'],
	])('%s is the item (before: failed as another person)', async (_form, named) => {
		const run = await runAction(
			'teamMember',
			'resendInvite',
			{ email: asked },
			answering({
				[`GET /api/teams-api/resend/invite/${encodeURIComponent(asked)}`]: ok({ email: named }),
			}),
		);

		expect(run.error).toBeUndefined();
		expect(run.output?.[0][0].json).toMatchObject({ result: 'inviteResent' });
	});
});
