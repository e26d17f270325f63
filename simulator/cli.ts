import { parseArgs } from 'node:util';
import {
	LIMIT_SHAPE_KINDS,
	LIMIT_WINDOWS,
	LIST_DRIFT_SWITCHES,
	RESET_FORMATS,
	SHAPE_DRIFTS,
	UPDATED_AT_FORMATS,
	startSimulator,
	type LimitShapeKind,
	type LimitWindow,
	type PlanName,
	type ResetFormat,
	type ShapeDrift,
	type SimplePlanName,
	type UpdatedAtFormat,
} from './index';

/**
 * `npm run simulator -- --port 0 --plan Agency --latency-ms 30`: starts the seeded simulator and prints one JSON
 * line {url, teamId, clientId, clientSecret, apiKey} on stdout first; stops on SIGTERM/SIGINT.
 */
const PLANS = ['Business Plus', 'Legendary', 'Agency', 'Premium', 'Enterprise'];
const SIMPLE_PLANS = ['Pro', 'Agency'];

function planOf<T extends string>(
	value: string | undefined,
	names: string[],
	flag: string,
): T | number | undefined {
	if (value === undefined) return undefined;
	if (names.includes(value)) return value as T;
	const rate = Number(value);
	if (!Number.isInteger(rate) || rate < 1)
		throw new Error(`${flag} must be one of ${names.join(', ')} or a positive integer`);
	return rate;
}

function integerOf(value: string | undefined, flag: string): number | undefined {
	if (value === undefined) return undefined;
	const number = Number(value);
	if (!Number.isInteger(number) || number < 0)
		throw new Error(`${flag} must be a non-negative integer`);
	return number;
}

async function main(): Promise<void> {
	const { values } = parseArgs({
		options: {
			port: { type: 'string' },
			plan: { type: 'string' },
			'simple-plan': { type: 'string' },
			'latency-ms': { type: 'string' },
			quota: { type: 'string' },
			'reset-format': { type: 'string' },
			'limit-window': { type: 'string' },
			'limit-shape': { type: 'string' },
			'limit-offset-ms': { type: 'string' },
			'count-refused': { type: 'boolean' },
			'retry-after': { type: 'boolean' },
			'from-time-inclusive': { type: 'boolean' },
			'no-seed': { type: 'boolean' },
			'put-semantics': { type: 'string' },
			'shape-drift': { type: 'string' },
			'list-drift': { type: 'string' },
			'page-size-cap': { type: 'string' },
			'total-below': { type: 'string' },
			'list-lag-ms': { type: 'string' },
			'list-stale-ms': { type: 'string' },
			'updated-at-format': { type: 'string' },
			'from-time-cap': { type: 'string' },
			'scan-cap': { type: 'string' },
			'scan-fill-in-ms': { type: 'string' },
			'clock-offset-ms': { type: 'string' },
			'image-base-url': { type: 'string' },
			'retry-after-seconds': { type: 'string' },
			'reset-delay-seconds': { type: 'string' },
			'date-lag-ms': { type: 'string' },
			'trickle-ms': { type: 'string' },
			'huge-answer-bytes': { type: 'string' },
			'echo-secrets': { type: 'boolean' },
			'echo-encoded-secrets': { type: 'boolean' },
			'no-success-flag': { type: 'boolean' },
			'omit-empty-lists': { type: 'boolean' },
			'exact-emails': { type: 'boolean' },
			'bulk-add-in-order': { type: 'boolean' },
			'scan-codes': { type: 'string' },
			'scans-per-code': { type: 'string' },
			'total-scans': { type: 'string' },
			'scan-days': { type: 'string' },
			'scan-seed': { type: 'string' },
			verbose: { type: 'boolean' },
		},
	});
	const resetFormat = values['reset-format'];
	if (resetFormat !== undefined && !RESET_FORMATS.includes(resetFormat as ResetFormat)) {
		throw new Error(`--reset-format must be one of ${RESET_FORMATS.join(', ')}`);
	}
	const putSemantics = values['put-semantics'];
	if (putSemantics !== undefined && putSemantics !== 'merge' && putSemantics !== 'replace') {
		throw new Error('--put-semantics must be merge or replace');
	}
	const shapeDrift = (values['shape-drift'] ?? '').split(',').filter(Boolean);
	const unknownDrift = shapeDrift.find(
		(drift) => !(SHAPE_DRIFTS as readonly string[]).includes(drift),
	);
	if (unknownDrift)
		throw new Error(`--shape-drift takes a comma-separated list of ${SHAPE_DRIFTS.join(', ')}`);
	const listDrift = (values['list-drift'] ?? '').split(',').filter(Boolean);
	if (listDrift.some((drift) => !(LIST_DRIFT_SWITCHES as readonly string[]).includes(drift)))
		throw new Error(
			`--list-drift takes a comma-separated list of ${LIST_DRIFT_SWITCHES.join(', ')}`,
		);
	const updatedAtFormat = values['updated-at-format'];
	if (
		updatedAtFormat !== undefined &&
		!UPDATED_AT_FORMATS.includes(updatedAtFormat as UpdatedAtFormat)
	) {
		throw new Error(`--updated-at-format must be one of ${UPDATED_AT_FORMATS.join(', ')}`);
	}
	const clockOffset = values['clock-offset-ms'];
	if (clockOffset !== undefined && clockOffset !== 'none' && !Number.isInteger(Number(clockOffset)))
		throw new Error('--clock-offset-ms must be an integer (negative allowed) or none');
	const limitWindow = values['limit-window'];
	if (limitWindow !== undefined && !LIMIT_WINDOWS.includes(limitWindow as LimitWindow)) {
		throw new Error(`--limit-window must be one of ${LIMIT_WINDOWS.join(', ')}`);
	}
	const limitShape = values['limit-shape'] ?? 'fixed';
	if (!LIMIT_SHAPE_KINDS.includes(limitShape as LimitShapeKind))
		throw new Error(`--limit-shape must be one of ${LIMIT_SHAPE_KINDS.join(', ')}`);
	const scanCodes = integerOf(values['scan-codes'], '--scan-codes');
	const simulator = await startSimulator({
		port: integerOf(values.port, '--port'),
		plan: planOf<PlanName>(values.plan, PLANS, '--plan'),
		simplePlan: planOf<SimplePlanName>(values['simple-plan'], SIMPLE_PLANS, '--simple-plan'),
		latencyMs: integerOf(values['latency-ms'], '--latency-ms'),
		quota: integerOf(values.quota, '--quota'),
		resetFormat: resetFormat as ResetFormat | undefined,
		limitWindow: limitWindow as LimitWindow | undefined,
		limitShape: {
			kind: limitShape as LimitShapeKind,
			offsetMs: integerOf(values['limit-offset-ms'], '--limit-offset-ms'),
			countRefused: values['count-refused'],
		},
		retryAfter: values['retry-after'],
		fromTimeInclusive: values['from-time-inclusive'],
		seed: !values['no-seed'],
		putSemantics,
		shapeDrift: shapeDrift as ShapeDrift[],
		listDrift: {
			...Object.fromEntries(listDrift.map((drift) => [drift, true])),
			pageSizeCap: integerOf(values['page-size-cap'], '--page-size-cap'),
			totalBelow: integerOf(values['total-below'], '--total-below'),
			listLagMs: integerOf(values['list-lag-ms'], '--list-lag-ms'),
			listStaleMs: integerOf(values['list-stale-ms'], '--list-stale-ms'),
		},
		changeDrift: {
			...(updatedAtFormat ? { updatedAtFormat: updatedAtFormat as UpdatedAtFormat } : {}),
			fromTimeCap: integerOf(values['from-time-cap'], '--from-time-cap'),
			scanCap: integerOf(values['scan-cap'], '--scan-cap'),
			scanFillInMs: integerOf(values['scan-fill-in-ms'], '--scan-fill-in-ms') ?? 0,
			clockOffsetMs:
				clockOffset === undefined ? 0 : clockOffset === 'none' ? null : Number(clockOffset),
		},
		imageBaseUrl: values['image-base-url'],
		exactEmails: values['exact-emails'],
		bulkAddInOrder: values['bulk-add-in-order'],
		answerModes: {
			retryAfterSeconds: integerOf(values['retry-after-seconds'], '--retry-after-seconds'),
			resetDelaySeconds: integerOf(values['reset-delay-seconds'], '--reset-delay-seconds'),
			dateLagMs: integerOf(values['date-lag-ms'], '--date-lag-ms'),
			trickleMs: integerOf(values['trickle-ms'], '--trickle-ms'),
			hugeAnswerBytes: integerOf(values['huge-answer-bytes'], '--huge-answer-bytes'),
			echoSecrets: values['echo-secrets'],
			echoEncodedSecrets: values['echo-encoded-secrets'],
			noSuccessFlag: values['no-success-flag'],
			omitEmptyLists: values['omit-empty-lists'],
		},
		scanVolume:
			scanCodes === undefined
				? undefined
				: {
						codes: scanCodes,
						scansPerCode: integerOf(values['scans-per-code'], '--scans-per-code'),
						totalScans: integerOf(values['total-scans'], '--total-scans'),
						days: integerOf(values['scan-days'], '--scan-days'),
						seed: integerOf(values['scan-seed'], '--scan-seed'),
					},
		log: values.verbose ? (line) => process.stderr.write(`${line}\n`) : undefined,
	});
	process.stdout.write(`${JSON.stringify({ url: simulator.url, ...simulator.credentials })}\n`);
	const stop = () => {
		simulator.close().then(
			() => process.exit(0),
			() => process.exit(1),
		);
	};
	process.once('SIGTERM', stop);
	process.once('SIGINT', stop);
}

main().catch((error: Error) => {
	process.stderr.write(`simulator: ${error.message}\n`);
	process.exit(1);
});
