import { expectNoSecrets } from '../secretScan';
import { runBulkScenario, type BulkScenarioResult } from './bulkScenario';
import { FAULT_CASES } from './faultCatalogue';
import { recordFigures, rowsPerRun } from './figures';
import { startReliabilitySimulator, type ReliabilitySimulator } from './reliabilityTeam';
import { BULK_OPERATIONS, type BulkOperationName } from './rowOperations';

/** Rows per run in CI; the bench variant (bench/reliability) runs 1,000. */
const CI_ROWS = 150;
/** The plan of the team under test: fast, so that the runs are bound by the node, not by the plan. */
const RATE_PER_SECOND = 1000;
const RUN_TIMEOUT_MS = 180_000;

/**
 * Every fault of the catalogue against one bulk operation, Continue On Fail on and off. Each run must account
 * for every row (succeeded + failed clearly + not started + lost = rows) with 0 lost, 0 duplicates, only clear
 * errors, and no secret anywhere in what the run produced.
 */
export function describeFaultMatrix(operationName: BulkOperationName): void {
	const operation = BULK_OPERATIONS.find((candidate) => candidate.name === operationName)!;
	const rows = rowsPerRun(CI_ROWS);
	const figures: Array<Omit<BulkScenarioResult, 'evidence' | 'secrets'>> = [];
	let env: ReliabilitySimulator;

	beforeAll(async () => {
		env = await startReliabilitySimulator();
	});

	afterAll(async () => {
		recordFigures(`faults-${operationName}`, figures);
		await env?.sim.close();
	});

	describe(`${operation.label}: ${rows} rows per fault`, () => {
		for (const continueOnFail of [true, false]) {
			for (const fault of FAULT_CASES) {
				it(
					`${fault.name}, Continue On Fail ${continueOnFail ? 'on' : 'off'}: every row accounted for, 0 lost, 0 duplicates, no secret`,
					async () => {
						const result = await runBulkScenario({
							env,
							operation,
							fault,
							continueOnFail,
							rows,
							ratePerSecond: RATE_PER_SECOND,
						});
						const { evidence, secrets, ...counts } = result;
						figures.push(counts);

						expect(result.faultsFired).toBeGreaterThan(0);
						expect(result.succeeded + result.failedClearly + result.notStarted + result.lost).toBe(
							rows,
						);
						expectNoSecrets(evidence, secrets);
						expect({
							lost: result.lost,
							duplicates: result.duplicates,
							unclearErrors: result.unclearErrors,
						}).toEqual({
							lost: 0,
							duplicates: 0,
							unclearErrors: 0,
						});
					},
					RUN_TIMEOUT_MS,
				);
			}
		}
	});
}
