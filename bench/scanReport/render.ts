import type { ReportBenchOptions } from './options';
import type { ReportJobResult } from './run';

interface RunInfo {
	startedAt: Date;
	n8nVersion: string;
	cpus: number;
	loadAtStart: number;
	loadAtEnd: number;
}

const LABELS: Record<ReportJobResult['variant'], string> = {
	report: '(a) QRTRAC Get Report',
	summarize: '(b) Get for Codes + Summarize',
	idle: 'idle n8n (Manual Trigger only)',
};

const seconds = (value: number | undefined) =>
	value === undefined ? 'n/a' : `${value.toFixed(1)} s`;
const megabytes = (value: number | undefined) =>
	value === undefined ? 'n/a' : `${value.toFixed(0)} MB`;
const ratio = (value: number | undefined) =>
	value === undefined ? 'n/a' : `${value.toFixed(1)} x`;

/** The memory a job's run needed: its peak when the run had finished, else the last peak seen. */
export function runPeakMb(result: ReportJobResult): number | undefined {
	return result.peakBeforeOutputMb ?? result.peakRssMb;
}

/** Time the workflow took inside n8n; for a run that never finished, the process time (a lower bound). */
function runSeconds(result: ReportJobResult): number | undefined {
	return result.executionSeconds;
}

export function renderReportBench(
	results: ReportJobResult[],
	options: ReportBenchOptions,
	run: RunInfo,
): string {
	const idle = results.find((result) => result.variant === 'idle');
	const lines = [
		`# Scan report benchmark (issue 24): ${run.startedAt.toISOString()}`,
		'',
		`n8n ${run.n8nVersion}, Node ${process.version}, ${run.cpus} CPUs, load ${run.loadAtStart.toFixed(2)} -> ${run.loadAtEnd.toFixed(2)}; simulator latency ${options.latencyMs} ms, plan ${options.plan}/s; ${options.codes} codes per size, events over ${options.days} days (seed ${options.seed}); n8n heap limit ${options.heapMb ? `${options.heapMb} MB` : "Node's default"}.`,
		'',
		'| Events | Way | Finished | n8n execution | QRTRAC node | Summarize node | n8n process | Requests | 429 | Wall (sim), of it answering | Peak RSS, run | Peak RSS, exit | n8n CPU | Codes identical |',
		'| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
	];
	for (const result of results) {
		const job = result.nodes.Job;
		const summarize = result.nodes.Summarize;
		const identical = result.comparison
			? `${result.comparison.identical} / ${result.comparison.codes}`
			: result.variant === 'idle'
				? '-'
				: 'n/a';
		lines.push(
			`| ${result.events ? result.events.toLocaleString('en-US') : '-'} | ${LABELS[result.variant]} | ${result.finished ? 'yes' : 'no'} | ${seconds(result.executionSeconds)} | ${job ? `${seconds(job.seconds)}, ${job.items.toLocaleString('en-US')} items` : '-'} | ${summarize ? `${seconds(summarize.seconds)}, ${summarize.items.toLocaleString('en-US')} items` : '-'} | ${seconds(result.processSeconds)} | ${result.requests} | ${result.answered429} | ${seconds(result.wallSeconds)}, ${seconds(result.serviceSeconds)} | ${megabytes(runPeakMb(result))} | ${megabytes(result.peakRssMb)} | ${seconds(result.cpuSeconds)} | ${identical} |`,
		);
	}
	lines.push('', '## (b) against (a)', '');
	lines.push(
		'| Events | Time (b) / (a) | Peak RSS (b) / (a) | Above idle n8n: (b) / (a) | n8n CPU above idle: (b) / (a) | Goal (>= 5 x both) |',
		'| --- | --- | --- | --- | --- | --- |',
	);
	for (const events of options.events) {
		const a = results.find((result) => result.variant === 'report' && result.events === events);
		const b = results.find((result) => result.variant === 'summarize' && result.events === events);
		if (!a || !b) continue;
		const timeRatio = runSeconds(a) && runSeconds(b) ? runSeconds(b)! / runSeconds(a)! : undefined;
		const memoryRatio = runPeakMb(a) && runPeakMb(b) ? runPeakMb(b)! / runPeakMb(a)! : undefined;
		const idlePeak = idle ? runPeakMb(idle) : undefined;
		const aboveIdle =
			idlePeak !== undefined && runPeakMb(a) !== undefined && runPeakMb(b) !== undefined
				? (runPeakMb(b)! - idlePeak) / Math.max(1, runPeakMb(a)! - idlePeak)
				: undefined;
		const idleCpu = idle?.cpuSeconds;
		const cpuRatio =
			idleCpu !== undefined && a.cpuSeconds !== undefined && b.cpuSeconds !== undefined
				? (b.cpuSeconds - idleCpu) / Math.max(0.1, a.cpuSeconds - idleCpu)
				: undefined;
		const met =
			!b.finished && a.finished
				? '(b) did not finish'
				: timeRatio !== undefined && memoryRatio !== undefined
					? timeRatio >= 5 && memoryRatio >= 5
						? 'met'
						: `not met (${timeRatio >= 5 ? 'time met' : 'time not met'}, ${memoryRatio >= 5 ? 'memory met' : 'memory not met'})`
					: 'n/a';
		lines.push(
			`| ${events.toLocaleString('en-US')} | ${b.finished ? ratio(timeRatio) : `> ${ratio(b.processSeconds / (runSeconds(a) ?? Infinity))} (process time until it stopped)`} | ${ratio(memoryRatio)} | ${ratio(aboveIdle)} | ${ratio(cpuRatio)} | ${met} |`,
		);
	}
	const reports = results
		.filter((result) => result.variant === 'report' && result.finished)
		.sort((x, y) => x.events - y.events);
	if (reports.length > 1) {
		const small = reports[0];
		const large = reports[reports.length - 1];
		lines.push(
			'',
			`Peak memory of (a) against the event count: ${megabytes(runPeakMb(small))} at ${small.events.toLocaleString('en-US')} events, ${megabytes(runPeakMb(large))} at ${large.events.toLocaleString('en-US')} (${(large.events / small.events).toFixed(0)} x the events).`,
		);
	}
	const notes = results.filter(
		(result) => result.failure || (result.comparison && result.comparison.differenceCount > 0),
	);
	if (notes.length > 0) {
		lines.push('', '## Runs that failed or differ', '');
		for (const result of notes) {
			lines.push(
				`- ${LABELS[result.variant]}, ${result.events.toLocaleString('en-US')} events: ${result.failure ? `stopped: ${oneLine(result.failure)}` : ''}${result.comparison && result.comparison.differenceCount > 0 ? ` ${result.comparison.differenceCount} differing figures, first: ${JSON.stringify(result.comparison.differences.slice(0, 3))}` : ''}; requests answered before it stopped: ${JSON.stringify(result.byOperation)}`,
			);
		}
	}
	return lines.join('\n');
}

function oneLine(text: string): string {
	const lines = text
		.split('\n')
		.map((line) => line.trim())
		.filter(Boolean);
	const telling = lines.filter((line) =>
		/heap|memory|Invalid string|RangeError|timed out|exited|Error/i.test(line),
	);
	return (telling.length > 0 ? telling.slice(0, 4) : lines.slice(-3)).join(' / ').slice(0, 600);
}
