/** What one `npm run bench -- --report` measures (issue 24); every size is bounded so a run always ends. */
export interface ReportBenchOptions {
	/** Scan events in the simulator per size, each size on a team of its own (e.g. 1,000,000 and 100,000). */
	events: number[];
	/** Codes the events are shared out over (some codes busier than others, the total exact). */
	codes: number;
	/** Days the events fall in, ending when the data is made; the workflows ask for exactly that range. */
	days: number;
	/** Which ways of building the report run: the QRTRAC node's Get Report, Get for Codes + Summarize. */
	variants: ReportVariant[];
	/** Plan rate of the teams (requests per second). */
	plan: number;
	/** Added latency of every simulator answer, in ms. */
	latencyMs: number;
	/** Longest one `n8n execute` may take before it is stopped and reported as not finished. */
	timeoutMinutes: number;
	/** V8 heap limit of the n8n process in MB (`--max-old-space-size`); undefined = Node's default. */
	heapMb?: number;
	/** Folder for a V8 CPU profile of every n8n process (`--cpu-prof`); undefined = no profile. */
	cpuProfileDir?: string;
	/** Seed of the scan data: the same seed, the same events. */
	seed: number;
	/** Run `npm run build` before packing (false reuses dist/). */
	build: boolean;
}

export const REPORT_VARIANTS = ['report', 'summarize'] as const;
export type ReportVariant = (typeof REPORT_VARIANTS)[number];

const DEFAULTS: ReportBenchOptions = {
	events: [1_000_000, 100_000],
	codes: 1_000,
	days: 30,
	variants: [...REPORT_VARIANTS],
	plan: 200,
	latencyMs: 30,
	timeoutMinutes: 45,
	seed: 24,
	build: true,
};

const USAGE = `npm run bench -- --report [--events 1000000,100000] [--codes 1000] [--days 30]
                    [--variants report,summarize] [--plan 200] [--latency-ms 30] [--timeout-minutes 45]
                    [--heap-mb 4096] [--cpu-prof-dir <folder>] [--seed 24] [--no-build]`;

export function parseReportBenchOptions(argv: string[]): ReportBenchOptions {
	const options: ReportBenchOptions = {
		...DEFAULTS,
		events: [...DEFAULTS.events],
		variants: [...DEFAULTS.variants],
	};
	for (let index = 0; index < argv.length; index++) {
		const flag = argv[index];
		const value = (): string => {
			const next = argv[++index];
			if (next === undefined) throw new Error(`${flag} needs a value\n${USAGE}`);
			return next;
		};
		switch (flag) {
			case '--report':
				break;
			case '--no-build':
				options.build = false;
				break;
			case '--events':
				options.events = value()
					.split(',')
					.map((text) => integer(flag, text, 1, 5_000_000));
				break;
			case '--codes':
				options.codes = integer(flag, value(), 1, 10_000);
				break;
			case '--days':
				options.days = integer(flag, value(), 1, 365);
				break;
			case '--variants': {
				const variants = value().split(',');
				const unknown = variants.find(
					(variant) => !(REPORT_VARIANTS as readonly string[]).includes(variant),
				);
				if (unknown)
					throw new Error(`--variants: "${unknown}" is not one of ${REPORT_VARIANTS.join(', ')}`);
				options.variants = variants as ReportVariant[];
				break;
			}
			case '--plan':
				options.plan = integer(flag, value(), 1, 10_000);
				break;
			case '--latency-ms':
				options.latencyMs = integer(flag, value(), 0, 10_000);
				break;
			case '--timeout-minutes':
				options.timeoutMinutes = integer(flag, value(), 1, 240);
				break;
			case '--heap-mb':
				options.heapMb = integer(flag, value(), 256, 65_536);
				break;
			case '--cpu-prof-dir':
				options.cpuProfileDir = value();
				break;
			case '--seed':
				options.seed = integer(flag, value(), 0, 2 ** 31);
				break;
			case '--help':
				throw new Error(USAGE);
			default:
				throw new Error(`Unknown option ${flag}\n${USAGE}`);
		}
	}
	return options;
}

/** Whether these are the default sizes (build aside): only such a run writes `<date>-report.*`. */
export function isDefaultReportRun(options: ReportBenchOptions): boolean {
	return JSON.stringify({ ...options, build: true }) === JSON.stringify(DEFAULTS);
}

function integer(flag: string, text: string, min: number, max: number): number {
	const value = Number(text);
	if (!Number.isInteger(value) || value < min || value > max)
		throw new Error(`${flag}: expected an integer from ${min} to ${max}, got "${text}"\n${USAGE}`);
	return value;
}
