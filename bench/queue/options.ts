/** What one `npm run bench:queue` measures; every size is bounded so a run always ends. */
export interface QueueBenchOptions {
	quick: boolean;
	/** Worker counts; each gets its own cluster (PostgreSQL, Redis, main, workers). */
	workers: number[];
	/** Plan rates (requests per second per team). */
	plans: number[];
	/** Concurrent executions per job, and creates per execution. */
	executions: number;
	rows: number;
	/** Also run every job with a foreign client spending a third of the team's budget. */
	foreign: boolean;
	/** Changes the trigger phase writes (0 skips it); it runs on the first cluster. */
	triggerChanges: number;
	/** Minutes the trigger phase spreads its changes over. */
	triggerMinutes: number;
	latencyMs: number;
	build: boolean;
}

const FULL: QueueBenchOptions = {
	quick: false,
	workers: [2, 4],
	plans: [20, 50],
	executions: 4,
	rows: 500,
	foreign: true,
	triggerChanges: 1000,
	triggerMinutes: 4,
	latencyMs: 20,
	build: true,
};

const QUICK: QueueBenchOptions = {
	...FULL,
	quick: true,
	workers: [2],
	plans: [20],
	rows: 100,
	triggerChanges: 100,
	triggerMinutes: 2,
};

const USAGE = `npm run bench:queue -- [--quick] [--workers 2,4] [--plans 20,50] [--executions 4] [--rows 500] [--no-foreign]
                          [--trigger-changes 1000] [--trigger-minutes 4] [--latency-ms 20] [--no-build]`;

export function parseQueueBenchOptions(argv: string[]): QueueBenchOptions {
	const options: QueueBenchOptions = argv.includes('--quick') ? { ...QUICK } : { ...FULL };
	for (let index = 0; index < argv.length; index++) {
		const flag = argv[index];
		const value = (): string => {
			const next = argv[++index];
			if (next === undefined) throw new Error(`${flag} needs a value\n${USAGE}`);
			return next;
		};
		const integer = (min: number, max: number): number => {
			const number = Number(value());
			if (!Number.isInteger(number) || number < min || number > max)
				throw new Error(`${flag} must be an integer from ${min} to ${max}\n${USAGE}`);
			return number;
		};
		const list = (min: number, max: number): number[] => {
			const numbers = value().split(',').map(Number);
			if (
				numbers.length === 0 ||
				numbers.some((number) => !Number.isInteger(number) || number < min || number > max)
			) {
				throw new Error(
					`${flag} must be a comma-separated list of integers from ${min} to ${max}\n${USAGE}`,
				);
			}
			return numbers;
		};
		switch (flag) {
			case '--quick':
				break;
			case '--workers':
				options.workers = list(1, 8);
				break;
			case '--plans':
				options.plans = list(1, 200);
				break;
			case '--executions':
				options.executions = integer(1, 16);
				break;
			case '--rows':
				options.rows = integer(1, 5000);
				break;
			case '--no-foreign':
				options.foreign = false;
				break;
			case '--trigger-changes':
				options.triggerChanges = integer(0, 5000);
				break;
			case '--trigger-minutes':
				options.triggerMinutes = integer(1, 15);
				break;
			case '--latency-ms':
				options.latencyMs = integer(0, 1000);
				break;
			case '--no-build':
				options.build = false;
				break;
			default:
				throw new Error(`Unknown option ${flag}\n${USAGE}`);
		}
	}
	return options;
}

export function isDefaultQueueRun(options: QueueBenchOptions): boolean {
	const reference = options.quick ? QUICK : FULL;
	return JSON.stringify({ ...options, build: reference.build }) === JSON.stringify(reference);
}
