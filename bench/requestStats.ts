import type { LoggedRequest } from '../simulator';

/** What the simulator saw of one job: the authority for counts, statuses and timing (not the client's word). */
export interface RequestStats {
	requests: number;
	/** Requests answered 429 (rate limit). */
	answered429: number;
	/** Requests without an answer (connection dropped or still pending when the job ended). */
	unanswered: number;
	/** First request of the job to the last answer, in ms (0 when nothing was sent). */
	wallMs: number;
	/** Epoch ms of the first request and of the last answer (undefined when nothing was sent). */
	firstRequestAt?: number;
	lastAnswerAt?: number;
	/** Requests per operationId, e.g. `createQr`, `getTeamQrsPaginated`. */
	byOperation: Record<string, number>;
	/** Accepted (2xx) requests per operationId. */
	acceptedByOperation: Record<string, number>;
	/** Requests per status code ("none" for no answer). */
	byStatus: Record<string, number>;
	/** Highest number of accepted requests in one fixed 1-second window (the simulator's windows). */
	peakAcceptedPerWindow: number;
	/** Accepted requests in each 1-second window from the job's first to its last (shows ramp-up and stalls). */
	acceptedPerWindow: number[];
}

const WRITE_OPERATIONS = new Set([
	'createQr',
	'updateQr',
	'deleteQr',
	'duplicateQr',
	'updateQrTags',
	'updateQrTitle',
]);

/** Counts the requests the simulator logged for one team (the team of the job). */
export function requestStats(log: readonly LoggedRequest[], teamId: string): RequestStats {
	const entries = log.filter(
		(entry) => entry.teamId === teamId || entry.headers['x-request-team-id'] === teamId,
	);
	const byOperation: Record<string, number> = {};
	const acceptedByOperation: Record<string, number> = {};
	const byStatus: Record<string, number> = {};
	const acceptedPerWindow = new Map<number, number>();
	let first = Number.POSITIVE_INFINITY;
	let last = 0;
	for (const entry of entries) {
		const operation = entry.operationId ?? `${entry.method} ${entry.path}`;
		byOperation[operation] = (byOperation[operation] ?? 0) + 1;
		const status = entry.status === undefined ? 'none' : String(entry.status);
		byStatus[status] = (byStatus[status] ?? 0) + 1;
		if (entry.status !== undefined && entry.status >= 200 && entry.status < 300) {
			acceptedByOperation[operation] = (acceptedByOperation[operation] ?? 0) + 1;
			const window = Math.floor(entry.startedAt / 1000);
			acceptedPerWindow.set(window, (acceptedPerWindow.get(window) ?? 0) + 1);
		}
		first = Math.min(first, entry.startedAt);
		last = Math.max(last, entry.endedAt ?? entry.startedAt);
	}
	return {
		requests: entries.length,
		answered429: byStatus['429'] ?? 0,
		unanswered: byStatus.none ?? 0,
		wallMs: entries.length > 0 ? last - first : 0,
		firstRequestAt: entries.length > 0 ? first : undefined,
		lastAnswerAt: entries.length > 0 ? last : undefined,
		byOperation,
		acceptedByOperation,
		byStatus,
		peakAcceptedPerWindow: Math.max(0, ...acceptedPerWindow.values()),
		acceptedPerWindow: windowSeries(acceptedPerWindow),
	};
}

function windowSeries(counts: Map<number, number>): number[] {
	if (counts.size === 0) return [];
	const windows = [...counts.keys()];
	const first = Math.min(...windows);
	return Array.from(
		{ length: Math.max(...windows) - first + 1 },
		(_, offset) => counts.get(first + offset) ?? 0,
	);
}

/** Accepted writes (create, update, delete, ...) among the stats' requests. */
export function acceptedWrites(stats: RequestStats): number {
	return Object.entries(stats.acceptedByOperation)
		.filter(([operation]) => WRITE_OPERATIONS.has(operation))
		.reduce((sum, [, count]) => sum + count, 0);
}

/** All write requests sent (accepted or not). */
export function writeRequests(stats: RequestStats): number {
	return Object.entries(stats.byOperation)
		.filter(([operation]) => WRITE_OPERATIONS.has(operation))
		.reduce((sum, [, count]) => sum + count, 0);
}
