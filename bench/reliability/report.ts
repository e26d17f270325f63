/**
 * Markdown tables for RELIABILITY.md from the fault-matrix figures (one row per fault x operation x Continue
 * On Fail), as written by bench/reliability/main.ts or by the jest suites with RELIABILITY_FIGURES_DIR set.
 */
import type { BulkScenarioResult } from '../../test/support/reliability/bulkScenario';

/** One fault-matrix run as the suites measure it, without the run's raw evidence. */
export type FaultFigure = Omit<BulkScenarioResult, 'evidence' | 'secrets'> & {
	/** Places a secret was found (bench only; the jest suites fail instead). */
	secretFindings?: number;
};

const HEADER =
	'| Fault | CoF | Succeeded | Failed with an error (written anyway) | Not started | **Lost** | **Duplicates** | Faults fired / requests | Time |\n' +
	'|---|---|---:|---:|---:|---:|---:|---:|---:|';

function row(figure: FaultFigure): string {
	const failed = `${figure.failedClearly}${figure.writtenDespiteError > 0 ? ` (${figure.writtenDespiteError})` : ''}`;
	const failedAt = figure.failedRow === undefined ? '' : ` at row ${figure.failedRow}`;
	const unclear = figure.unclearErrors > 0 ? `, **${figure.unclearErrors} unclear**` : '';
	return [
		'',
		figure.fault,
		figure.continueOnFail ? 'on' : 'off',
		figure.succeeded,
		`${failed}${failedAt}${unclear}`,
		figure.notStarted,
		figure.lost,
		figure.duplicates,
		`${figure.faultsFired} / ${figure.requests}`,
		`${(figure.durationMs / 1000).toFixed(1)} s`,
		'',
	]
		.join(' | ')
		.trim();
}

/** One table per operation, faults in catalogue order, Continue On Fail on before off. */
export function faultTables(figures: FaultFigure[]): string {
	const operations = [...new Set(figures.map((figure) => figure.operation))];
	return operations
		.map((operation) => {
			const rows = figures
				.filter((figure) => figure.operation === operation)
				.sort((a, b) => Number(b.continueOnFail) - Number(a.continueOnFail));
			return `#### ${operation} (${rows[0]?.rows ?? 0} rows per run)\n\n${HEADER}\n${rows.map(row).join('\n')}`;
		})
		.join('\n\n');
}

/** The distinct error messages users saw per fault (first few), to judge whether they are clear. */
export function errorMessageTable(figures: FaultFigure[]): string {
	const byFault = new Map<string, Set<string>>();
	for (const figure of figures) {
		const messages = byFault.get(figure.fault) ?? new Set<string>();
		for (const message of figure.errorMessages) messages.add(message);
		byFault.set(figure.fault, messages);
	}
	const lines = [...byFault].map(
		([fault, messages]) =>
			`| ${fault} | ${
				[...messages]
					.slice(0, 3)
					.map((message) => `"${message}"`)
					.join('<br>') || '(none)'
			} |`,
	);
	return `| Fault | Error messages seen |\n|---|---|\n${lines.join('\n')}`;
}
