/**
 * One budget of QR codes held in an n8n process: the sync's snapshots (teamCodes.ts) and the walks behind the
 * look-up of a refused create (teamListings.ts) count against the same ceiling, and read the feed from one rule.
 */
import { feedFrom, heldCodes, TeamCodes } from '../../../../nodes/shared/teamCodes';
import { TakenDisplayIdLookUp } from '../../../../nodes/shared/teamListings';
import { fakeContext, ok, refused } from '../../../support/fakeContext';
import { sleepOnFakeClock } from '../../../support/sleepOnFakeClock';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));
// pacing slots come on a fake clock instead of a spin on the real one
sleepOnFakeClock();

const codes = Array.from({ length: 3 }, (_, index) => ({
	id: `qr_${index}`,
	teamId: 'team_1',
	displayId: `d${index}`,
	name: `Code ${index}`,
	qrType: 'WEB',
	qrRedirectUrl: 'https://example.com',
	createdAt: 1_732_000_000_000 + index,
	updatedAt: 1_732_000_000_000 + index,
}));

describe('the codes held in the process', () => {
	it('count the sync snapshot and the look-up walk of a team in one budget', async () => {
		const { ctx } = fakeContext({ answers: () => ok({ qrs: codes, totalCount: codes.length }) });
		const before = heldCodes.size;

		const sync = new TeamCodes(ctx, { purpose: () => 'the test', held: true });
		expect(await sync.take(undefined, 'd0', 0)).toMatchObject({ id: 'qr_0' });
		// The snapshot holds the 2 codes no row took.
		expect(heldCodes.size - before).toBe(2);

		const lookUp = new TakenDisplayIdLookUp(ctx);
		const walked = await lookUp.read({ displayId: 'd1', teamId: undefined, itemIndex: 0 }, false);

		expect(walked.code).toMatchObject({ id: 'qr_1' });
		// Before (r111): the walk's 3 codes were held beside the ceiling, in a store of their own.
		expect(heldCodes.size - before).toBe(5);
	});

	it('the look-up reads the changes since a walk from where the sync reads its feed: 15 s before, on the service clock', async () => {
		// a minute behind n8n's clock, to the second as a Date header is (one more than a day off is not believed)
		const date = new Date(Math.floor(Date.now() / 1_000) * 1_000 - 60_000).toUTCString();
		const { ctx } = fakeContext({
			answers: () => ok({ qrs: codes, totalCount: codes.length }, { date }),
		});

		const walked = await new TakenDisplayIdLookUp(ctx).read(
			{ displayId: 'd2', teamId: undefined, itemIndex: 0 },
			false,
		);

		expect(walked.changesFrom).toBe(Date.parse(date) - 15_001);
		expect(feedFrom(Date.parse(date))).toBe(walked.changesFrom);
	});

	it('a team read again once per run: rows share it, later reads take it, a failed one leaves the earlier list', async () => {
		let lists = 0;
		let live = codes;
		const { ctx, sent } = fakeContext({
			answers: () => {
				lists += 1;
				return ok({ qrs: live, totalCount: live.length });
			},
		});
		const selection = new TeamCodes(ctx, { purpose: () => 'the test', held: false });
		expect((await selection.all(undefined, 0)).map((code) => code.id)).toEqual([
			'qr_0',
			'qr_1',
			'qr_2',
		]);
		live = codes.slice(1);

		const [first, second] = await Promise.all([
			selection.allAgain(undefined, 0),
			selection.allAgain(undefined, 1),
		]);
		expect(await selection.allAgain(undefined, 2)).toEqual(second);

		expect(first.map((code) => code.id)).toEqual(['qr_1', 'qr_2']);
		expect(second).toEqual(first);
		expect(lists).toBe(2);
		expect((await selection.all(undefined, 3)).map((code) => code.id)).toEqual(['qr_1', 'qr_2']);
		expect(sent).toHaveLength(2);

		let failingLists = 0;
		const { ctx: failing } = fakeContext({
			answers: () =>
				++failingLists === 2
					? refused(400, 'Not now')
					: ok({ qrs: codes, totalCount: codes.length }),
		});
		const other = new TeamCodes(failing, { purpose: () => 'the test', held: false });
		expect(await other.all(undefined, 0)).toHaveLength(3);
		await expect(other.allAgain(undefined, 0)).rejects.toThrow();
		expect(await other.all(undefined, 1)).toHaveLength(3);
	});
});
