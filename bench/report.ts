import { SYNC_PHASE_LABELS, VARIANT_LABELS } from './jobs';
import type {
	BenchReport,
	CreateResult,
	JobResult,
	ListResult,
	ReadBaselineResult,
	SyncResult,
} from './results';

/** Issue 4's targets for this node. */
export const TARGETS = { minShareOfPlan: 0.97, max429Share: 0.01, listPageSize: 100 } as const;

const LIST_OPERATIONS = new Set(['getTeamQrsPaginated', 'getTeamQrsFromTime', 'getAllQrsFromTime']);

/** The whole report as markdown: one table per kind of job, then how to read it. */
export function renderMarkdown(report: BenchReport): string {
	const creates = report.results.filter(
		(result): result is CreateResult => result.kind === 'create',
	);
	const lists = report.results.filter((result): result is ListResult => result.kind === 'listAll');
	const syncs = report.results.filter((result): result is SyncResult => result.kind === 'sync');
	const baselines = report.results.filter(
		(result): result is ReadBaselineResult => result.kind === 'readBaseline',
	);
	const lines = [
		`# QRTRAC benchmark, ${report.startedAt.slice(0, 10)}${report.quick ? ' (quick smoke run, small sizes)' : ''}`,
		'',
		`Real n8n ${report.n8nVersion} (\`n8n execute\`, package installed from its tarball as a community package), ${report.nodeVersion}, ` +
			`against the local QRTRAC simulator with ${report.latencyMs} ms added to every answer. One fresh team per job, a 1.1 s pause before each. ` +
			`Started ${report.startedAt}, finished ${report.finishedAt}; ${report.machine.cpus} CPUs, load average ` +
			`${report.machine.loadAtStart.toFixed(1)} at start and ${report.machine.loadAtEnd.toFixed(1)} at end (other work on the machine slows n8n itself).`,
		'',
		...createSection(creates, report.requestedItems),
		...listSection(lists),
		...syncSection(syncs, report.syncSkipped),
		...readingSection(syncs, baselines),
	];
	if (report.failures.length > 0) {
		lines.push(
			'## Jobs that could not be measured',
			'',
			...report.failures.map((failure) => `- ${failure.job}: ${failure.message}`),
			'',
		);
	}
	lines.push(
		"Wall = first request to last answer of the job in the simulator's log. n8n = the execution's own start-to-stop time " +
			"(the node's part in brackets); before / after traffic = the node's time before its first request and after the last answer. Achieved = codes that exist afterwards / wall. Peak RSS = VmHWM of the `n8n execute` process. " +
			'See bench/README.md for how to read the ratios.',
		'',
	);
	return lines.join('\n');
}

function createSection(results: CreateResult[], requestedItems: number): string[] {
	if (results.length === 0) return [];
	const rows = results.map((result) => [
		String(result.rate),
		VARIANT_LABELS[result.variant],
		String(result.items),
		seconds(result.floorSeconds),
		seconds(result.wallSeconds),
		n8nTime(result),
		nodeOwnWork(result),
		result.achievedRate.toFixed(1),
		percent(result.achievedRate / result.rate),
		String(result.requests),
		`${result.answered429} (${percent(share429(result))})`,
		String(result.failedItems),
		megabytes(result.peakRssMb),
		result.variant === 'qrtrac' ? createTargetVerdict(result) : '',
	]);
	const lines = [
		'## Create N codes: QRTRAC node vs HTTP Request node (issue 4)',
		'',
		table(
			[
				'Plan (rps)',
				'Variant',
				'N',
				'Floor N/rate (s)',
				'Wall, sim (s)',
				'n8n (node) (s)',
				'Node before / after traffic (s)',
				'Achieved (codes/s)',
				'Achieved / plan',
				'Requests',
				'429s (share)',
				'Failed items',
				'Peak RSS (MB)',
				'Target',
			],
			rows,
		),
		'',
	];
	const scaled = results.filter(
		(result) =>
			result.items < requestedItems && result.variant === 'qrtrac' && result.achievedRate > 0,
	);
	for (const result of scaled) {
		lines.push(
			`- At ${result.rate} rps the jobs ran ${result.items} items instead of ${requestedItems} (floor capped, see --max-floor-seconds); ` +
				`scaled to ${requestedItems} items at the achieved rate the QRTRAC node needs about ${seconds(requestedItems / result.achievedRate)} s (floor ${seconds(requestedItems / result.rate)} s).`,
		);
	}
	const mismatched = results.filter(
		(result) => result.items - result.failedItems !== result.codesCreated,
	);
	for (const result of mismatched) {
		lines.push(
			`- ${VARIANT_LABELS[result.variant]} at ${result.rate} rps: n8n reported ${result.items - result.failedItems} items done, the simulator holds ${result.codesCreated} codes.`,
		);
	}
	for (const result of results.filter((candidate) => candidate.executionError)) {
		lines.push(
			`- ${VARIANT_LABELS[result.variant]} at ${result.rate} rps: execution error: ${result.executionError}`,
		);
	}
	if (lines[lines.length - 1] !== '') lines.push('');
	return lines;
}

function createTargetVerdict(result: CreateResult): string {
	const missed: string[] = [];
	if (result.achievedRate / result.rate < TARGETS.minShareOfPlan)
		missed.push(`rate < ${percent(TARGETS.minShareOfPlan)}`);
	if (result.failedItems > 0) missed.push('failed items');
	if (share429(result) >= TARGETS.max429Share)
		missed.push(`429s >= ${percent(TARGETS.max429Share)}`);
	return missed.length === 0 ? 'met' : `missed: ${missed.join(', ')}`;
}

function listSection(results: ListResult[]): string[] {
	if (results.length === 0) return [];
	const rows = results.map((result) => {
		const expectedRequests = Math.ceil(result.codes / TARGETS.listPageSize);
		const met =
			result.itemsReturned === result.codes &&
			result.requests <= expectedRequests &&
			result.failedItems === 0;
		return [
			String(result.rate),
			String(result.codes),
			String(result.itemsReturned),
			String(result.requests),
			String(result.answered429),
			seconds(result.wallSeconds),
			n8nTime(result),
			nodeOwnWork(result),
			megabytes(result.peakRssMb),
			`${met ? 'met' : 'missed'} (${result.codes} codes in ${expectedRequests} requests)`,
		];
	});
	return [
		'## Get Many, Return All',
		'',
		table(
			[
				'Plan (rps)',
				'Codes',
				'Items returned',
				'Requests',
				'429s',
				'Wall, sim (s)',
				'n8n (node) (s)',
				'Node before / after traffic (s)',
				'Peak RSS (MB)',
				'Target',
			],
			rows,
		),
		'',
	];
}

function syncSection(results: SyncResult[], skipped: string | undefined): string[] {
	const heading = '## Create or Update in sync mode (issue 8)';
	if (results.length === 0) return skipped ? [heading, '', `Not run: ${skipped}`, ''] : [];
	const rows = results.map((result) => {
		const list = sumOf(result.byOperation, (operation) => LIST_OPERATIONS.has(operation));
		return [
			SYNC_PHASE_LABELS[result.phase],
			String(result.rows),
			String(result.requests),
			String(list),
			String(result.byOperation.createQr ?? 0),
			String(result.byOperation.updateQr ?? 0),
			String(
				result.requests -
					list -
					(result.byOperation.createQr ?? 0) -
					(result.byOperation.updateQr ?? 0),
			),
			String(result.answered429),
			String(result.writes),
			seconds(result.wallSeconds),
			n8nTime(result),
			nodeOwnWork(result),
			String(result.failedItems),
			Object.entries(result.outcomes)
				.map(([outcome, count]) => `${outcome} ${count}`)
				.join(', '),
			megabytes(result.peakRssMb),
		];
	});
	return [
		heading,
		'',
		`Plan ${results[0].rate} rps, one team, the same ${results[0].rows} rows each run; sync mode switched on with: ${results[0].mode}.`,
		'',
		table(
			[
				'Run',
				'Rows',
				'Requests',
				'List',
				'Creates',
				'Updates',
				'Other',
				'429s',
				'Accepted writes',
				'Wall, sim (s)',
				'n8n (node) (s)',
				'Node before / after traffic (s)',
				'Failed',
				'Row outcomes',
				'Peak RSS (MB)',
			],
			rows,
		),
		'',
	];
}

/**
 * Issue 12: the sync runs against what reading the same rows costs inside n8n (its Set node, same expressions)
 * and against what sending needs at the plan's rate. Targets: the first run within 1.15 x max(Set node, N / rate),
 * the unchanged re-run within 1.5 x the Set node, peak memory within 1.5 x the Set node job's.
 */
function readingSection(syncs: SyncResult[], baselines: ReadBaselineResult[]): string[] {
	const rows = syncs.flatMap((sync) => {
		const baseline = baselines.find(
			(candidate) => candidate.phase === sync.phase && candidate.output !== 'nodeFields',
		);
		const sameOutput = baselines.find(
			(candidate) => candidate.phase === sync.phase && candidate.output === 'nodeFields',
		);
		if (!baseline || sync.nodeSeconds === undefined || baseline.nodeSeconds === undefined)
			return [];
		const floor = sync.rows / sync.rate;
		const timeBound =
			sync.phase === 'first'
				? 1.15 * Math.max(baseline.nodeSeconds, floor)
				: sync.phase === 'unchanged'
					? 1.5 * baseline.nodeSeconds
					: undefined;
		const memoryRatio =
			sync.peakRssMb !== undefined && baseline.peakRssMb
				? sync.peakRssMb / baseline.peakRssMb
				: undefined;
		const timeTarget =
			timeBound === undefined
				? 'no target'
				: `${sync.nodeSeconds <= timeBound ? 'met' : 'missed'} (<= ${seconds(timeBound)} s)`;
		const memoryTarget =
			memoryRatio === undefined
				? 'n/a'
				: `${memoryRatio <= 1.5 ? 'met' : 'missed'} (${memoryRatio.toFixed(2)} x)`;
		return [
			[
				SYNC_PHASE_LABELS[sync.phase],
				String(sync.rows),
				seconds(sync.nodeSeconds),
				seconds(baseline.nodeSeconds),
				seconds(floor),
				(sync.nodeSeconds / Math.max(baseline.nodeSeconds, floor)).toFixed(2),
				`${megabytes(sync.peakRssMb)} / ${megabytes(baseline.peakRssMb)}`,
				timeTarget,
				memoryTarget,
				sameOutput?.peakRssMb && sync.peakRssMb !== undefined
					? `${megabytes(sameOutput.peakRssMb)} (${(sync.peakRssMb / sameOutput.peakRssMb).toFixed(2)} x)`
					: 'n/a',
			],
		];
	});
	if (rows.length === 0) return [];
	return [
		'## Sync runs against reading the rows in n8n (issue 12)',
		'',
		"The Set node evaluates the same three expressions over the same rows (n8n's own cost of reading parameters); N / rate is what sending needs at the plan's rate. The node runs with Continue On Fail on, so it sends while it still reads. The last column runs the Set node once more with the other fields of the node's output added as constants (15 fields per item, as the node's simplified sync report): n8n's memory for items that big, and the node's peak against it.",
		'',
		table(
			[
				'Run',
				'Rows',
				'QRTRAC node (s)',
				'Set node (s)',
				'N / rate (s)',
				'Node / max(Set, N / rate)',
				'Peak RSS node / Set (MB)',
				'Time target',
				'Memory target (<= 1.5 x)',
				"Set node with the node's output fields: peak RSS (MB) (node / it)",
			],
			rows,
		),
		'',
	];
}

function table(header: string[], rows: string[][]): string {
	return [header, header.map(() => '---'), ...rows]
		.map((cells) => `| ${cells.join(' | ')} |`)
		.join('\n');
}

function share429(result: JobResult): number {
	return result.requests > 0 ? result.answered429 / result.requests : 0;
}

function n8nTime(result: JobResult): string {
	const execution =
		result.n8nExecutionSeconds === undefined ? 'n/a' : seconds(result.n8nExecutionSeconds);
	return result.nodeSeconds === undefined
		? execution
		: `${execution} (${seconds(result.nodeSeconds)})`;
}

/** The node's own work outside the HTTP traffic: reading and checking items before, building output after. */
function nodeOwnWork(result: JobResult): string {
	if (result.nodeBeforeTrafficSeconds === undefined || result.nodeAfterTrafficSeconds === undefined)
		return 'n/a';
	// the two clocks (n8n's and the simulator's) are one machine's, but a few ms apart: never show "-0.00"
	return `${seconds(Math.max(0, result.nodeBeforeTrafficSeconds))} / ${seconds(Math.max(0, result.nodeAfterTrafficSeconds))}`;
}

function sumOf(counts: Record<string, number>, include: (key: string) => boolean): number {
	return Object.entries(counts)
		.filter(([key]) => include(key))
		.reduce((sum, [, count]) => sum + count, 0);
}

function seconds(value: number): string {
	return value >= 100 ? value.toFixed(0) : value.toFixed(2);
}

function percent(share: number): string {
	return `${(share * 100).toFixed(1)}%`;
}

function megabytes(value: number | undefined): string {
	return value === undefined ? 'n/a' : value.toFixed(0);
}
