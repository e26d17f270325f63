import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** One n8n process's memory as the probe recorded it at exit. */
export interface ProcessMemory {
	pid: number;
	argv: string[];
	vmHwmKb: number | null;
	vmRssKb: number | null;
	/** User plus system CPU time of the process, in microseconds (absent in logs of older probes). */
	cpuUs?: number;
}

const PROBE = path.join(__dirname, 'probes', 'peakMemory.cjs');

/** Environment that makes every n8n process record its peak RSS into `logFile` when it exits. */
export function peakMemoryEnv(logFile: string): Record<string, string> {
	return { NODE_OPTIONS: `--require "${PROBE}"`, QRTRAC_BENCH_MEMORY_LOG: logFile };
}

/** Every record so far (one per n8n process that exited). */
export function readProcessMemory(logFile: string): ProcessMemory[] {
	if (!existsSync(logFile)) return [];
	return readFileSync(logFile, 'utf8')
		.split('\n')
		.filter(Boolean)
		.map((line) => JSON.parse(line) as ProcessMemory);
}

/** Peak RSS in MB of the `n8n execute --id=<workflowId>` main process, when it recorded one. */
export function peakRssOfExecution(
	records: ProcessMemory[],
	workflowId: string,
): number | undefined {
	const main = records.filter(
		(record) => record.argv.includes('execute') && record.argv.includes(`--id=${workflowId}`),
	);
	const kb = main.map((record) => record.vmHwmKb ?? 0);
	return kb.length > 0 ? Math.max(...kb) / 1024 : undefined;
}

/** CPU seconds the `n8n execute --id=<workflowId>` main process used, start-up included. */
export function cpuSecondsOfExecution(
	records: ProcessMemory[],
	workflowId: string,
): number | undefined {
	const main = records.filter(
		(record) =>
			record.argv.includes('execute') &&
			record.argv.includes(`--id=${workflowId}`) &&
			typeof record.cpuUs === 'number',
	);
	return main.length > 0
		? Math.max(...main.map((record) => record.cpuUs as number)) / 1e6
		: undefined;
}
