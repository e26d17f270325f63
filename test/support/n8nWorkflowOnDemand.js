/**
 * The unit project's `n8n-workflow`: the same package, each export loaded from the package's own module on first
 * use. Its index loads about 680 files (the expression runtime among them) before any test runs, and jest gives
 * every test file its own module registry, so the index cost was paid once per unit file; the node code uses only
 * the few exports below. Any other name loads the whole index, so nothing differs but the time
 * (test/support/n8nWorkflowOnDemand.unit.test.ts checks each name is the index's own).
 */
const dist = 'n8n-workflow/dist/cjs/';
const owners = {
	NodeApiError: 'errors/index.js',
	NodeOperationError: 'errors/index.js',
	updateDisplayOptions: 'utils.js',
	sleep: 'utils.js',
	NodeConnectionTypes: 'interfaces.js',
};

// modules the index exports whole, which unit tests read (the form's defaults, as n8n computes them)
const wholeModules = { NodeHelpers: 'node-helpers.js' };

const loaded = new Map();
// kept once loaded: the node code reads an export at each use (`n8n_workflow_1.sleep(...)`), and jest's require
// costs a module lookup each time
const exportOf = (name) => {
	if (!loaded.has(name))
		loaded.set(
			name,
			name in wholeModules
				? require(dist + wholeModules[name])
				: require(dist + (owners[name] ?? 'index.js'))[name],
		);
	return loaded.get(name);
};

// `{ ...jest.requireActual('n8n-workflow'), sleep }` (the fake-clock files) copies the names the node code uses
module.exports = new Proxy(
	{},
	{
		get: (_target, name) =>
			name === '__esModule' ? true : typeof name === 'string' ? exportOf(name) : undefined,
		has: (_target, name) => name === '__esModule' || exportOf(name) !== undefined,
		ownKeys: () => Object.keys(owners),
		getOwnPropertyDescriptor: (_target, name) =>
			name in owners ? { value: exportOf(name), enumerable: true, configurable: true } : undefined,
	},
);
