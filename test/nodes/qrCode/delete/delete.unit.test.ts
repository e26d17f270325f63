/** QR Code > Delete: the exact requests the node builds for a typical input (fake context, no sockets). */
import { TEAM_HEADERS, described, runAction, serviceAnswer } from '../../../support/actionRequests';
import { ok, refused } from '../../../support/fakeContext';
import { parseItems, VALUE, type Refusal } from '../../../support/parseItems';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

it('reads the code by its ID (held to the team asked for), then deletes it', async () => {
	const run = await runAction('qrCode', 'delete', { qrCodeId: 'qr_1' });

	expect(run.error).toBeUndefined();
	expect(run.sent.map(described)).toEqual([
		{ method: 'GET', path: '/api/qrs-api/teams/qr_1', headers: TEAM_HEADERS },
		{ method: 'DELETE', path: '/api/qrs-api/qr_1', headers: TEAM_HEADERS },
	]);
});

it('walks a changes answer that keeps looking capped for at most 10 reads, then fails saying they cannot tell', async () => {
	// a code refused 410 on a service whose every changes answer holds 10 other codes, a millisecond apart
	const base = Date.now() - 86_400_000;
	const run = await runAction('qrCode', 'delete', { qrCodeId: 'qr_gone' }, (request) => {
		const path = new URL(request.url).pathname;
		if (path === '/api/qrs-api/teams/qr_gone') return refused(410, 'Gone');
		const from = /\/fromTime\/(\d+)$/.exec(path);
		if (from === null) return serviceAnswer(request);
		const after = Math.max(base, Number(from[1]));
		const codes = Array.from({ length: 10 }, (_, index) => ({
			id: `qr_${after + 1 + index}`,
			updatedAt: after + 1 + index,
			deleted: false,
		}));
		return ok(codes);
	});

	expect(run.error?.message).toBe(
		'QRTRAC refused QR code "qr_gone" (410 Gone); the team\'s changes cannot tell whether it was deleted',
	);
	expect(run.sent.filter((request) => request.url.includes('/fromTime/'))).toHaveLength(10);
	expect(run.sent.filter((request) => request.method === 'DELETE')).toEqual([]);
});

describe('parse refuses bad input, naming the field and the item', () => {
	const refusals: Refusal[] = [
		{
			rule: 'QR code id without ?',
			parameters: { qrCodeId: { __rl: true, mode: 'id', value: VALUE } },
			good: 'qr_1',
			bad: 'qr_1?x=1',
			message: 'Item 1: "QR Code" must not contain / \\ ? # % or spaces',
		},
	];

	it.each(refusals.map((refusal) => [refusal.rule, refusal] as const))(
		'%s',
		async (_rule, refusal) => {
			const [good, bad] = await parseItems('qrCode', 'delete', refusal.parameters, [
				refusal.good,
				refusal.bad,
			]);

			expect(good.error).toBeUndefined();
			expect(bad.error).toMatchObject({
				name: 'NodeOperationError',
				message: refusal.message,
				itemIndex: 1,
			});
		},
	);
});
