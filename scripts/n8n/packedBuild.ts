import { createHash } from 'node:crypto';
import {
	existsSync,
	mkdirSync,
	mkdtempSync,
	readdirSync,
	readFileSync,
	renameSync,
	rmSync,
	statSync,
} from 'node:fs';
import path from 'node:path';

import { withInstallLock } from './installLock';
import type { PackedPackage } from './packageInstall';
import { buildPackage, packPackage } from './packageInstall';
import { projectRoot } from './runtimePaths';

/** Everything `npm run build` and `npm pack` read: a change to any of it means a new tarball. */
const BUILD_INPUTS = [
	'package.json',
	'tsconfig.json',
	'tsconfig.build.json',
	'gulpfile.js',
	'nodes',
	'credentials',
];
const CACHE_DIR = path.join(projectRoot, '.n8n-runtime', 'packed');
/** Tarballs of older sources kept besides the current one (the rest are removed). */
const KEEP_OLD = 3;

/**
 * The package built and packed from the current sources, reused while the sources stay the same: every
 * e2e test file, the demo and the dev server would otherwise each spend a build and a pack on identical
 * output. The cache key is a hash of the build inputs; building runs under a lock so two processes never
 * write dist/ at once.
 */
export async function packedBuild(log: (line: string) => void): Promise<PackedPackage> {
	const key = sourceHash();
	const entry = path.join(CACHE_DIR, key);
	const cached = readEntry(entry);
	if (cached) return cached;
	return await withInstallLock(path.join(CACHE_DIR, 'build'), 10 * 60_000, log, async () => {
		const finishedMeanwhile = readEntry(entry);
		if (finishedMeanwhile) return finishedMeanwhile;
		log('Building the package (npm run build)');
		await buildPackage();
		// filed under the sources the build actually saw, in case they changed while it ran
		const builtKey = sourceHash();
		const builtEntry = path.join(CACHE_DIR, builtKey);
		const staging = mkdtempSync(path.join(CACHE_DIR, `.staging-${builtKey}-`));
		let packed: PackedPackage;
		try {
			packed = await packPackage(staging);
		} catch (error) {
			rmSync(staging, { recursive: true, force: true });
			throw error;
		}
		rmSync(builtEntry, { recursive: true, force: true });
		renameSync(staging, builtEntry);
		pruneOldEntries(builtKey);
		log(`Packed ${path.basename(packed.tarball)} (sources ${builtKey})`);
		return { ...packed, tarball: path.join(builtEntry, path.basename(packed.tarball)) };
	});
}

function readEntry(entry: string): PackedPackage | undefined {
	if (!existsSync(entry)) return undefined;
	const tarball = readdirSync(entry).find((file) => file.endsWith('.tgz'));
	if (!tarball) return undefined;
	const manifest = JSON.parse(readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as {
		name: string;
		version: string;
	};
	return { tarball: path.join(entry, tarball), name: manifest.name, version: manifest.version };
}

/** sha256 over the relative path and content of every build input file, in a fixed order. */
function sourceHash(): string {
	const hash = createHash('sha256');
	for (const file of BUILD_INPUTS.flatMap((input) =>
		filesBelow(path.join(projectRoot, input)),
	).sort()) {
		hash
			.update(path.relative(projectRoot, file))
			.update('\0')
			.update(readFileSync(file))
			.update('\0');
	}
	return hash.digest('hex').slice(0, 16);
}

function filesBelow(target: string): string[] {
	if (!existsSync(target)) return [];
	if (!statSync(target).isDirectory()) return [target];
	return readdirSync(target).flatMap((name) => filesBelow(path.join(target, name)));
}

function pruneOldEntries(current: string): void {
	mkdirSync(CACHE_DIR, { recursive: true });
	const entries = readdirSync(CACHE_DIR)
		.filter((name) => /^[0-9a-f]{16}$/.test(name) && name !== current)
		.map((name) => ({ name, time: statSync(path.join(CACHE_DIR, name)).mtimeMs }))
		.sort((a, b) => b.time - a.time);
	for (const old of entries.slice(KEEP_OLD))
		rmSync(path.join(CACHE_DIR, old.name), { recursive: true, force: true });
}
