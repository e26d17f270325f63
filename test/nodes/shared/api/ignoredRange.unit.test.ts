/**
 * When the scan walk (analytics.ts `walkBulkScans`) stops splitting a capped answer (ignoredRange.ts): only when
 * both halves split by time got the very events of their slice, one of them more than RANGE_SLACK_MS outside it.
 * A service comparing the range in whole seconds, whose halves within a second answer alike, is still walked to
 * the end; the engine test `ignoredScanRange.engine.test.ts` runs a service ignoring the range through n8n.
 */
import * as api from '../../../../nodes/shared/api';
import {
	checkHalf,
	eventBeyondRange,
	RANGE_SLACK_MS,
	type SplitFrom,
} from '../../../../nodes/shared/api/ignoredRange';
import type { ScanSlice } from '../../../../nodes/shared/cappedAnswers';
import { fakeContext, NODE, ok, type SentRequest } from '../../../support/fakeContext';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

const T = Date.UTC(2026, 10, 20, 12, 0, 0);
const scanAt = (scanTime: number, qrId = 'q1') => ({ qrId, scanTime });
const slice = (startTime: number, endTime: number, qrIds = ['q1']): ScanSlice => ({
	qrIds,
	startTime,
	endTime,
});

describe('checkHalf', () => {
	const parent = slice(T, T + 9_999);
	const events = Array.from({ length: 100 }, (_, index) => scanAt(T + index));
	const far = [...events.slice(1), scanAt(T + 9_999 + RANGE_SLACK_MS + 1)];
	const source = {
		node: NODE,
		operation: 'Get Scans for Codes (POST /analytics-api/detailed/all)',
	};
	const [first, second] = [slice(T, T + 4_999), slice(T + 5_000, T + 9_999)];

	it('fails when both halves got the very events of their slice, one far outside it', () => {
		const split: SplitFrom = { slice: parent, answered: far };
		checkHalf(source, split, first, [...far].reverse());
		expect(() => checkHalf(source, split, second, far)).toThrow(
			"QRTRAC's answer to Get Scans for Codes (POST /analytics-api/detailed/all) does not keep to the asked range",
		);
	});

	it('lets one alike half be split on: a service keeping the oldest N answers the first half so', () => {
		const split: SplitFrom = { slice: parent, answered: far };
		checkHalf(source, split, first, far);
		expect(() => checkHalf(source, split, second, events)).not.toThrow();
		const later: SplitFrom = { slice: parent, answered: far };
		checkHalf(source, later, first, events);
		expect(() => checkHalf(source, later, second, far)).not.toThrow();
	});

	it('lets a service comparing whole seconds be split on (events a second outside the slice)', () => {
		const answered = events.map((event) => scanAt(event.scanTime - 1_000));
		const split: SplitFrom = { slice: parent, answered };
		checkHalf(source, split, first, answered);
		expect(() => checkHalf(source, split, second, answered)).not.toThrow();
	});

	it('sees no alike half in a split by codes (the same range)', () => {
		const both = slice(T, T, ['q1', 'q2']);
		expect(eventBeyondRange({ slice: both, answered: far }, slice(T, T), far)).toBeUndefined();
	});
});

describe('walkBulkScans against a service comparing whole seconds, answers capped at 100', () => {
	it('reads every scan of a burst in one second, without stopping early', async () => {
		const burst = Array.from({ length: 151 }, (_, index) => scanAt(T + 200 + index * 3));
		const { ctx } = fakeContext({
			answers: (request: SentRequest) => {
				if (request.method === 'GET') return ok(burst);
				const { startTime, endTime } = request.body as { startTime: number; endTime: number };
				const from = Math.floor(startTime / 1000) * 1000;
				const to = Math.floor(endTime / 1000) * 1000 + 999;
				return ok(burst.filter((s) => s.scanTime >= from && s.scanTime <= to).slice(0, 100));
			},
		});
		const found: number[] = [];

		await api.walkBulkScans(
			ctx,
			{ qrIds: ['q1'], startTime: T - 60_000, endTime: T + 60_000 },
			(scans) => found.push(...scans.map((scan) => scan.scanTime)),
		);

		expect(found.sort((a, b) => a - b)).toEqual(burst.map((scan) => scan.scanTime));
	});
});
