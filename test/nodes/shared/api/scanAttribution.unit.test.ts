/**
 * Answers about several codes whose records leave out the code's ID (`ScanData.qrId`, the totals' `id`: optional
 * in the contract): never attributed by a guess, asked again one code per request, and once met, every later
 * question of the same read one code per request (scanAttribution.ts), through the scan walk and the totals.
 */
import * as api from '../../../../nodes/shared/api';
import { CodeAttribution, lacksCode } from '../../../../nodes/shared/api/scanAttribution';
import { fakeContext, ok, type SentRequest } from '../../../support/fakeContext';
import { sleepOnFakeClock } from '../../../support/sleepOnFakeClock';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));
// pacing slots come on a fake clock instead of a spin on the real one
sleepOnFakeClock();

const asked = (request: SentRequest) => (request.body as { qrIds: string[] }).qrIds;
/** Scan times a little before now (a sane time: eventTime.ts). */
const T = Date.now() - 3_600_000;

describe('the rule', () => {
	it('a record lacks its code only when the field is absent', () => {
		expect(lacksCode({ scanTime: 1 }, 'qrId')).toBe(true);
		expect(lacksCode({ qrId: undefined }, 'qrId')).toBe(true);
		expect(lacksCode({ qrId: 'a' }, 'qrId')).toBe(false);
		// null or another value is the shape's to refuse, not a code to find
		expect(lacksCode({ qrId: null }, 'qrId')).toBe(false);
		expect(lacksCode({ qrId: 'a' }, 'id')).toBe(true);
		expect(lacksCode('text', 'qrId')).toBe(false);
	});

	it('cannot attribute an answer about several codes holding such a record, and then asks one code at a time', () => {
		const attribution = new CodeAttribution('qrId');
		const named = [{ qrId: 'a' }, { qrId: 'b' }];

		expect(attribution.perCode(['a', 'b'])).toBe(false);
		expect(attribution.cannotAttribute(['a', 'b'], named)).toBe(false);
		expect(attribution.cannotAttribute(['a'], [{ scanTime: 1 }])).toBe(false);
		expect(attribution.cannotAttribute(['a', 'b'], undefined)).toBe(false);
		expect(attribution.perCode(['a', 'b'])).toBe(false);

		expect(attribution.cannotAttribute(['a', 'b'], [{ qrId: 'a' }, { scanTime: 1 }])).toBe(true);
		expect(attribution.perCode(['c', 'd'])).toBe(true);
		expect(attribution.perCode(['c'])).toBe(false);
	});
});

describe('Get Scans for Codes (the walk)', () => {
	it('drops an answer it cannot attribute and asks each code, also when the service omits qrId only sometimes', async () => {
		const events: Record<string, { qrId: string; scanTime: number }[]> = {
			a: [{ qrId: 'a', scanTime: T + 10 }],
			b: [
				{ qrId: 'b', scanTime: T + 11 },
				{ qrId: 'b', scanTime: T + 12 },
			],
			c: [],
		};
		let omitted = false;
		const { ctx, sent } = fakeContext({
			answers: (request) => {
				const found = asked(request).flatMap((id) => events[id]);
				if (asked(request).length === 1 || omitted) return ok(found);
				omitted = true;
				return ok(found.map(({ scanTime }) => ({ scanTime })));
			},
		});

		const scans = await api.getBulkQrAnalytics(ctx, {
			qrIds: ['a', 'b', 'c'],
			startTime: T,
			endTime: T + 100,
		});

		expect(scans.map((scan) => [scan.qrId, scan.scanTime])).toEqual([
			['a', T + 10],
			['b', T + 11],
			['b', T + 12],
		]);
		expect(sent.map(asked)).toEqual([['a', 'b', 'c'], ['a'], ['b'], ['c']]);
	});

	it('asks the next 100 codes one per request straight away', async () => {
		const qrIds = Array.from({ length: 102 }, (_, index) => `qr_${index}`);
		const { ctx, sent } = fakeContext({
			answers: (request) =>
				ok(
					asked(request).length === 1
						? [{ qrId: asked(request)[0], scanTime: T + 5 }]
						: [{ scanTime: T + 5 }],
				),
		});

		const scans = await api.getBulkQrAnalytics(ctx, { qrIds, startTime: T, endTime: T + 9 });

		expect(scans.map((scan) => scan.qrId)).toEqual(qrIds);
		expect(sent.map((request) => asked(request).length)).toEqual([100, ...qrIds.map(() => 1)]);
	});

	it('still refuses an event of another code in a one-code answer', async () => {
		const { ctx } = fakeContext({
			answers: (request) =>
				ok(asked(request).length === 1 ? [{ qrId: 'z', scanTime: T + 5 }] : [{ scanTime: T + 5 }]),
		});

		await expect(
			api.getBulkQrAnalytics(ctx, { qrIds: ['a', 'b'], startTime: T, endTime: T + 9 }),
		).rejects.toMatchObject({
			message: expect.stringContaining('Get Scans for Codes'),
			description: expect.stringContaining('an event of code z, which was not asked for'),
		});
	});
});

describe('Get Scan Totals', () => {
	it('asks each code alone after rows without id, the next 100 codes straight away', async () => {
		const qrIds = Array.from({ length: 102 }, (_, index) => `qr_${index}`);
		const { ctx, sent } = fakeContext({
			answers: (request) => {
				const ids = asked(request);
				return ok(ids.length === 1 ? [{ totalScans: 3 }] : ids.map(() => ({ totalScans: 3 })));
			},
		});

		const totals = await api.getTotalScansOverview(ctx, { qrIds });

		expect(totals.map((row) => [row.id, row.totalScans])).toEqual(qrIds.map((id) => [id, 3]));
		expect(sent.map((request) => asked(request).length)).toEqual([100, ...qrIds.map(() => 1)]);
	});
});
