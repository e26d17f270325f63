/**
 * The change cursor over a long seeded run (400 polls with bursts, late writes, inclusive and exclusive boundaries,
 * the cursor stored as JSON between polls): every version visible at a poll reported exactly once.
 */
import {
	advanceCursor,
	queryFromTime,
	startCursor,
	type ChangeCursor,
	type VersionedRecord,
} from '../../../nodes/QrtracTrigger/changeCursor';
import { answer, code } from './cursorRecords';

describe('changeCursor', () => {
	it('reports every version visible at a poll exactly once through many polls, late writes and JSON round trips', () => {
		const store = new Map<string, VersionedRecord>();
		const written = new Set<string>();
		let cursor: ChangeCursor = startCursor(0);
		const reported: string[] = [];
		const visible = new Set<string>();
		let clock = 1_000;
		let sequence = 0;
		for (let step = 0; step < 400; step++) {
			const burst = 1 + (step % 7);
			const stamp = step % 5 === 0 ? clock - 400 : clock;
			for (let i = 0; i < burst; i++) {
				const id = `qr${(sequence++ * 7) % 50}`;
				if (written.has(`${id}@${stamp}`)) continue;
				store.set(id, code(id, stamp));
				written.add(`${id}@${stamp}`);
			}
			if (step % 3 === 0) clock += 1 + (step % 4);
			for (const record of store.values()) visible.add(`${record.id}@${record.updatedAt}`);
			const polled = answer([...store.values()], queryFromTime(cursor), step % 2 === 0);
			const result = advanceCursor(cursor, polled, { overlapMs: 1_000, maxSeen: 10_000 });
			reported.push(
				...result.changes.map((change) => `${change.record.id}@${change.record.updatedAt}`),
			);
			cursor = JSON.parse(JSON.stringify(result.cursor)) as ChangeCursor;
		}
		expect(reported.length).toBeGreaterThan(1_000);
		expect(new Set(reported).size).toBe(reported.length);
		expect([...reported].sort()).toEqual([...visible].sort());
	});
});
