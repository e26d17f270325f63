/**
 * The unit project's on-demand `n8n-workflow` (test/support/n8nWorkflowOnDemand.js) must be the package itself:
 * every name the node code takes from it at run time is the index's own export, loaded from the module that
 * defines it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

import * as onDemand from 'n8n-workflow';

const ROOT = path.join(__dirname, '../..');

function sourcesUnder(folder: string): string[] {
	return readdirSync(path.join(ROOT, folder)).flatMap((name) => {
		const relative = path.join(folder, name);
		if (statSync(path.join(ROOT, relative)).isDirectory()) return sourcesUnder(relative);
		return name.endsWith('.ts') && !name.endsWith('.d.ts') ? [relative] : [];
	});
}

/** Names imported as values (not `import type`, not `type X`) from 'n8n-workflow'. */
function valueImports(file: string): string[] {
	const text = readFileSync(path.join(ROOT, file), 'utf8');
	return [...text.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s+from\s+'n8n-workflow'/g)]
		.filter((match) => match[1] === undefined)
		.flatMap((match) => match[2].split(','))
		.map((name) => name.trim())
		.filter((name) => name !== '' && !name.startsWith('type '));
}

const used = [
	...new Set([...sourcesUnder('nodes'), ...sourcesUnder('credentials')].flatMap(valueImports)),
].sort();

it('finds the run-time imports of the node code', () => {
	expect(used).toEqual(expect.arrayContaining(['NodeApiError', 'sleep', 'updateDisplayOptions']));
});

it('names each of them among those it serves from their own modules', () => {
	expect(Object.keys(onDemand).sort()).toEqual(used);
});

it('serves the very objects the index exports, and any other name from the index', () => {
	const index = jest.requireActual('n8n-workflow/dist/cjs/index.js');
	const served = onDemand as Record<string, unknown>;

	for (const name of used) expect([name, served[name] === index[name]]).toEqual([name, true]);
	// a module the index exports whole, served from that module
	expect(served.NodeHelpers).toBe(index.NodeHelpers);
	expect(served.NodeHelpers).toBe(jest.requireActual('n8n-workflow/dist/cjs/node-helpers.js'));
});
