import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

import { node24Env, npmCliPath, projectRoot, requireNode24 } from './runtimePaths';

const run = promisify(execFile);

/** A packed build of the package, as `npm publish` would upload it. */
export interface PackedPackage {
	tarball: string;
	name: string;
	version: string;
}

/** How a package reaches n8n. */
export type LoadingMode = 'community' | 'custom';

/** Node types of a package are prefixed with the package name (community) or `CUSTOM` (custom folder). */
export function nodeTypePrefix(mode: LoadingMode, packageName: string): string {
	return mode === 'community' ? packageName : 'CUSTOM';
}

async function npm(args: string[], cwd: string, timeoutMs: number): Promise<string> {
	const nodeBin = requireNode24();
	try {
		const { stdout } = await run(nodeBin, [npmCliPath(), ...args], {
			cwd,
			env: node24Env(),
			timeout: timeoutMs,
			maxBuffer: 64 * 1024 * 1024,
		});
		return stdout;
	} catch (error) {
		const { stdout, stderr } = error as { stdout?: string; stderr?: string };
		throw new Error(
			`npm ${args.join(' ')} failed in ${cwd}:\n${[stdout, stderr].filter(Boolean).join('\n').slice(-4000)}`,
		);
	}
}

/** `npm run build`: compiles nodes/ and credentials/ into dist/ and copies the icons. */
export async function buildPackage(): Promise<void> {
	await npm(['run', 'build'], projectRoot, 5 * 60_000);
}

/** `npm pack` of the clone into `destination`: exactly the files a user downloads from the registry. */
export async function packPackage(destination: string): Promise<PackedPackage> {
	mkdirSync(destination, { recursive: true });
	const out = await npm(
		['pack', '--json', '--pack-destination', destination],
		projectRoot,
		2 * 60_000,
	);
	const [packed] = JSON.parse(out) as Array<{ filename: string; name: string; version: string }>;
	return {
		tarball: path.join(destination, packed.filename),
		name: packed.name,
		version: packed.version,
	};
}

/**
 * Installs the tarball the way n8n 2.41's Settings > Community nodes does (CommunityPackagesService.downloadPackage):
 * unpack into `<N8N_USER_FOLDER>/.n8n/nodes/node_modules/<name>`, drop devDependencies, peerDependencies and
 * optionalDependencies from its package.json, then `npm install` its runtime dependencies with scripts off.
 * n8n finds it at start-up by scanning that folder for `n8n-nodes-*`; node types are `<name>.<node>`.
 * `n8n-workflow` and `zod` are not installed next to it: they resolve from n8n's own node_modules, because
 * n8n puts its module paths on NODE_PATH before loading packages.
 */
export async function installAsCommunityPackage(
	packed: PackedPackage,
	userFolder: string,
): Promise<string> {
	const nodesDir = path.join(userFolder, '.n8n', 'nodes');
	const packageDir = path.join(nodesDir, 'node_modules', packed.name);
	await unpack(packed, packageDir);
	await npm(
		[
			'install',
			'--audit=false',
			'--fund=false',
			'--bin-links=false',
			'--install-strategy=shallow',
			'--ignore-scripts=true',
			'--package-lock=false',
		],
		packageDir,
		5 * 60_000,
	);
	const manifest = {
		name: 'installed-nodes',
		private: true,
		dependencies: { [packed.name]: packed.version },
	};
	writeFileSync(path.join(nodesDir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
	return packageDir;
}

/**
 * Installs the tarball into a folder meant for N8N_CUSTOM_EXTENSIONS (or `<N8N_USER_FOLDER>/.n8n/custom`):
 * the same unpacked files without dev, peer or optional dependencies. n8n loads every `*.node.js` and
 * `*.credentials.js` below it; node types are `CUSTOM.<node>`.
 */
export async function installAsCustomExtension(
	packed: PackedPackage,
	extensionDir: string,
): Promise<string> {
	const packageDir = path.join(extensionDir, packed.name);
	await unpack(packed, packageDir);
	await npm(
		[
			'install',
			'--omit=dev',
			'--omit=peer',
			'--omit=optional',
			'--ignore-scripts=true',
			'--package-lock=false',
			'--audit=false',
			'--fund=false',
		],
		packageDir,
		5 * 60_000,
	);
	return packageDir;
}

/** Replaces whatever an earlier install left in `packageDir` with the tarball's files. */
async function unpack(packed: PackedPackage, packageDir: string): Promise<void> {
	rmSync(packageDir, { recursive: true, force: true });
	mkdirSync(packageDir, { recursive: true });
	await run('tar', ['-xzf', packed.tarball, '-C', packageDir, '--strip-components=1']);
	const manifestPath = path.join(packageDir, 'package.json');
	const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, unknown>;
	for (const key of ['devDependencies', 'peerDependencies', 'optionalDependencies'])
		delete manifest[key];
	writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
}
