/**
 * QR Code > Delete of a code refused as not there, checked against a team's changes whose answers look capped
 * (api/deletions.ts `deletedAmong`): the walk forward, its bound, and the error when it cannot tell.
 */
import { answering, runAction, STORED_CODE } from '../../../support/actionRequests';
import { fakeContext, ok, refused } from '../../../support/fakeContext';
import { sleepOnFakeClock } from '../../../support/sleepOnFakeClock';
import { Qrtrac } from '../../../../nodes/Qrtrac/Qrtrac.node';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));
// pacing slots come on a fake clock instead of a spin on the real one
sleepOnFakeClock();

it("is unchanged when a capped answer holds only a bulk change in the minute before the code's version, walking on from the newest held", async () => {
	// times ending in 1 ms, written to the ms: the walk restarts a ms before the newest held
	const version = Math.floor((Date.now() - 600_000) / 1_000) * 1_000 + 1;
	const live = { ...STORED_CODE, teamId: 'team_1', updatedAt: version, deleted: false };
	// 150 other codes changed in the minute before the code's version, 100 ms apart; the code deleted 5 minutes later
	const changes = [
		...Array.from({ length: 150 }, (_, index) => ({
			id: `qr_other_${index}`,
			teamId: 'team_1',
			updatedAt: version - 59_000 + index * 100,
			deleted: false,
		})),
		{ ...live, updatedAt: version + 300_000, deleted: true },
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
		// a service keeping the oldest 100 of the changes after fromTime
		return ok(
			changes
				.filter((code) => code.updatedAt > Number(from[1]))
				.sort((a, b) => a.updatedAt - b.updatedAt)
				.slice(0, 100),
		);
	});

	// before: one read, then "cannot tell" (a read from the code's version less the slack was the one just made)
	expect(run.error?.message).toBeUndefined();
	expect(run.output?.[0][0].json).toEqual({ deleted: true, id: 'qr_1', result: 'unchanged' });
	expect(fromTimes.map((at) => at - version)).toEqual([-60_000, -49_101]);
});

it('reads the changes at most 10 times for an item whose code is refused 410 in a team of 6,000 changes capped to the oldest 100', async () => {
	const start = Date.now() - 30 * 86_400_000;
	const changes = Array.from({ length: 6_000 }, (_, index) => ({
		id: `qr_other_${index}`,
		teamId: 'team_1',
		updatedAt: start + index * 60_000,
		deleted: false,
	}));
	let feedReads = 0;
	const run = await runAction('qrCode', 'delete', { qrCodeId: 'qr_a' }, (request) => {
		const path = new URL(request.url).pathname;
		const from = /\/fromTime\/(\d+)$/.exec(path);
		if (from === null) return refused(410, 'Gone');
		feedReads++;
		return ok(changes.filter((code) => code.updatedAt > Number(from[1])).slice(0, 100));
	});

	expect(feedReads).toBe(10);
	expect(run.error?.message).toBe(
		'QRTRAC refused QR code "qr_a" (410 Gone); the team\'s changes cannot tell whether it was deleted',
	);
	// before: the description did not say why a done Delete's re-run could not reach the deletion
	expect((run.error as { description?: string }).description).toContain(
		"The code's version is not known (its read was refused, or showed no change time), so its changes were searched from the team's start, and only about the first 1,000 could be read.",
	);
});

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

it('keeps a 403 refusal\'s status and words, not "a code not there", when capped changes cannot tell (a live code, a role)', async () => {
	const version = Date.now() - 600_000;
	const live = { ...STORED_CODE, teamId: 'team_1', updatedAt: version, deleted: false };
	const changes = [
		live,
		...Array.from({ length: 200 }, (_, index) => ({
			id: `qr_other_${index}`,
			teamId: 'team_1',
			updatedAt: version + 1_000 + index * 1_000,
			deleted: false,
		})),
	];
	const service = answering({
		'GET /api/qrs-api/teams/qr_1': ok(live),
		'DELETE /api/qrs-api/qr_1': refused(403, 'Your role may not delete codes'),
	});
	const run = await runAction('qrCode', 'delete', { qrCodeId: 'qr_1' }, (request) => {
		const from = /\/fromTime\/(\d+)$/.exec(new URL(request.url).pathname);
		if (from === null) return service(request);
		return ok(changes.filter((code) => code.updatedAt > Number(from[1])).slice(-100));
	});

	expect(run.error).toMatchObject({ httpCode: '403' });
	expect(run.error?.message).toBe(
		'QRTRAC refused QR code "qr_1" (403 Your role may not delete codes); the team\'s changes cannot tell whether it was deleted',
	);
	expect((run.error as { description?: string }).description).toMatch(
		/answered 100 codes, a size that looks capped .*, and no read of them \(at most 10, each from later on\) held the code/,
	);
});

it('says a later read of the changes failed, not only that the answer looked capped, when that ended the walk', async () => {
	const version = Date.now() - 600_000;
	const live = { ...STORED_CODE, teamId: 'team_1', updatedAt: version, deleted: false };
	const others = Array.from({ length: 100 }, (_, index) => ({
		id: `qr_other_${index}`,
		teamId: 'team_1',
		updatedAt: version - 30_000 + index * 100,
		deleted: false,
	}));
	let feedReads = 0;
	const service = answering({
		'GET /api/qrs-api/teams/qr_1': ok(live),
		'DELETE /api/qrs-api/qr_1': refused(410, 'Gone'),
	});
	const run = await runAction('qrCode', 'delete', { qrCodeId: 'qr_1' }, (request) => {
		if (!request.url.includes('/fromTime/')) return service(request);
		feedReads++;
		return feedReads === 1 ? ok(others) : refused(400, 'Bad fromTime');
	});

	expect(feedReads).toBe(2);
	expect(run.error).toMatchObject({ httpCode: '410' });
	expect((run.error as { description?: string }).description).toMatch(
		/answered 100 codes, a size that looks capped .*, and the read of the changes after it failed \(.*Bad fromTime.*\): the code's deletion may be among them/,
	);
});

/** Every changes answer: 10 other codes a ms apart after fromTime (looks capped, never holds the code). */
const cappedFeed = (pathname: string) => {
	const from = Number(/\/fromTime\/(\d+)$/.exec(pathname)![1]);
	return ok(
		Array.from({ length: 10 }, (_, index) => ({
			id: `qr_other_${index}`,
			teamId: 'team_1',
			updatedAt: from + 1 + index,
			deleted: false,
		})),
	);
};

it('reads the changes at most 10 times per check for an item whose DELETE answer was lost and whose retry is refused 410', async () => {
	let feedReads = 0;
	let deletes = 0;
	const live = {
		...STORED_CODE,
		teamId: 'team_1',
		updatedAt: Date.now() - 600_000,
		deleted: false,
	};
	const run = await runAction('qrCode', 'delete', { qrCodeId: 'qr_1' }, (request) => {
		const { pathname } = new URL(request.url);
		if (pathname.includes('/fromTime/')) {
			feedReads++;
			return cappedFeed(pathname);
		}
		if (request.method === 'DELETE')
			return ++deletes === 1 ? { networkError: 'ECONNRESET' } : refused(410, 'Gone');
		return ok(live);
	});

	// the lost answer's check of the last 15 minutes, then Delete's own from the code's version: 10 each at most
	expect(deletes).toBe(2);
	expect(feedReads).toBe(20);
	expect(run.error).toMatchObject({ httpCode: '410' });
	expect(run.error?.message).toMatch(/the team's changes cannot tell whether it was deleted/);
	expect((run.error as { description?: string }).description).toMatch(
		/a size that looks capped.*its answer was lost/,
	);
});

it('v1.1 (no own check): a DELETE whose answer was lost, refused 410 on retry, with capped changes fails saying they cannot tell', async () => {
	let feedReads = 0;
	let deletes = 0;
	const { ctx } = fakeContext({
		parameters: { resource: 'qrCode', operation: 'delete', qrCodeId: 'qr_1' },
		typeVersion: 1.1,
		answers: (request) => {
			const { pathname } = new URL(request.url);
			if (pathname.includes('/fromTime/')) {
				feedReads++;
				return cappedFeed(pathname);
			}
			if (request.method === 'DELETE')
				return ++deletes === 1 ? { networkError: 'ECONNRESET' } : refused(410, 'Gone');
			return ok({ ...STORED_CODE, teamId: 'team_1', deleted: false });
		},
	});
	const error = await new Qrtrac().execute.call(ctx).then(
		() => undefined,
		(thrown: unknown) => thrown as { message?: string; description?: string },
	);

	// before (55f3b8b): "the state read afterwards is not what was asked, so this refusal stands"
	expect(deletes).toBe(2);
	expect(feedReads).toBe(10);
	expect(error?.description).toMatch(
		/its answer was lost.*the team's changes cannot tell whether it was deleted: .*a size that looks capped/,
	);
	expect(`${error?.message} ${error?.description}`).not.toMatch(/not what was asked/);
});

it("is unchanged when the lost DELETE did delete the code and only the lost answer's check of the changes failed", async () => {
	const live = {
		...STORED_CODE,
		teamId: 'team_1',
		updatedAt: Date.now() - 600_000,
		deleted: false,
	};
	const deletedAt = Date.now() - 1_000;
	let feedReads = 0;
	let deletes = 0;
	const run = await runAction('qrCode', 'delete', { qrCodeId: 'qr_1' }, (request) => {
		const { pathname } = new URL(request.url);
		if (pathname.includes('/fromTime/')) {
			feedReads++;
			// one refusal of the changes read, then the changes hold the code deleted
			return feedReads === 1
				? refused(400, 'Bad fromTime')
				: ok([{ ...live, updatedAt: deletedAt, deleted: true }]);
		}
		if (request.method === 'DELETE')
			return ++deletes === 1 ? { networkError: 'ECONNRESET' } : refused(404, 'Not found');
		return ok(live);
	});

	// before (232dea3, the refusal not checked twice): the item failed "Not found"
	expect(deletes).toBe(2);
	expect(run.error?.message).toBeUndefined();
	expect(run.output?.[0]?.[0]?.json).toMatchObject({ deleted: true, result: 'unchanged' });
});

it('says QRTRAC answered no code, not that it refused, when a read without a code is left undecided', async () => {
	const run = await runAction('qrCode', 'delete', { qrCodeId: 'qr_1' }, (request) => {
		const { pathname } = new URL(request.url);
		return pathname.includes('/fromTime/') ? cappedFeed(pathname) : ok();
	});

	// before: 'QRTRAC refused QR code "qr_1" (QRTRAC answered Get QR Code … without a code); …'
	expect(run.error?.message).toBe(
		'QRTRAC answered no code for "qr_1"; the team\'s changes cannot tell whether it was deleted',
	);
	expect((run.error as { description?: string }).description).toContain(
		"The code's read answered no code, so its changes were searched from the team's start",
	);
});

it("keeps a 403 refusal's own description (the role hint) when capped changes cannot tell", async () => {
	const live = {
		...STORED_CODE,
		teamId: 'team_1',
		updatedAt: Date.now() - 600_000,
		deleted: false,
	};
	const service = answering({
		'GET /api/qrs-api/teams/qr_1': ok(live),
		'DELETE /api/qrs-api/qr_1': refused(403, 'Forbidden'),
	});
	const run = await runAction('qrCode', 'delete', { qrCodeId: 'qr_1' }, (request) => {
		const { pathname } = new URL(request.url);
		return pathname.includes('/fromTime/') ? cappedFeed(pathname) : service(request);
	});

	// before: the description ended at the changes' words, the role hint dropped
	expect((run.error as { description?: string }).description).toMatch(
		/held the code: .* check the code in QRTRAC\. The API client's role may not do this: check the role of the API client/,
	);
});
