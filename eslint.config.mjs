// Shipped code (nodes/, credentials/, package.json) is held to n8n's community-node rules, exactly the set
// `n8n-node lint` applies. Dev tooling (simulator, tests, benchmarks, scripts) runs on Node and never ships,
// so it gets the plain TypeScript rules with Node globals allowed.
import { config as n8nCommunityConfig } from '@n8n/node-cli/eslint';
import tseslint from 'typescript-eslint';

const tooling = ['simulator/**/*.ts', 'test/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts'];

export default [
	{
		ignores: [
			'dist/**',
			'build/**',
			'node_modules/**',
			'.cache/**',
			'.n8n-runtime/**',
			'**/*.js',
			'**/*.mjs',
		],
	},
	// n8n's first block is a global ignore (`dist`); keep it global, scope every other block to shipped code.
	...n8nCommunityConfig.map((block) =>
		Object.keys(block).every((key) => key === 'name' || key === 'ignores')
			? block
			: { ...block, ignores: [...(block.ignores ?? []), ...tooling] },
	),
	...tseslint.configs.recommended.map((block) => ({ ...block, files: tooling })),
	{
		files: tooling,
		rules: {
			'@typescript-eslint/no-explicit-any': 'off',
			'@typescript-eslint/no-require-imports': 'off',
		},
	},
];
