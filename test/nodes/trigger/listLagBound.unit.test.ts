/**
 * New Scans' list lag bound (watchedScans.ts): the codes the change feed brought since the team was last listed
 * (`unlisted`) are kept with their change on the service's clock (`listLagFrom`), apart from `joined`, and stored
 * while a list may still lag behind them; a state saved before the times were kept loads as brought at its last
 * check, the same at every poll that loads it.
 */
import { loadNewScansState } from '../../../nodes/QrtracTrigger/triggerState';
import {
	listLagFrom,
	unlistedAsLoaded,
	unlistedToKeep,
} from '../../../nodes/QrtracTrigger/watchedScans';

const PRESENT = Date.UTC(2026, 0, 15, 12);
const MINUTE = 60_000;
/** Saved states of this file hold no service (as before it was kept): taken as read where the trigger reads. */
const WHERE = { scope: 'team:t1', service: 'http://127.0.0.1:1' };

function savedWith(unlisted: unknown, codes: object = { floor: 0 }, checkedAtDate?: number) {
	return {
		newScans: {
			scope: 'team:t1',
			codes,
			codeIds: ['qr_a', 'qr_b'],
			unlisted,
			...(checkedAtDate === undefined ? {} : { checkedAtDate }),
			idsFilter: 'none',
			scans: { floor: 0, seen: {} },
		},
	};
}

it('loads an array saved before the times were kept as brought at its last check, and a record as saved', () => {
	const checked = loadNewScansState(savedWith(['qr_a'], { floor: 0 }, PRESENT - 2 * MINUTE), WHERE);
	expect(checked).toBeDefined();
	// every poll loading it (a failed poll saves nothing) reads the same time, whatever its own present
	for (const present of [PRESENT, PRESENT + 16 * MINUTE])
		expect([...unlistedAsLoaded(checked!, present)]).toEqual([['qr_a', PRESENT - 2 * MINUTE]]);
	const undated = loadNewScansState(
		savedWith(['qr_a'], { floor: 0, highWater: PRESENT - 3 * MINUTE }),
		WHERE,
	);
	expect([...unlistedAsLoaded(undated!, PRESENT)]).toEqual([['qr_a', PRESENT - 3 * MINUTE]]);
	expect([...unlistedAsLoaded(loadNewScansState(savedWith(['qr_a']), WHERE)!, PRESENT)]).toEqual([
		['qr_a', PRESENT],
	]);
	const saved = loadNewScansState(savedWith({ qr_a: PRESENT - MINUTE }), WHERE);
	expect([...unlistedAsLoaded(saved!, PRESENT)]).toEqual([['qr_a', PRESENT - MINUTE]]);
	expect([...unlistedAsLoaded(loadNewScansState(savedWith(undefined), WHERE)!, PRESENT)]).toEqual(
		[],
	);
});

it("measures from a code's change on the service's clock, never past the answer's Date", () => {
	expect(listLagFrom({ updatedAt: PRESENT - MINUTE }, PRESENT)).toBe(PRESENT - MINUTE);
	expect(listLagFrom({ updatedAt: PRESENT - MINUTE }, undefined)).toBe(PRESENT - MINUTE);
	expect(listLagFrom({ updatedAt: PRESENT + MINUTE }, PRESENT)).toBe(PRESENT);
});

it('stores the watched codes brought up to 15 minutes ago, whatever the Overlap Window', () => {
	const unlisted = new Map([
		['qr_a', PRESENT - MINUTE],
		['qr_b', PRESENT - 15 * MINUTE],
		['qr_c', PRESENT - 16 * MINUTE],
		['qr_gone', PRESENT - MINUTE],
	]);
	expect(unlistedToKeep(unlisted, ['qr_a', 'qr_b', 'qr_c'], PRESENT)).toEqual({
		qr_a: PRESENT - MINUTE,
		qr_b: PRESENT - 15 * MINUTE,
	});
});

it('keeps every code while no time of the service is known', () => {
	const unlisted = new Map([['qr_a', PRESENT - 60 * MINUTE]]);
	expect(unlistedToKeep(unlisted, ['qr_a'], undefined)).toEqual({ qr_a: PRESENT - 60 * MINUTE });
});
