// Preloaded into the `n8n execute` process of the scan report benchmark (NODE_OPTIONS=--require), beside
// peakMemory.cjs. Two jobs, both only for the workflow run the benchmark measures:
// 1. Every 250 ms it writes the process's peak resident set size so far (VmHWM) to QRTRAC_BENCH_RUN_DIGEST +
//    '.hwm', so that a run killed by the kernel or by V8's heap limit still leaves its peak behind (an 'exit'
//    handler never runs then).
// 2. When n8n's CLI prints the finished run (`JSON.stringify(run, null, 2)`, see n8n's commands/execute.js), it
//    writes a digest to QRTRAC_BENCH_RUN_DIGEST: the peak before printing, the execution's status and times, and
//    per node its runs with their timings and item counts, with the items themselves only for the nodes named in
//    QRTRAC_BENCH_KEEP_NODES. n8n is then handed the same run with the other nodes' items left out: printed whole,
//    a million items are one string longer than V8 allows, and the printing is the CLI's, not the workflow's work.
'use strict';
const fs = require('node:fs');

const digestFile = process.env.QRTRAC_BENCH_RUN_DIGEST;
const keep = new Set((process.env.QRTRAC_BENCH_KEEP_NODES ?? '').split(',').filter(Boolean));
const SAMPLE_MS = 250;

function hwmKb() {
	try {
		const match = /^VmHWM:\s+(\d+) kB/m.exec(fs.readFileSync('/proc/self/status', 'utf8'));
		return match ? Number(match[1]) : null;
	} catch {
		return null;
	}
}

function isRun(value) {
	return (
		typeof value === 'object' &&
		value !== null &&
		typeof value.data === 'object' &&
		value.data !== null &&
		typeof value.data.resultData === 'object' &&
		value.data.resultData !== null
	);
}

function digestOf(run) {
	const runData = run.data.resultData.runData ?? {};
	const nodes = {};
	const printedRunData = {};
	for (const [name, tasks] of Object.entries(runData)) {
		nodes[name] = tasks.map((task) => ({
			startTime: task.startTime,
			executionTime: task.executionTime,
			executionStatus: task.executionStatus,
			error: task.error
				? { message: task.error.message, description: task.error.description }
				: undefined,
			itemCounts: (task.data?.main ?? []).map((items) => (items ?? []).length),
			items: keep.has(name)
				? (task.data?.main ?? []).map((items) => (items ?? []).map((item) => item.json))
				: undefined,
		}));
		printedRunData[name] = keep.has(name)
			? tasks
			: tasks.map((task) => ({
					...task,
					data: task.data
						? { ...task.data, main: (task.data.main ?? []).map((items) => (items ? [] : items)) }
						: task.data,
				}));
	}
	const error = run.data.resultData.error;
	return {
		digest: {
			peakBeforeOutputKb: hwmKb(),
			status: run.status,
			startedAt: run.startedAt,
			stoppedAt: run.stoppedAt,
			error: error ? { message: error.message, description: error.description } : undefined,
			nodes,
		},
		printed: {
			...run,
			data: { ...run.data, resultData: { ...run.data.resultData, runData: printedRunData } },
		},
	};
}

if (digestFile && process.argv.includes('execute')) {
	const timer = setInterval(() => {
		try {
			fs.writeFileSync(`${digestFile}.hwm`, String(hwmKb()));
		} catch {
			// the scratch folder is gone: the benchmark has ended
		}
	}, SAMPLE_MS);
	timer.unref();

	const stringify = JSON.stringify;
	let written = false;
	JSON.stringify = function (value, replacer, space) {
		if (!written && space === 2 && isRun(value)) {
			written = true;
			const { digest, printed } = digestOf(value);
			fs.writeFileSync(digestFile, stringify(digest));
			return stringify(printed, replacer, space);
		}
		return stringify.call(this, value, replacer, space);
	};
}
