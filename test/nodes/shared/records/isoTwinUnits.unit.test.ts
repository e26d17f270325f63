/**
 * The ISO twins of a code's times (`createdAtIso`, `updatedAtIso`) are read in the unit the number's size shows
 * (eventTime.ts), as every other read of these times is: the contract types them as integers, and a time in
 * seconds written out as milliseconds would put the code in January 1970. The same for the per-code summaries'
 * twins (`createdAtIso`, `lastScanTimeIso`).
 */
import { describeCodeSummaries } from '../../../../nodes/shared/records/scanRows';
import { simplifyQr, withLinkAndTimes } from '../../../../nodes/shared/records/simplify';

const code = { id: 'qr_1', displayId: 'spring', qrType: 'WEB' };

it('reads epoch seconds as seconds', () => {
	const simple = simplifyQr({ ...code, createdAt: 1735689600, updatedAt: 1735689660 });

	expect(simple.createdAtIso).toBe('2025-01-01T00:00:00.000Z');
	expect(simple.updatedAtIso).toBe('2025-01-01T00:01:00.000Z');
	expect(simple.createdAt).toBe(1735689600);
});

it('still reads epoch milliseconds as milliseconds', () => {
	expect(withLinkAndTimes({ ...code, createdAt: 1735689600000 }).createdAtIso).toBe(
		'2025-01-01T00:00:00.000Z',
	);
});

it('gives no twin for a number that is no sane time in any unit', () => {
	expect(withLinkAndTimes({ ...code, createdAt: 42 })).not.toHaveProperty('createdAtIso');
});

describe('per-code summaries (Get Totals)', () => {
	it('read lastScanTime and createdAt in their unit for the ISO twins, keeping the numbers as sent', () => {
		const [row] = describeCodeSummaries(
			[{ id: 'qr_1', totalScans: 3, createdAt: 1735689600, updatedAt: 1735689660 }],
			[],
			'id',
		);

		expect(row).toMatchObject({
			createdAt: 1735689600,
			createdAtIso: '2025-01-01T00:00:00.000Z',
			lastScanTime: 1735689660,
			lastScanTimeIso: '2025-01-01T00:01:00.000Z',
		});
	});

	it('give null twins for a number that is no sane time in any unit', () => {
		const [row] = describeCodeSummaries([{ id: 'qr_1', totalScans: 0, createdAt: 42 }], [], 'id');

		expect(row.createdAtIso).toBeNull();
		expect(row.lastScanTimeIso).toBeNull();
	});

	it("give a code never scanned no lastScanTime: its updatedAt may be the record's time, not a scan's", () => {
		const [never, scanned] = describeCodeSummaries(
			[
				{ id: 'qr_1', totalScans: 0, updatedAt: 1735689660000 },
				{ id: 'qr_2', totalScans: 2, updatedAt: 1735689660000 },
			],
			[],
			'id',
		);

		expect(never).toMatchObject({ lastScanTime: null, lastScanTimeIso: null });
		expect(scanned).toMatchObject({
			lastScanTime: 1735689660000,
			lastScanTimeIso: '2025-01-01T00:01:00.000Z',
		});
	});
});
