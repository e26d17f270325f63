/**
 * The suites: pure units, the simulator against the contract, nodes in-process through n8n-core, real n8n
 * (e2e), and the n8n version matrix (compat: run by `npm run test:compat`, one n8n version at a time, not by
 * `npm test`).
 */
const tsJest = ['ts-jest', { isolatedModules: true, diagnostics: false }];
const base = {
	testEnvironment: 'node',
	transform: { '^.+\\.ts$': tsJest },
	moduleFileExtensions: ['ts', 'js', 'json'],
};

module.exports = {
	projects: [
		{
			...base,
			displayName: 'unit',
			testMatch: [
				'<rootDir>/test/unit/**/*.test.ts',
				'<rootDir>/{test,simulator}/**/*.unit.test.ts',
			],
		},
		{
			...base,
			displayName: 'contract',
			testMatch: [
				'<rootDir>/test/contract/**/*.test.ts',
				'<rootDir>/simulator/**/*.contract.test.ts',
			],
		},
		{
			...base,
			displayName: 'integration',
			testMatch: ['<rootDir>/test/integration/**/*.test.ts', '<rootDir>/test/**/*.engine.test.ts'],
		},
		{ ...base, displayName: 'reliability', testMatch: ['<rootDir>/test/reliability/**/*.test.ts'] },
		{ ...base, displayName: 'e2e', testMatch: ['<rootDir>/test/e2e/**/*.test.ts'] },
		{ ...base, displayName: 'compat', testMatch: ['<rootDir>/test/compat/**/*.test.ts'] },
	],
};
