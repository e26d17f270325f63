import {
	advanceCursor,
	pruneSeen,
	queryFromTime,
	startCursor,
	type ChangeCursor,
	type VersionedRecord,
} from '../../../nodes/QrtracTrigger/changeCursor';
import { answer, code } from './cursorRecords';

const limits = { overlapMs: 1_000, maxSeen: 100 };

describe('changeCursor', () => {
	it('asks one below the floor, so an exclusive boundary still returns records stamped at the floor', () => {
		expect(queryFromTime(startCursor(5_000))).toBe(4_999);
		expect(queryFromTime(startCursor(0))).toBe(0);
	});

	it('reports each new version once and moves the high-water mark to the largest updatedAt returned', () => {
		const first = advanceCursor(
			startCursor(1_000),
			[code('b', 2_000), code('a', 2_000), code('c', 1_500)],
			limits,
		);
		expect(first.changes.map((change) => change.record.id)).toEqual(['c', 'a', 'b']);
		expect(first.cursor.highWater).toBe(2_000);
		expect(first.cursor.floor).toBe(1_000);

		const again = advanceCursor(
			first.cursor,
			[code('a', 2_000), code('b', 2_000), code('c', 1_500)],
			limits,
		);
		expect(again.changes).toEqual([]);
	});

	it('never re-reports a boundary record whether the service answers inclusively or exclusively', () => {
		for (const inclusive of [true, false]) {
			const store = [code('a', 3_000), code('b', 3_000)];
			let cursor = startCursor(2_000);
			const reported: string[] = [];
			for (let poll = 0; poll < 4; poll++) {
				const result = advanceCursor(
					cursor,
					answer(store, queryFromTime(cursor), inclusive),
					limits,
				);
				reported.push(
					...result.changes.map((change) => `${change.record.id}@${change.record.updatedAt}`),
				);
				cursor = result.cursor;
				if (poll === 1) store.push(code('c', 3_000));
			}
			expect(reported.sort()).toEqual(['a@3000', 'b@3000', 'c@3000']);
		}
	});

	it('catches a write that commits late with an updatedAt below the high-water mark, within the overlap', () => {
		const first = advanceCursor(startCursor(0), [code('a', 10_000)], limits);
		const late = code('b', 9_200);
		const second = advanceCursor(first.cursor, [code('a', 10_000), late], limits);
		expect(second.changes.map((change) => change.record.id)).toEqual(['b']);
	});

	it('ignores records below the floor (outside the window) instead of reporting them again', () => {
		const cursor: ChangeCursor = { floor: 9_000, highWater: 10_000, seen: { '10000': ['a'] } };
		const result = advanceCursor(cursor, [code('old', 8_999), code('a', 10_000)], limits);
		expect(result.changes).toEqual([]);
		expect(result.cursor.seen).toEqual({ '10000': ['a'] });
	});

	it('tells a deletion in the same millisecond as the update before it apart from that update', () => {
		const first = advanceCursor(startCursor(0), [code('a', 5_000)], limits);
		const second = advanceCursor(first.cursor, [code('a', 5_000, { deleted: true })], limits);
		expect(second.changes).toEqual([
			{ kind: 'deleted', record: code('a', 5_000, { deleted: true }) },
		]);
	});

	it('classifies created, updated and deleted', () => {
		const cursor: ChangeCursor = { floor: 9_000, highWater: 10_000, seen: { '9500': ['known'] } };
		const result = advanceCursor(
			cursor,
			[
				code('fresh', 10_100, { createdAt: 10_100 }),
				code('createdThenEdited', 10_200, { createdAt: 10_050 }),
				code('known', 10_300, { createdAt: 9_400 }),
				code('old', 10_400, { createdAt: 1_000 }),
				code('gone', 10_500, { createdAt: 10_500, deleted: true }),
			],
			limits,
		);
		expect(result.changes.map((change) => `${change.record.id}:${change.kind}`)).toEqual([
			'fresh:created',
			'createdThenEdited:created',
			'known:updated',
			'old:updated',
			'gone:deleted',
		]);
	});

	it('reports a code created once when one poll brings two of its versions', () => {
		// A capped answer's list read can hold a later version of a code the answer has too (it changed between the
		// two reads); a feed answering one record per change does so always.
		const result = advanceCursor(
			{ floor: 9_000, highWater: 10_000, seen: {} },
			[
				code('new', 10_100, { createdAt: 10_100 }),
				code('new', 10_200, { createdAt: 10_100 }),
				code('new', 10_300, { createdAt: 10_100, deleted: true }),
				code('edited', 10_150, { createdAt: 10_050 }),
				code('edited', 10_250, { createdAt: 10_050 }),
			],
			limits,
		);
		expect(result.changes.map((change) => `${change.record.id}:${change.kind}`)).toEqual([
			'new:created',
			'edited:created',
			'new:updated',
			'edited:updated',
			'new:deleted',
		]);
	});

	it('raises the floor to the overlap below the high-water mark and keeps only versions at or above it', () => {
		const result = advanceCursor(
			startCursor(0),
			[code('a', 1_000), code('b', 5_000), code('c', 5_600)],
			limits,
		);
		expect(result.cursor).toEqual({
			floor: 4_600,
			highWater: 5_600,
			seen: { '5000': [expect.stringMatching(/^b ~/)], '5600': [expect.stringMatching(/^c ~/)] },
		});
	});

	it('tells an edit stamped with the time of a version already reported apart by its listed content', () => {
		const first = advanceCursor(startCursor(0), [code('a', 5_000, { name: 'One' })], limits);
		const reread = advanceCursor(first.cursor, [code('a', 5_000, { name: 'One' })], limits);
		const edited = advanceCursor(first.cursor, [code('a', 5_000, { name: 'Two' })], limits);
		// A version handled before digests were kept (a bare id) is not reported again, whatever it shows.
		const stored: ChangeCursor = { floor: 4_000, highWater: 5_000, seen: { '5000': ['a'] } };
		const legacy = advanceCursor(stored, [code('a', 5_000, { name: 'Two' })], limits);

		expect(first.changes).toHaveLength(1);
		expect(reread.changes).toEqual([]);
		expect(edited.changes.map((change) => `${change.kind} ${String(change.record.name)}`)).toEqual([
			'updated Two',
		]);
		expect(legacy.changes).toEqual([]);
	});

	it('never lowers the floor, even when a poll returns nothing newer', () => {
		const cursor: ChangeCursor = { floor: 7_000, highWater: 8_000, seen: {} };
		expect(advanceCursor(cursor, [], { ...limits, overlapMs: 5_000 }).cursor.floor).toBe(7_000);
	});

	it('bounds the seen set by dropping whole oldest milliseconds and raising the floor to the oldest kept', () => {
		const cursor: ChangeCursor = {
			floor: 0,
			highWater: 300,
			seen: { '100': ['a', 'b'], '200': ['c', 'd'], '300': ['e', 'f'] },
		};
		expect(pruneSeen(cursor, 4)).toEqual({
			floor: 200,
			highWater: 300,
			seen: { '200': ['c', 'd'], '300': ['e', 'f'] },
		});
		expect(pruneSeen(cursor, 1)).toEqual({
			floor: 300,
			highWater: 300,
			seen: { '300': ['e', 'f'] },
		});
	});

	it('skips records without an id or a numeric updatedAt', () => {
		const records = [
			{ id: '', updatedAt: 5 },
			{ id: 'x' },
			{ id: 'y', updatedAt: Number.NaN },
			code('ok', 10),
		];
		const result = advanceCursor(startCursor(0), records as VersionedRecord[], limits);
		expect(result.changes.map((change) => change.record.id)).toEqual(['ok']);
	});

	it('does not modify the cursor it is given', () => {
		const cursor: ChangeCursor = { floor: 0, seen: { '5': ['a'] } };
		const snapshot = JSON.stringify(cursor);
		advanceCursor(cursor, [code('a', 5), code('b', 6)], limits);
		expect(JSON.stringify(cursor)).toBe(snapshot);
	});
});
