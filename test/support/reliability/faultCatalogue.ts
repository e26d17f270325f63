import type { FaultRule } from '../../../simulator';

/**
 * The faults of issue 7, at realistic rates, applied to EVERY request of the team under test (reads, writes and
 * the look-ups that settle unknown outcomes alike). Seeded, so a run repeats exactly the same pattern.
 */
export interface FaultCase {
	name: string;
	/** What the simulator does, in words, for the report. */
	description: string;
	rules: FaultRule[];
	/** The credential's request timeout; only the stall needs a short one. */
	timeoutSeconds?: number;
}

/** Share of requests hit by the per-request faults. */
export const FAULT_RATE = 0.07;

const perRequest = (rule: Omit<FaultRule, 'probability' | 'seed'>, seed: number): FaultRule => ({
	...rule,
	probability: FAULT_RATE,
	seed,
});

export const FAULT_CASES: readonly FaultCase[] = [
	{
		name: '429 storm',
		description:
			'every request refused with 429 for a stretch of 15% of the rows (150 of 1,000), then 10% of requests refused',
		rules: [
			{ kind: 'rateLimit', skip: 100, count: 150 },
			{ kind: 'rateLimit', probability: 0.1, seed: 11 },
		],
	},
	{
		name: '500',
		description: `HTTP 500 before the write, ${FAULT_RATE * 100}% of requests`,
		rules: [perRequest({ kind: 'status', status: 500 }, 12)],
	},
	{
		name: '502',
		description: `HTTP 502 HTML gateway page, ${FAULT_RATE * 100}% of requests`,
		rules: [perRequest({ kind: 'status', status: 502 }, 13)],
	},
	{
		name: '503',
		description: `HTTP 503 HTML gateway page, ${FAULT_RATE * 100}% of requests`,
		rules: [perRequest({ kind: 'status', status: 503 }, 14)],
	},
	{
		name: '500 after commit',
		description: `the write is stored, then HTTP 500, ${FAULT_RATE * 100}% of requests`,
		rules: [perRequest({ kind: 'status', status: 500, afterWrite: true }, 15)],
	},
	{
		name: 'reset before commit',
		description: `connection dropped before the write, ${FAULT_RATE * 100}% of requests`,
		rules: [perRequest({ kind: 'reset' }, 16)],
	},
	{
		name: 'reset after commit',
		description: `the write is stored, then the connection is dropped, ${FAULT_RATE * 100}% of requests`,
		rules: [perRequest({ kind: 'reset', afterWrite: true }, 17)],
	},
	{
		name: 'stall past timeout',
		description: `answer held 2 s (the credential times out after 1 s; the request still runs after the stall), ${FAULT_RATE * 100}% of requests`,
		rules: [perRequest({ kind: 'stall', delayMs: 2000 }, 18)],
		timeoutSeconds: 1,
	},
	{
		name: 'malformed JSON',
		description: `the write is stored, then 200 with truncated JSON, ${FAULT_RATE * 100}% of requests`,
		rules: [perRequest({ kind: 'malformedJson', afterWrite: true }, 19)],
	},
	{
		name: 'success:false with 200',
		description: `200 {success:false, message} without a write, ${FAULT_RATE * 100}% of requests`,
		rules: [perRequest({ kind: 'softError' }, 20)],
	},
];

/**
 * The rules of a fault for a run of `rows` rows: the 429 storm's stretch of refusals is 15% of the rows (150 at
 * 1,000 rows, as in RELIABILITY.md) and starts after 10% of them, so that a short CI run is not one long storm.
 */
export function rulesFor(fault: FaultCase, rows: number): FaultRule[] {
	if (fault.name !== '429 storm') return fault.rules;
	const [stretch, ...rest] = fault.rules;
	return [
		{ ...stretch, skip: Math.round(rows * 0.1), count: Math.max(10, Math.round(rows * 0.15)) },
		...rest,
	];
}
