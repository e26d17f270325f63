/**
 * The set-up every node suite shares: a simulator for the suite (started in beforeAll, closed in afterAll), a
 * clean request log, no faults and no added latency before each test, the seeded credentials, and the check that
 * every request the node sent follows the contract.
 */
import { startSimulator, type Simulator, type SimulatorOptions } from '../../simulator';
import { validateRequest } from './contract';
import type { HarnessCredentials } from './n8nHarness';

export interface SuiteSimulator {
	/** The running simulator (valid inside tests and hooks). */
	readonly sim: Simulator;
	/** The seeded owner client of the demo team, with the suite's plan. */
	readonly credentials: HarnessCredentials;
	/** Asserts that the node sent at least one request and that every one follows the contract. */
	expectRequestsFollowContract(): void;
}

export function useSimulator(options: SimulatorOptions = {}): SuiteSimulator {
	const plan = options.plan ?? 'Enterprise';
	let sim: Simulator | undefined;
	let credentials: HarnessCredentials | undefined;

	beforeAll(async () => {
		sim = await startSimulator({ plan, ...options });
		credentials = {
			baseUrl: sim.url,
			...sim.credentials,
			plan: typeof plan === 'string' ? plan : 'custom',
		};
		if (typeof plan === 'number') credentials.customRatePerSecond = plan;
	});

	afterAll(async () => {
		await sim?.close();
	});

	beforeEach(() => {
		sim?.clearRequestLog();
		sim?.faults.clear();
		sim?.setLatency(options.latencyMs ?? 0);
	});

	const running = (): Simulator => {
		if (!sim) throw new Error('useSimulator(): the simulator runs only inside tests and hooks');
		return sim;
	};

	return {
		get sim() {
			return running();
		},
		get credentials() {
			if (!credentials)
				throw new Error('useSimulator(): the credentials exist only inside tests and hooks');
			return credentials;
		},
		expectRequestsFollowContract() {
			const log = running().requestLog;
			expect(log.length).toBeGreaterThan(0);
			for (const entry of log) {
				expect({
					request: `${entry.method} ${entry.rawPath}`,
					violations: validateRequest(entry),
				}).toEqual({
					request: `${entry.method} ${entry.rawPath}`,
					violations: [],
				});
			}
		},
	};
}
