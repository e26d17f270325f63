import type { IExecuteFunctions } from 'n8n-workflow';
import { z } from 'zod';

import { presetRange, TIME_RANGE_PRESETS, timeBoundSchema, type TimeRange, type TimeRangePreset } from './time';

/** Zod fields of the Time Range form; add them to an operation's input object and finish it with `withCustomRange`. */
export function timeRangeShape(withAllTime: boolean) {
	const presets = TIME_RANGE_PRESETS.filter((preset) => withAllTime || preset !== 'allTime') as [TimeRangePreset, ...TimeRangePreset[]];
	return {
		timeRange: z.enum(presets, { errorMap: () => ({ message: `must be one of ${presets.join(', ')}` }) }).describe('Time Range'),
		startTime: z.unknown().describe('Start'),
		endTime: z.unknown().describe('End'),
	};
}

interface RawRange {
	timeRange: TimeRangePreset;
	startTime?: unknown;
	endTime?: unknown;
}

/**
 * Turns the raw Start/End of a custom range into epoch milliseconds, refusing bad dates, epoch seconds and a
 * start after the end. Presets stay presets: they are resolved when the item runs.
 */
export function withCustomRange(timezone: string) {
	return <T extends RawRange>(value: T, ctx: z.RefinementCtx): Omit<T, 'startTime' | 'endTime'> & { custom?: TimeRange } => {
		const { startTime, endTime, ...rest } = value;
		if (value.timeRange !== 'custom') return rest;
		const start = timeBoundSchema('start', timezone).safeParse(startTime);
		if (!start.success) {
			ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['startTime'], message: start.error.issues[0].message });
			return z.NEVER;
		}
		const end = timeBoundSchema('end', timezone).safeParse(endTime);
		if (!end.success) {
			ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['endTime'], message: end.error.issues[0].message });
			return z.NEVER;
		}
		if (start.data > end.data) {
			ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['endTime'], message: 'must not be before "Start"' });
			return z.NEVER;
		}
		return { ...rest, custom: { startTime: start.data, endTime: end.data } };
	};
}

/** Raw Time Range parameters of one item; Start and End exist only for a custom range. */
export function timeRangeInput(ctx: IExecuteFunctions, itemIndex: number, fallback: TimeRangePreset): RawRange {
	const timeRange = ctx.getNodeParameter('timeRange', itemIndex, fallback) as TimeRangePreset;
	if (timeRange !== 'custom') return { timeRange, startTime: undefined, endTime: undefined };
	return {
		timeRange,
		startTime: ctx.getNodeParameter('startTime', itemIndex, ''),
		endTime: ctx.getNodeParameter('endTime', itemIndex, ''),
	};
}

/** The range an item covers when it runs at `now`; undefined means no bound (All Time). */
export function resolveTimeRange(
	input: { timeRange: TimeRangePreset; custom?: TimeRange },
	now: number,
	timezone: string,
): TimeRange | undefined {
	if (input.timeRange === 'custom') return input.custom;
	return presetRange(input.timeRange, now, timezone);
}
