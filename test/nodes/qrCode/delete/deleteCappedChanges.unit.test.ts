/**
 * QR Code > Delete of a code refused as not there, checked against a team's changes whose answers look capped
 * (api/deletions.ts `deletedAmong`): the walk forward, its bound, and the error when it cannot tell.
 */
import { answering, runAction, STORED_CODE } from '../../../support/actionRequests';
import {
	fakeContext,
	ok,
	refused,
	type FakeAnswer,
	type SentRequest,
} from '../../../support/fakeContext';
import { sleepOnFakeClock } from '../../../support/sleepOnFakeClock';
import { isOutcomeUnknown } from '../../../../nodes/shared/outcomeMarks';
import { Qrtrac } from '../../../../nodes/Qrtrac/Qrtrac.node';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));
// pacing slots come on a fake clock instead of a spin on the real one
sleepOnFakeClock();

/** qr_1 as the team's read shows it, live since `updatedAt`. */
const liveCode = (updatedAt = Date.now() - 600_000) => ({
	...STORED_CODE,
	teamId: 'team_1',
	updatedAt,
	deleted: false,
});

/** `count` other live codes of the team, changed `step` ms apart from `from`. */
const otherCodes = (count: number, from: number, step: number) =>
	Array.from({ length: count }, (_, index) => ({
		id: `qr_other_${index}`,
		teamId: 'team_1',
		updatedAt: from + index * step,
		deleted: false,
	}));

/** The answers of a Delete run: a read of the team's changes by `changesAfter(fromTime)`, the rest by `rest`. */
function deleteAnswers(
	changesAfter: (fromTime: number) => FakeAnswer,
	rest: (request: SentRequest) => FakeAnswer,
): (request: SentRequest) => FakeAnswer {
	return (request) => {
		const from = /\/fromTime\/(\d+)$/.exec(new URL(request.url).pathname);
		return from === null ? rest(request) : changesAfter(Number(from[1]));
	};
}

const runDelete = (
	changesAfter: (fromTime: number) => FakeAnswer,
	rest: (request: SentRequest) => FakeAnswer,
	qrCodeId = 'qr_1',
) => runAction('qrCode', 'delete', { qrCodeId }, deleteAnswers(changesAfter, rest));

/** qr_1's read answered `live`, its DELETE refused. */
const deleteRefused = (live: object, status: number, message: string) =>
	answering({
		'GET /api/qrs-api/teams/qr_1': ok(live),
		'DELETE /api/qrs-api/qr_1': refused(status, message),
	});

/** A DELETE whose first answer is lost and whose retry is refused; every other request reads `live`. */
function lostThenRefused(live: object, status: number, message: string) {
	const counts = { deletes: 0 };
	const rest = (request: SentRequest): FakeAnswer =>
		request.method !== 'DELETE'
			? ok(live)
			: ++counts.deletes === 1
				? { networkError: 'ECONNRESET' }
				: refused(status, message);
	return { counts, rest };
}

/** A service keeping the oldest 100 of `changes` after fromTime. */
const oldest100 = (changes: Array<{ updatedAt: number }>) => (fromTime: number) =>
	ok(
		changes
			.filter((code) => code.updatedAt > fromTime)
			.sort((a, b) => a.updatedAt - b.updatedAt)
			.slice(0, 100),
	);

/** Every changes answer: 10 other codes a ms apart after fromTime (looks capped, never holds the code). */
const cappedFeed = (fromTime: number) => ok(otherCodes(10, fromTime + 1, 1));

const descriptionOf = (error: unknown) =>
	(error as { description?: string } | undefined)?.description;

it("is unchanged when a capped answer holds only a bulk change in the minute before the code's version, walking on from the newest held", async () => {
	// times ending in 1 ms, written to the ms: the walk restarts a ms before the newest held
	const version = Math.floor((Date.now() - 600_000) / 1_000) * 1_000 + 1;
	const live = liveCode(version);
	// 150 other codes changed in the minute before the code's version, 100 ms apart; the code deleted 5 minutes later
	const feed = oldest100([
		...otherCodes(150, version - 59_000, 100),
		{ ...live, updatedAt: version + 300_000, deleted: true },
	]);
	const fromTimes: number[] = [];
	const run = await runDelete(
		(fromTime) => (fromTimes.push(fromTime), feed(fromTime)),
		deleteRefused(live, 410, 'Gone'),
	);

	// before: one read, then "cannot tell" (a read from the code's version less the slack was the one just made)
	expect(run.error?.message).toBeUndefined();
	expect(run.output?.[0][0].json).toEqual({ deleted: true, id: 'qr_1', result: 'unchanged' });
	expect(fromTimes.map((at) => at - version)).toEqual([-60_000, -49_101]);
});

it('reads the changes at most 10 times for an item whose code is refused 410 in a team of 6,000 changes capped to the oldest 100', async () => {
	const feed = oldest100(otherCodes(6_000, Date.now() - 30 * 86_400_000, 60_000));
	let feedReads = 0;
	const run = await runDelete(
		(fromTime) => (feedReads++, feed(fromTime)),
		() => refused(410, 'Gone'),
		'qr_a',
	);

	expect(feedReads).toBe(10);
	expect(run.error?.message).toBe(
		'QRTRAC refused QR code "qr_a" (410 Gone); the team\'s changes cannot tell whether it was deleted',
	);
	// before: the description did not say why a done Delete's re-run could not reach the deletion
	expect(descriptionOf(run.error)).toContain(
		"The code's version is not known (its read was refused, or showed no change time), so its changes were searched from the team's start, and only about the first 1,000 could be read.",
	);
});

it('finds a deletion a capped answer left out in the second its newest change is rounded up to', async () => {
	const version = Math.floor((Date.now() - 600_000) / 1_000) * 1_000;
	const live = liveCode(version);
	// exact times: 100 others at +10.000..+10.099 s, the code deleted at +10.500 s (all shown as +11 s)
	const exact = [
		...otherCodes(100, version + 10_000, 1),
		{ ...live, updatedAt: version + 10_500, deleted: true },
	];
	const fromTimes: number[] = [];
	const run = await runDelete(
		(fromTime) => {
			fromTimes.push(fromTime);
			return ok(
				exact
					.filter((code) => code.updatedAt > fromTime)
					.sort((a, b) => a.updatedAt - b.updatedAt)
					.slice(0, 100)
					.map((code) => ({ ...code, updatedAt: Math.ceil(code.updatedAt / 1_000) * 1_000 })),
			);
		},
		deleteRefused(live, 410, 'Gone'),
	);

	// before: the second read started 1 ms before the rounded +11 s and missed the deletion at +10.5 s
	expect(fromTimes.map((at) => at - version)).toEqual([-60_000, 10_000]);
	expect(run.error?.message).toBeUndefined();
	expect(run.output?.[0][0].json).toEqual({ deleted: true, id: 'qr_1', result: 'unchanged' });
});

it('keeps a 403 refusal\'s status and words, not "a code not there", when capped changes cannot tell (a live code, a role)', async () => {
	const version = Date.now() - 600_000;
	const live = liveCode(version);
	const changes = [live, ...otherCodes(200, version + 1_000, 1_000)];
	const run = await runDelete(
		// a service keeping the newest 100
		(fromTime) => ok(changes.filter((code) => code.updatedAt > fromTime).slice(-100)),
		deleteRefused(live, 403, 'Your role may not delete codes'),
	);

	expect(run.error).toMatchObject({ httpCode: '403' });
	expect(run.error?.message).toBe(
		'QRTRAC refused QR code "qr_1" (403 Your role may not delete codes); the team\'s changes cannot tell whether it was deleted',
	);
	expect(descriptionOf(run.error)).toMatch(
		/answered 100 codes, a size that looks capped .*, and no read of them \(at most 10, each from later on\) held the code/,
	);
});

it('says a later read of the changes failed, not only that the answer looked capped, when that ended the walk', async () => {
	const version = Date.now() - 600_000;
	const others = otherCodes(100, version - 30_000, 100);
	let feedReads = 0;
	const run = await runDelete(
		() => (++feedReads === 1 ? ok(others) : refused(400, 'Bad fromTime')),
		deleteRefused(liveCode(version), 410, 'Gone'),
	);

	expect(feedReads).toBe(2);
	expect(run.error).toMatchObject({ httpCode: '410' });
	expect(descriptionOf(run.error)).toMatch(
		/answered 100 codes, a size that looks capped .*, and the read of the changes after it failed \(.*Bad fromTime.*\): the code's deletion may be among them/,
	);
});

it('reads the changes at most 10 times per check for an item whose DELETE answer was lost and whose retry is refused 410', async () => {
	let feedReads = 0;
	const { counts, rest } = lostThenRefused(liveCode(), 410, 'Gone');
	const run = await runDelete((fromTime) => (feedReads++, cappedFeed(fromTime)), rest);

	// the lost answer's check of the last 15 minutes, then Delete's own from the code's version: 10 each at most
	expect(counts.deletes).toBe(2);
	expect(feedReads).toBe(20);
	expect(run.error).toMatchObject({ httpCode: '410' });
	expect(run.error?.message).toMatch(/the team's changes cannot tell whether it was deleted/);
	expect(descriptionOf(run.error)).toMatch(/a size that looks capped.*its answer was lost/);
});

it('v1.1 (no own check): a DELETE whose answer was lost, refused 410 on retry, with capped changes fails saying they cannot tell', async () => {
	let feedReads = 0;
	const { counts, rest } = lostThenRefused(
		{ ...STORED_CODE, teamId: 'team_1', deleted: false },
		410,
		'Gone',
	);
	const { ctx } = fakeContext({
		parameters: { resource: 'qrCode', operation: 'delete', qrCodeId: 'qr_1' },
		typeVersion: 1.1,
		answers: deleteAnswers((fromTime) => (feedReads++, cappedFeed(fromTime)), rest),
	});
	const error = await new Qrtrac().execute.call(ctx).then(
		() => undefined,
		(thrown: unknown) => thrown as { message?: string; description?: string },
	);

	// before (55f3b8b): "the state read afterwards is not what was asked, so this refusal stands"
	expect(counts.deletes).toBe(2);
	expect(feedReads).toBe(10);
	expect(error?.description).toMatch(
		/its answer was lost.*the team's changes cannot tell whether it was deleted: .*a size that looks capped/,
	);
	expect(`${error?.message} ${error?.description}`).not.toMatch(/not what was asked/);
});

it.each([1, 1.1])(
	'v%s (no own check): a DELETE whose answer was lost, refused 410 on retry, whose changes read fails says they cannot tell',
	async (typeVersion) => {
		let feedReads = 0;
		const { counts, rest } = lostThenRefused(liveCode(), 410, 'Gone');
		const { ctx } = fakeContext({
			parameters: { resource: 'qrCode', operation: 'delete', qrCodeId: 'qr_1' },
			typeVersion,
			answers: deleteAnswers(() => (feedReads++, refused(403, 'Forbidden')), rest),
		});
		const error = await new Qrtrac().execute.call(ctx).then(
			() => undefined,
			(thrown: unknown) => thrown as { message?: string; description?: string },
		);

		// before: "the state read afterwards is not what was asked, so this refusal stands"
		expect(counts.deletes).toBe(2);
		expect(feedReads).toBe(1);
		expect(error).toMatchObject({ httpCode: '410' });
		expect(error?.description).toMatch(
			/its answer was lost.*the state could not be read to tell \(its read failed: .*Forbidden/,
		);
		expect(`${error?.message} ${error?.description}`).not.toMatch(/not what was asked/);
		expect(isOutcomeUnknown(error)).toBe(true);
	},
);

it("is unchanged when the lost DELETE did delete the code and only the lost answer's check of the changes failed", async () => {
	const live = liveCode();
	const deletedAt = Date.now() - 1_000;
	let feedReads = 0;
	const { counts, rest } = lostThenRefused(live, 404, 'Not found');
	const run = await runDelete(
		// one refusal of the changes read, then the changes hold the code deleted
		() =>
			++feedReads === 1
				? refused(400, 'Bad fromTime')
				: ok([{ ...live, updatedAt: deletedAt, deleted: true }]),
		rest,
	);

	// before (232dea3, the refusal not checked twice): the item failed "Not found"
	expect(counts.deletes).toBe(2);
	expect(run.error?.message).toBeUndefined();
	expect(run.output?.[0]?.[0]?.json).toMatchObject({ deleted: true, result: 'unchanged' });
});

it('says QRTRAC answered no code, not that it refused, when a read without a code is left undecided', async () => {
	const run = await runDelete(cappedFeed, () => ok());

	// before: 'QRTRAC refused QR code "qr_1" (QRTRAC answered Get QR Code … without a code); …'
	expect(run.error?.message).toBe(
		'QRTRAC answered no code for "qr_1"; the team\'s changes cannot tell whether it was deleted',
	);
	expect(descriptionOf(run.error)).toContain(
		"The code's read answered no code, so its changes were searched from the team's start",
	);
});

it("keeps a 403 refusal's own description (the role hint) when capped changes cannot tell", async () => {
	const run = await runDelete(cappedFeed, deleteRefused(liveCode(), 403, 'Forbidden'));

	// before: the description ended at the changes' words, the role hint dropped
	expect(descriptionOf(run.error)).toMatch(
		/held the code: .* check the code in QRTRAC\. The API client's role may not do this: check the role of the API client/,
	);
});
