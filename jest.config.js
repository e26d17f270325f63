/**
 * The suites, by file suffix (tests live by feature under test/nodes/<area>/, the simulator's beside it):
 * `*.unit.test.ts` pure and fast (fake clock, fake context); `*.model.test.ts` pure but long: the rate limiter
 * over many windows on a fake clock against each way a service may count, and statistics over seeded data;
 * `*.contract.test.ts` the simulator against the contract; `*.engine.test.ts` nodes in-process through n8n-core
 * against the simulator (and the harness's tests that start processes, test/scripts); `*.e2e.test.ts` and
 * test/e2e real n8n; and the n8n version matrix (compat: run by `npm run test:compat`, one n8n version at a
 * time, not by `npm test`).
 */
const path = require('path');

// swc compiles each file on its own (types are checked by `tsc`, not here): a fresh clone's first run compiles
// every test and its imports, and no TypeScript compiler loads in each worker
const swcJest = [
	'@swc/jest',
	{
		jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
		module: { type: 'commonjs' },
		sourceMaps: 'inline',
	},
];
// n8n-workflow's index costs every test file about 0.4 s: the pure projects load what a file uses, when it uses it,
// and the libraries its error and utility modules use only inside functions when first used (test/support/lazy)
const workflowDir = path.dirname(require.resolve('n8n-workflow'));
const lazyDependencies = ['form-data', 'esprima-next', 'xml2js'];
const onDemandWorkflow = {
	// the stand-ins load the files n8n-workflow itself would get (a package's exports may hide its inner paths)
	globals: {
		lazyDependencies: Object.fromEntries(
			lazyDependencies.map((name) => [name, require.resolve(name, { paths: [workflowDir] })]),
		),
	},
	moduleNameMapper: {
		'^n8n-workflow$': '<rootDir>/test/support/n8nWorkflowOnDemand.js',
		'^form-data$': '<rootDir>/test/support/lazy/formData.js',
		'^lodash/merge$': '<rootDir>/test/support/lazy/lodashMerge.js',
		'^esprima-next$': '<rootDir>/test/support/lazy/esprimaNext.js',
		'^xml2js$': '<rootDir>/test/support/lazy/xml2js.js',
	},
};
const base = {
	// node's, plus: process groups a test file started end with the file or a stopped run
	testEnvironment: '<rootDir>/test/support/processGroupEnvironment.js',
	transform: { '^.+\\.ts$': swcJest },
	moduleFileExtensions: ['ts', 'js', 'json'],
};

module.exports = {
	// an upper bound, not a guess: a test that takes 2 s here may take 20 s on a busy 2-core machine (a global
	// option: jest ignores it inside a project)
	testTimeout: 60_000,
	projects: [
		{
			...base,
			displayName: 'unit',
			...onDemandWorkflow,
			// test/unit holds the rate limiter's tests until their rewrite moves them
			testMatch: [
				'<rootDir>/{test,simulator}/**/*.unit.test.ts',
				'<rootDir>/test/unit/**/*.test.ts',
			],
		},
		{
			...base,
			...onDemandWorkflow,
			displayName: 'model',
			testMatch: ['<rootDir>/{test,simulator}/**/*.model.test.ts'],
		},
		{
			...base,
			displayName: 'contract',
			testMatch: ['<rootDir>/simulator/**/*.contract.test.ts'],
		},
		{
			...base,
			displayName: 'engine',
			// test/reliability holds the rate-limit header variants until their rewrite moves them
			testMatch: ['<rootDir>/test/**/*.engine.test.ts', '<rootDir>/test/reliability/**/*.test.ts'],
		},
		{
			...base,
			displayName: 'e2e',
			testMatch: ['<rootDir>/test/e2e/**/*.test.ts', '<rootDir>/test/**/*.e2e.test.ts'],
		},
		{ ...base, displayName: 'compat', testMatch: ['<rootDir>/test/compat/**/*.test.ts'] },
	],
};
