/**
 * New Scans' list lag bound (watchedScans.ts): the codes the change feed brought since the team was last listed
 * (`unlisted`) are kept with the service's present of the answer that brought them, apart from `joined`, and
 * stored while a list may still lag behind them; a state saved before the times were kept loads as brought now.
 */
import { loadNewScansState } from '../../../nodes/QrtracTrigger/triggerState';
import { unlistedAsLoaded, unlistedToKeep } from '../../../nodes/QrtracTrigger/watchedScans';

const PRESENT = Date.UTC(2026, 0, 15, 12);
const MINUTE = 60_000;

function savedWith(unlisted: unknown) {
	return {
		newScans: {
			scope: 'team:t1',
			codes: { floor: 0 },
			codeIds: ['qr_a', 'qr_b'],
			unlisted,
			idsFilter: 'none',
			scans: { floor: 0, seen: {} },
		},
	};
}

it('loads an array saved before the times were kept as brought at the loading poll, and a record as saved', () => {
	const old = loadNewScansState(savedWith(['qr_a']), 'team:t1');
	expect(old).toBeDefined();
	expect([...unlistedAsLoaded(old!.unlisted, PRESENT)]).toEqual([['qr_a', PRESENT]]);
	const saved = loadNewScansState(savedWith({ qr_a: PRESENT - MINUTE }), 'team:t1');
	expect([...unlistedAsLoaded(saved!.unlisted, PRESENT)]).toEqual([['qr_a', PRESENT - MINUTE]]);
	expect([...unlistedAsLoaded(undefined, PRESENT)]).toEqual([]);
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
