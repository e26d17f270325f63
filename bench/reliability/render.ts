/**
 * Prints the RELIABILITY.md tables again from a figures file written by bench/reliability/main.ts:
 *   npx tsx bench/reliability/render.ts bench/reliability/results/faults-1000.json
 */
import { readFileSync } from 'node:fs';

import { errorMessageTable, faultTables, type FaultFigure } from './report';

const file = process.argv[2];
if (!file) {
	process.stderr.write('usage: tsx bench/reliability/render.ts <figures.json>\n');
	process.exit(2);
}
const { figures } = JSON.parse(readFileSync(file, 'utf8')) as { figures: FaultFigure[] };
process.stdout.write(`${faultTables(figures)}\n\n${errorMessageTable(figures)}\n`);
