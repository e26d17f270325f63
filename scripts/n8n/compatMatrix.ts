import { N8N_VERSION } from './runtimePaths';

/**
 * The n8n versions the compatibility suite (test/compat, `npm run test:compat`) runs the package in, one
 * at a time. The one list: scripts/test-compat.mjs, the suite and .github/workflows/compat.yml's matrix
 * (checked by scripts/lint-workflows.mjs) all read it.
 */
export interface CompatTarget {
	version: string;
	/** Why this version is in the matrix (the README's compatibility table repeats it). */
	why: string;
}

export const COMPAT_MATRIX: readonly CompatTarget[] = [
	{
		version: '1.123.81',
		why: 'newest patch of the 1.x line, still patched (September 2026) and run by many self-hosted users',
	},
	{ version: N8N_VERSION, why: 'the pinned release every other suite runs in' },
	{
		version: '2.40.7',
		why: 'the newest 2.x that installs from the registry here besides the pinned one: 2.41.3 (latest) pins packages the registry lacks',
	},
];

/** Environment variable naming the one version of the matrix to run (`npm run test:compat -- <version>` sets it). */
export const COMPAT_VERSION_ENV = 'QRTRAC_COMPAT_N8N_VERSION';

/** The matrix entry for `version`, or an error listing the matrix. */
export function compatTarget(version: string): CompatTarget {
	const target = COMPAT_MATRIX.find((entry) => entry.version === version);
	if (!target)
		throw new Error(
			`n8n ${version} is not in the compatibility matrix (scripts/n8n/compatMatrix.ts): ${COMPAT_MATRIX.map((entry) => entry.version).join(', ')}`,
		);
	return target;
}
