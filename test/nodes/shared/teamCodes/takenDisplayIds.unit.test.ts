import type { INode } from 'n8n-workflow';

import { TakenDisplayIds } from '../../../../nodes/shared/takenDisplayIds';

const ctx = {
	getNode: (): INode => ({
		id: 'n',
		name: 'QRTRAC',
		type: 'qrtrac',
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
	}),
};

describe('TakenDisplayIds: the feed gives a taken Display ID back only with a version later than every one seen', () => {
	it('v1 taken, v2 read by a later run: the feed showing v2 again keeps it taken, v3 gives it back', () => {
		const taken = new TakenDisplayIds();
		taken.started('a', 1_000);
		// a later run's look-up found v2 (the node's own write)
		taken.started('a', 2_000);
		expect(taken.givesBack('a', 2_000)).toBe(false);
		expect(taken.givesBack('a', 1_500)).toBe(false);
		expect(taken.givesBack('a', 3_000)).toBe(true);
	});

	it('an older version read after a newer one does not lower what was seen', () => {
		const taken = new TakenDisplayIds();
		taken.started('a', 2_000);
		taken.started('a', 1_000);
		expect(taken.givesBack('a', 1_500)).toBe(false);
		expect(taken.givesBack('a', 2_001)).toBe(true);
	});

	it('rows that started from no code: any readable version gives it back, an unreadable one never', () => {
		const taken = new TakenDisplayIds();
		taken.started('a', null);
		expect(taken.has('a')).toBe(true);
		expect(taken.givesBack('a', 1)).toBe(true);
		expect(taken.givesBack('a', undefined)).toBe(false);
	});

	it('a version seen without a readable time: nothing gives the Display ID back', () => {
		const taken = new TakenDisplayIds();
		taken.started('a', 1_000);
		taken.started('a', undefined);
		taken.started('a', 2_000);
		expect(taken.givesBack('a', Number.MAX_SAFE_INTEGER)).toBe(false);
	});

	it('read v1 by ID, wrote v2: a version between them keeps it taken, the written one (or later) gives it back', () => {
		const taken = new TakenDisplayIds();
		taken.started('a', 1_000);
		taken.started('a', 1_500);
		taken.wrote('a', 2_000);
		expect(taken.givesBack('a', 1_500)).toBe(false);
		expect(taken.givesBack('a', 1_999)).toBe(false);
		expect(taken.givesBack('a', 2_000)).toBe(true);
		expect(taken.givesBack('a', 2_500)).toBe(true);
	});

	it('a version read at the time of the write still needs a later one; a write without a readable time: never', () => {
		const taken = new TakenDisplayIds();
		taken.started('a', 2_000);
		taken.wrote('a', 2_000);
		expect(taken.givesBack('a', 2_000)).toBe(false);
		expect(taken.givesBack('a', 2_001)).toBe(true);
		taken.wrote('a', undefined);
		expect(taken.givesBack('a', 9_000)).toBe(false);
	});

	it('a write answered with a finer time than the one stored: a version later than the reads holding what was written gives it back', () => {
		const taken = new TakenDisplayIds<string>();
		taken.started('a', 1_000);
		taken.wrote('a', 100_345, (version) => version === 'written');
		expect(taken.givesBack('a', 100_000, 'written')).toBe(true);
		expect(taken.givesBack('a', 100_000, 'other')).toBe(false);
		// Never a version no later than a read, whatever it holds.
		expect(taken.givesBack('a', 1_000, 'written')).toBe(false);
	});

	it('a write answer without a readable time: only a version holding what was written gives it back', () => {
		const taken = new TakenDisplayIds<string>();
		taken.started('a', null);
		taken.wrote('a', undefined, (version) => version === 'written');
		expect(taken.givesBack('a', Number.MAX_SAFE_INTEGER, 'other')).toBe(false);
		expect(taken.givesBack('a', 5_000, 'written')).toBe(true);
		// A later write with a readable time brings the time rule back.
		taken.wrote('a', 6_000, (version) => version === 'again');
		expect(taken.givesBack('a', 6_000, 'other')).toBe(true);
		expect(taken.givesBack('a', 5_999, 'written')).toBe(false);
	});

	it("a version holding what was written but older than the write's second is another writer's: not given back", () => {
		const taken = new TakenDisplayIds<string>();
		taken.started('a', 1_000);
		taken.wrote('a', 100_345, (version) => version === 'written');
		// Stored in whole seconds: the write's own version.
		expect(taken.givesBack('a', 100_000, 'written')).toBe(true);
		// Another client wrote the same fields between our read and our write, and a lagging feed shows it.
		expect(taken.givesBack('a', 99_999, 'written')).toBe(false);
		expect(taken.givesBack('a', 50_000, 'written')).toBe(false);
	});

	it('a Display ID never taken, or released, is given back by nothing and named by nothing', () => {
		const taken = new TakenDisplayIds();
		expect(taken.givesBack('a', 1_000)).toBe(false);
		taken.started('a', 1_000);
		taken.started('b', 1_000);
		expect(taken.names()).toEqual(['a', 'b']);
		taken.release('a');
		expect(taken.has('a')).toBe(false);
		expect(taken.givesBack('a', 5_000)).toBe(false);
		expect(taken.names()).toEqual(['b']);
	});

	it('a row refused for another case only by Display IDs a row named; one the change feed alone took is only taken', () => {
		const taken = new TakenDisplayIds();
		taken.takenByFeed('Feed-X', 1_000);
		taken.started('Row-Y', 1_000);

		expect(taken.has('Feed-X')).toBe(true);
		expect(taken.otherCases('feed-x')).toEqual(['Feed-X']);
		expect(() => taken.refuseOtherCase(ctx, 'feed-x', 0)).not.toThrow();
		expect(() => taken.refuseOtherCase(ctx, 'row-y', 1)).toThrow(
			'Display ID "row-y" differs only in case from "Row-Y", which another row names',
		);
		// Once a row names it too, it refuses its other cases; released, nothing does.
		taken.started('Feed-X', 2_000);
		expect(() => taken.refuseOtherCase(ctx, 'feed-x', 0)).toThrow('"Feed-X"');
		taken.release('Feed-X');
		expect(taken.otherCases('feed-x')).toEqual([]);
		expect(() => taken.refuseOtherCase(ctx, 'feed-x', 0)).not.toThrow();
	});
});
