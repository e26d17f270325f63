/**
 * QR Code > Delete of a code refused as not there, checked against a team's changes whose answers look capped
 * (api/deletions.ts `deletedAmong`): the walk forward, its bound, and the error when it cannot tell.
 */
import { answering, runAction, STORED_CODE } from '../../../support/actionRequests';
import { ok, refused } from '../../../support/fakeContext';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

it('finds a deletion a capped answer left out in the second its newest change is rounded up to', async () => {
	const second = Math.floor((Date.now() - 600_000) / 1_000) * 1_000;
	const version = second;
	const live = { ...STORED_CODE, teamId: 'team_1', updatedAt: version, deleted: false };
	// exact times: 100 others at +10.000..+10.099 s, the code deleted at +10.500 s (all shown as +11 s)
	const exact = [
		...Array.from({ length: 100 }, (_, index) => ({
			id: `qr_other_${index}`,
			teamId: 'team_1',
			at: version + 10_000 + index,
			deleted: false,
		})),
		{ ...live, at: version + 10_500, deleted: true },
	];
	const fromTimes: number[] = [];
	const service = answering({
		'GET /api/qrs-api/teams/qr_1': ok(live),
		'DELETE /api/qrs-api/qr_1': refused(410, 'Gone'),
	});
	const run = await runAction('qrCode', 'delete', { qrCodeId: 'qr_1' }, (request) => {
		const from = /\/fromTime\/(\d+)$/.exec(new URL(request.url).pathname);
		if (from === null) return service(request);
		fromTimes.push(Number(from[1]));
		return ok(
			exact
				.filter((code) => code.at > Number(from[1]))
				.sort((a, b) => a.at - b.at)
				.slice(0, 100)
				.map(({ at, ...code }) => ({ ...code, updatedAt: Math.ceil(at / 1_000) * 1_000 })),
		);
	});

	// before: the second read started 1 ms before the rounded +11 s and missed the deletion at +10.5 s
	expect(fromTimes.map((at) => at - version)).toEqual([-60_000, 10_000]);
	expect(run.error?.message).toBeUndefined();
	expect(run.output?.[0][0].json).toEqual({ deleted: true, id: 'qr_1', result: 'unchanged' });
});
