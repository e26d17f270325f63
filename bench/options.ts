/** What one `npm run bench` measures; every size is bounded so a run always ends. */
export interface BenchOptions {
	/** Smoke check: small sizes, one plan, finishes in about two minutes. */
	quick: boolean;
	/** Plan rates (requests per second per team) the create jobs run at. */
	plans: number[];
	/** Items per create job, before the low-rate cap. */
	items: number;
	/**
	 * Cap on the floor (items / rate) of one create job, in seconds: at 5 rps, 1,000 items would take 200 s
	 * per variant, so slow plans run `rate * maxFloorSeconds` items and the report says so.
	 */
	maxFloorSeconds: number;
	/** Codes in the team that Get Many (Return All) lists. */
	listCodes: number;
	/** Rows of the Create or Update sync job (issue 8). */
	syncRows: number;
	/** Plan rate of the Get Many and sync jobs. */
	listPlan: number;
	/** Added latency of every simulator answer, in ms. */
	latencyMs: number;
	/** Run `npm run build` before packing (false reuses dist/). */
	build: boolean;
}

const FULL: BenchOptions = {
	quick: false,
	plans: [5, 50, 200],
	items: 1000,
	maxFloorSeconds: 60,
	listCodes: 10_000,
	syncRows: 10_000,
	listPlan: 200,
	latencyMs: 30,
	build: true,
};

const QUICK: BenchOptions = {
	...FULL,
	quick: true,
	plans: [50],
	items: 100,
	maxFloorSeconds: 5,
	listCodes: 500,
	syncRows: 300,
};

const USAGE = `npm run bench -- [--quick] [--plans 5,50,200] [--items 1000] [--max-floor-seconds 60]
                    [--list-codes 10000] [--sync-rows 10000] [--list-plan 200] [--latency-ms 30] [--no-build]
       npm run bench -- --batched ...   (bench/batched.ts)
       npm run bench -- --report ...    (bench/scanReport/options.ts)`;

/** Reads the command line; anything unknown or out of range is an error with the usage line. */
export function parseBenchOptions(argv: string[]): BenchOptions {
	const options: BenchOptions = argv.includes('--quick')
		? { ...QUICK, plans: [...QUICK.plans] }
		: { ...FULL, plans: [...FULL.plans] };
	for (let index = 0; index < argv.length; index++) {
		const flag = argv[index];
		const value = (): string => {
			const next = argv[++index];
			if (next === undefined) throw new Error(`${flag} needs a value\n${USAGE}`);
			return next;
		};
		switch (flag) {
			case '--quick':
				break;
			case '--no-build':
				options.build = false;
				break;
			case '--plans':
				options.plans = value()
					.split(',')
					.map((rate) => positiveInteger('--plans', rate, 10_000));
				break;
			case '--items':
				options.items = positiveInteger(flag, value(), 100_000);
				break;
			case '--max-floor-seconds':
				options.maxFloorSeconds = positiveInteger(flag, value(), 3_600);
				break;
			case '--list-codes':
				options.listCodes = positiveInteger(flag, value(), 100_000);
				break;
			case '--sync-rows':
				options.syncRows = positiveInteger(flag, value(), 100_000);
				break;
			case '--list-plan':
				options.listPlan = positiveInteger(flag, value(), 10_000);
				break;
			case '--latency-ms':
				options.latencyMs = nonNegativeInteger(flag, value(), 10_000);
				break;
			case '--help':
				throw new Error(USAGE);
			default:
				throw new Error(`Unknown option ${flag}\n${USAGE}`);
		}
	}
	return options;
}

/** Whether these are the full run's sizes (build aside, which does not change what is measured). */
export function isDefaultRun(options: BenchOptions): boolean {
	return JSON.stringify({ ...options, build: FULL.build }) === JSON.stringify(FULL);
}

/** Items a create job runs at `rate`: the requested count, capped so the job's floor stays within the limit. */
export function itemsAtRate(options: BenchOptions, rate: number): number {
	return Math.max(1, Math.min(options.items, rate * options.maxFloorSeconds));
}

function positiveInteger(flag: string, text: string, max: number): number {
	const value = Number(text);
	if (!Number.isInteger(value) || value < 1 || value > max)
		throw new Error(`${flag}: expected an integer from 1 to ${max}, got "${text}"\n${USAGE}`);
	return value;
}

function nonNegativeInteger(flag: string, text: string, max: number): number {
	const value = Number(text);
	if (!Number.isInteger(value) || value < 0 || value > max)
		throw new Error(`${flag}: expected an integer from 0 to ${max}, got "${text}"\n${USAGE}`);
	return value;
}
