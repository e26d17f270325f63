/**
 * QR Code > Update against a service that refuses every request the contract refuses: the stored fields a PUT sends
 * back are read from a record (Qr), whose schema allows values the request's (CreateQrRequest) does not.
 */
import type { SentRequest } from '../../../support/fakeContext';
import { STORED_CODE, answering, described, runAction } from '../../../support/actionRequests';
import { validateRequest } from '../../../support/contract';
import { ok, refused } from '../../../support/fakeContext';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

/** The service of `answering`, refusing with 400 what the contract's request schemas refuse. */
function strict(code: object) {
	const service = answering({ 'GET /api/qrs-api/teams/qr_1': ok(code) });
	return (request: SentRequest) => {
		const url = new URL(request.url);
		const problems = validateRequest({
			method: request.method,
			path: url.pathname + url.search,
			// the credential adds these in n8n
			headers: {
				'x-request-team-id': 'team_1',
				'x-request-client-id': 'client_1',
				'x-request-client-secret': 'secret',
			},
			body: request.body,
		});
		return problems.length > 0 ? refused(400, problems.join('; ')) : service(request);
	};
}

it('renames a vCard code whose record answers an empty Redirect URL, without sending it back', async () => {
	const vcard = { ...STORED_CODE, qrType: 'VCARD', qrRedirectUrl: '', firstName: 'Ada' };
	const run = await runAction(
		'qrCode',
		'update',
		{ qrCodeId: 'qr_1', updateFields: { name: 'Renamed' } },
		strict(vcard),
	);

	expect(run.error).toBeUndefined();
	expect(run.sent.map(described)[1]).toMatchObject({
		method: 'PUT',
		body: { displayId: 'd1', name: 'Renamed', qrType: 'VCARD', tags: ['a'], firstName: 'Ada' },
	});
	expect(run.sent[1].body).not.toHaveProperty('qrRedirectUrl');
});

it.each(['https://qr.example.com', 'https://qr.example.com/r'])(
	"keeps a code's domain answered without its closing slash (%s), sending it in the form a request takes",
	async (stored) => {
		const run = await runAction(
			'qrCode',
			'update',
			{ qrCodeId: 'qr_1', updateFields: { name: 'Renamed' } },
			strict({ ...STORED_CODE, baseUrl: stored }),
		);

		expect(run.error).toBeUndefined();
		expect(run.sent.map(described)[1]).toMatchObject({
			method: 'PUT',
			body: { name: 'Renamed', baseUrl: `${stored}/` },
		});
	},
);

it.each([
	'https://qr.example.com?src=qr',
	'https://qr.example.com/#top',
	'https://qr.example.com/go ',
])('sends a stored domain that no closing slash makes a domain (%j) as it is', async (stored) => {
	const run = await runAction(
		'qrCode',
		'update',
		{ qrCodeId: 'qr_1', updateFields: { name: 'Renamed' } },
		() => ok({ ...STORED_CODE, baseUrl: stored }),
	);

	expect(run.sent[1]?.body).toMatchObject({ baseUrl: stored });
});
