/**
 * The long variant of the reliability fault suite: every fault x operation x Continue On Fail at 1,000 rows
 * (or --rows N), against the in-process simulator through n8n's engine, exactly as the fault suites
 * (faults.engine.test.ts under test/nodes) do in CI with fewer rows. Writes the figures as JSON and prints the
 * Markdown tables for RELIABILITY.md.
 *
 *   npm run build && npx tsx bench/reliability/main.ts [--rows 1000] [--ops create,update] [--faults "500,reset after commit"] [--out file.json]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { findSecrets } from '../../test/support/secretScan';
import { runBulkScenario } from '../../test/support/reliability/bulkScenario';
import { FAULT_CASES } from '../../test/support/reliability/faultCatalogue';
import { startReliabilitySimulator } from '../../test/support/reliability/reliabilityTeam';
import { BULK_OPERATIONS } from '../../test/support/reliability/rowOperations';
import { errorMessageTable, faultTables, type FaultFigure } from './report';

interface Options {
	rows: number;
	operations: string[];
	faults: string[];
	out: string;
}

function parseOptions(argv: string[]): Options {
	const value = (flag: string) => {
		const index = argv.indexOf(flag);
		return index >= 0 ? argv[index + 1] : undefined;
	};
	const list = (flag: string) =>
		value(flag)
			?.split(',')
			.map((entry) => entry.trim())
			.filter(Boolean);
	return {
		rows: Number(value('--rows') ?? 1000),
		operations: list('--ops') ?? BULK_OPERATIONS.map((operation) => operation.name),
		faults: list('--faults') ?? FAULT_CASES.map((fault) => fault.name),
		out:
			value('--out') ??
			path.join(
				__dirname,
				'results',
				`faults-${new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-')}.json`,
			),
	};
}

async function main(): Promise<void> {
	const options = parseOptions(process.argv.slice(2));
	const figures: FaultFigure[] = [];
	const started = Date.now();
	for (const operation of BULK_OPERATIONS.filter((candidate) =>
		options.operations.includes(candidate.name),
	)) {
		// A fresh simulator per operation, as each jest file has: its state (and so its answer times) stays small.
		const env = await startReliabilitySimulator();
		try {
			for (const continueOnFail of [true, false]) {
				for (const fault of FAULT_CASES.filter((candidate) =>
					options.faults.includes(candidate.name),
				)) {
					const result = await runBulkScenario({
						env,
						operation,
						fault,
						continueOnFail,
						rows: options.rows,
						ratePerSecond: 1000,
					});
					const { evidence, secrets, ...counts } = result;
					const figure: FaultFigure = {
						...counts,
						secretFindings: findSecrets(evidence, secrets).length,
					};
					figures.push(figure);
					process.stderr.write(
						`${operation.name} | ${fault.name} | CoF ${continueOnFail ? 'on' : 'off'}: ${figure.succeeded} ok, ${figure.failedClearly} failed, ` +
							`${figure.notStarted} not started, ${figure.lost} lost, ${figure.duplicates} duplicates, ${figure.secretFindings} secret findings ` +
							`(${(figure.durationMs / 1000).toFixed(1)} s)\n`,
					);
				}
			}
		} finally {
			await env.sim.close();
		}
	}
	mkdirSync(path.dirname(options.out), { recursive: true });
	writeFileSync(
		options.out,
		`${JSON.stringify({ rows: options.rows, node: process.version, totalMs: Date.now() - started, figures }, null, '\t')}\n`,
	);
	process.stdout.write(
		`${faultTables(figures)}\n\n${errorMessageTable(figures)}\n\nFigures: ${options.out}\n`,
	);
}

main().then(
	() => process.exit(0),
	(error: unknown) => {
		process.stderr.write(
			`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
		);
		process.exit(1);
	},
);
