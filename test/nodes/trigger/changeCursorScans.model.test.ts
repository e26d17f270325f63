/**
 * The scan cursor over a long seeded stream (300 polls, each reading every scan of the overlap again): every scan
 * reported exactly once across polls, overlaps and restarts (the cursor stored as JSON between polls).
 */
import {
	queryFromTime,
	startCursor,
	type ChangeCursor,
} from '../../../nodes/QrtracTrigger/changeCursor';
import {
	advanceScanCursor,
	scanFingerprint,
	type ScanRecord,
} from '../../../nodes/QrtracTrigger/scanCursor';
import { scanLimits as limits, scan, TAG_KEY } from './cursorRecords';

describe('scan cursor', () => {
	it('reports every scan of a seeded stream exactly once across polls, overlaps and restarts', () => {
		const all: ScanRecord[] = [];
		let cursor: ChangeCursor = startCursor(0);
		const reported: string[] = [];
		let time = 1_000;
		for (let step = 0; step < 300; step++) {
			for (let i = 0; i < (step % 4) + 1; i++)
				all.push(
					scan(`qr_${i % 3}`, step % 6 === 0 ? time - 300 : time, i % 2 ? 'Paris' : 'Berlin'),
				);
			time += step % 3;
			const startTime = queryFromTime(cursor);
			const result = advanceScanCursor(
				cursor,
				all.filter((event) => event.scanTime >= startTime),
				limits,
			);
			reported.push(
				...result.scans.map((event) => `${event.scanTime} ${scanFingerprint(event, TAG_KEY)}`),
			);
			cursor = JSON.parse(JSON.stringify(result.cursor)) as ChangeCursor;
		}
		expect(reported.sort()).toEqual(
			all.map((event) => `${event.scanTime} ${scanFingerprint(event, TAG_KEY)}`).sort(),
		);
	});
});
