#!/usr/bin/env node
// `npm run bench [-- --quick | --plans 5,50,200 | --items 1000 | ...]`: the QRTRAC benchmark inside real n8n.
// The logic lives in bench/main.ts (see bench/README.md); this file only loads it under tsx.
import { tsImport } from 'tsx/esm/api';

const { runBench } = await tsImport('../bench/main.ts', import.meta.url);
try {
	process.exitCode = await runBench(process.argv.slice(2));
} catch (error) {
	console.error(`[bench] failed: ${error instanceof Error ? error.message : error}`);
	process.exitCode = 1;
}
