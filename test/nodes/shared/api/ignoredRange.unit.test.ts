/**
 * When the scan walk (analytics.ts `walkBulkScans`) stops splitting a capped answer (ignoredRange.ts): only when
 * both halves split by time got the very events of their slice, one of them more than RANGE_SLACK_MS outside it.
 * A service comparing the range in whole seconds, whose halves within a second answer alike, is still walked to
 * the end (ignoredRange.model.test.ts), by codes only once a short slice's halves answer alike (`halvesAlike`);
 * the engine test `ignoredScanRange.engine.test.ts` runs a service ignoring
 * the range through n8n.
 */
import {
	checkHalf,
	eventBeyondRange,
	halvesAlike,
	RANGE_SLACK_MS,
	type SplitFrom,
} from '../../../../nodes/shared/api/ignoredRange';
import type { ScanSlice } from '../../../../nodes/shared/cappedAnswers';
import { NODE } from '../../../support/fakeContext';

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
	// the item's asked range, of which `parent` is a part
	const range = { startTime: T - 86_400_000, endTime: T + 86_400_000 };

	it('fails when both halves got the very events of their slice, one far outside it', () => {
		const split: SplitFrom = { slice: parent, answered: far, range };
		checkHalf(source, split, first, [...far].reverse());
		expect(() => checkHalf(source, split, second, far)).toThrow(
			"QRTRAC's answer to Get Scans for Codes (POST /analytics-api/detailed/all) does not keep to the asked range",
		);
	});

	it("names the item's asked range, and the slice as a part of it", () => {
		const split: SplitFrom = { slice: parent, answered: far, range };
		checkHalf(source, split, first, far);
		let description = '';
		try {
			checkHalf(source, split, second, far);
		} catch (error) {
			description = (error as { description?: string }).description ?? '';
		}
		const iso = (ms: number) => new Date(ms).toISOString();
		expect(description).toContain(
			`Expected the events between ${iso(range.startTime)} and ${iso(range.endTime)}, asked in parts: ` +
				`of its part between ${iso(T)} and ${iso(T + 9_999)}`,
		);
	});

	it('lets one alike half be split on: a service keeping the oldest N answers the first half so', () => {
		const split: SplitFrom = { slice: parent, answered: far, range };
		checkHalf(source, split, first, far);
		expect(() => checkHalf(source, split, second, events)).not.toThrow();
		const later: SplitFrom = { slice: parent, answered: far, range };
		checkHalf(source, later, first, events);
		expect(() => checkHalf(source, later, second, far)).not.toThrow();
	});

	it('lets a service comparing whole seconds be split on (events a second outside the slice)', () => {
		const answered = events.map((event) => scanAt(event.scanTime - 1_000));
		const split: SplitFrom = { slice: parent, answered, range };
		checkHalf(source, split, first, answered);
		expect(() => checkHalf(source, split, second, answered)).not.toThrow();
	});

	it('sees no alike half in a split by codes (the same range)', () => {
		const both = slice(T, T, ['q1', 'q2']);
		expect(
			eventBeyondRange({ slice: both, answered: far, range }, slice(T, T), far),
		).toBeUndefined();
	});
});

describe('halvesAlike', () => {
	const range = { startTime: T - 86_400_000, endTime: T + 86_400_000 };
	// one second's newest 100 events, as a service comparing whole seconds answers any part of that second
	const second = Array.from({ length: 100 }, (_, index) => scanAt(T + 200 + index * 3));
	const parent = slice(T, T + 999);
	const halves = [slice(T, T + 350), slice(T + 351, T + 999)] as const;

	it('sees a service comparing whole seconds: both halves got the second, each with events outside it', () => {
		const split: SplitFrom = { slice: parent, answered: second, range };
		expect(halvesAlike(split, halves, [second, [...second].reverse()])).toBe(true);
	});

	it('takes no events of the millisecond each half was asked wider for a sign: a service keeping the range', () => {
		// 100 events on the two milliseconds both halves were asked (T + 350 and T + 351)
		const onEdge = Array.from({ length: 100 }, (_, index) => scanAt(T + 350 + (index % 2)));
		const split: SplitFrom = { slice: parent, answered: onEdge, range };
		expect(halvesAlike(split, halves, [onEdge, onEdge])).toBe(false);
	});

	it('sees nothing in a slice as long as twice the slack: it may hold other scans of its codes', () => {
		const long = slice(T, T + 2 * RANGE_SLACK_MS);
		const parts = [
			slice(T, T + RANGE_SLACK_MS),
			slice(T + RANGE_SLACK_MS + 1, T + 2 * RANGE_SLACK_MS),
		] as const;
		// 100 events across the halves' border, each half answered all of them
		const outside = Array.from({ length: 100 }, (_, index) =>
			scanAt(T + RANGE_SLACK_MS - 50 + index),
		);
		const split: SplitFrom = { slice: long, answered: outside, range };
		expect(halvesAlike(split, parts, [outside, outside])).toBe(false);
	});

	it('needs both halves alike, and halves split by time', () => {
		const split: SplitFrom = { slice: parent, answered: second, range };
		expect(halvesAlike(split, halves, [second, second.slice(1)])).toBe(false);
		const byCodes = [slice(T, T + 999, ['q1']), slice(T, T + 999, ['q2'])] as const;
		const two: SplitFrom = { slice: slice(T, T + 999, ['q1', 'q2']), answered: second, range };
		expect(halvesAlike(two, byCodes, [second, second])).toBe(false);
	});
});
