import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Where the reliability suites leave their measured figures: a JSON file per suite in the folder named by
 * RELIABILITY_FIGURES_DIR (nothing is written when it is unset), for bench/reliability/report.ts to turn
 * into the tables of RELIABILITY.md.
 */
export function recordFigures(suite: string, figures: unknown): void {
	const folder = process.env.RELIABILITY_FIGURES_DIR;
	if (!folder) return;
	mkdirSync(folder, { recursive: true });
	writeFileSync(path.join(folder, `${suite}.json`), `${JSON.stringify(figures, null, '\t')}\n`);
}

/** Rows per fault run in CI (1,000 in the bench variant); RELIABILITY_ROWS overrides. */
export function rowsPerRun(fallback: number): number {
	const fromEnv = Number(process.env.RELIABILITY_ROWS);
	return Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : fallback;
}
