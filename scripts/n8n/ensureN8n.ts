import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { commandExists, installDebianPackages } from '../system/debianPackages';
import { withInstallLock } from './installLock';
import type { N8nRecipe } from './n8nRecipes';
import { n8nRecipe } from './n8nRecipes';
import { runLogged } from './runLogged';
import {
	N8N_VERSION,
	n8nCacheDir,
	n8nCliPath,
	node24Env,
	npmCliPath,
	requireNode24,
} from './runtimePaths';

/** A usable n8n: run `nodeBin cliPath <command>` with {@link node24Env}. */
export interface N8nInstallation {
	version: string;
	installDir: string;
	cliPath: string;
	nodeBin: string;
	/** Seconds the install took when it happened in this call; 0 when an earlier install was reused. */
	installSeconds: number;
}

export interface EnsureN8nOptions {
	log?: (line: string) => void;
	/** Install even when a complete installation exists. */
	force?: boolean;
	/**
	 * The n8n release (default: the pinned {@link N8N_VERSION}). Each version has its own cache folder and
	 * follows its line's recipe (scripts/n8n/n8nRecipes.ts).
	 */
	version?: string;
}

/** What the completion marker of an installation folder records. */
export interface InstallMarker {
	version: string;
	node: string;
	installSeconds: number;
	finishedAt: string;
}

const MARKER = '.qrtrac-install-complete.json';
const INSTALL_TIMEOUT_MS = 30 * 60_000;
const REBUILD_TIMEOUT_MS = 15 * 60_000;
const LOCK_WAIT_MS = 45 * 60_000;

/**
 * The folder n8n is installed into gets exactly this package.json: n8n pinned, plus the overrides of the
 * version's recipe (for the pinned 2.41.1: linkedom held at 0.18.13, because 0.18.15 needs a package the
 * registry here does not serve).
 */
function runtimePackage(version: string, recipe: N8nRecipe): Record<string, unknown> {
	return {
		name: 'qrtrac-n8n-runtime',
		private: true,
		description:
			'n8n for the n8n-nodes-qrtrac e2e tests, demo and dev server (installed by scripts/n8n/ensureN8n.ts)',
		dependencies: { n8n: version },
		overrides: recipe.overrides,
	};
}

/**
 * Makes sure n8n (the pinned release unless `options.version` names another) is installed in the
 * machine-wide cache folder and returns how to run it. Idempotent: a folder with the completion marker is
 * reused at once; a folder without it (an install that was interrupted) is wiped and installed again.
 * Install scripts are skipped (a Kafka client would download zlib) and only sqlite3 is rebuilt, from source,
 * against Node 24's headers.
 */
export async function ensureN8n(options: EnsureN8nOptions = {}): Promise<N8nInstallation> {
	const log = options.log ?? ((line: string) => process.stderr.write(`[n8n] ${line}\n`));
	const version = options.version ?? N8N_VERSION;
	if (!/^\d+\.\d+\.\d+$/.test(version))
		throw new Error(`n8n version "${version}" is not an exact version (x.y.z)`);
	const recipe = n8nRecipe(version);
	const nodeBin = recipeNode(recipe);
	const installDir = n8nCacheDir(version);
	const ready = (): N8nInstallation | undefined => readInstallation(installDir, nodeBin, version);
	if (!options.force) {
		const existing = ready();
		if (existing) return existing;
	}
	return await withInstallLock(installDir, LOCK_WAIT_MS, log, async () => {
		const finishedMeanwhile = options.force ? undefined : ready();
		if (finishedMeanwhile) return finishedMeanwhile;
		return await install(installDir, nodeBin, version, recipe, log);
	});
}

/** sqlite3 is compiled from source (its prebuilt binaries come from outside the npm registry): make, g++, Python 3. */
function ensureBuildTools(log: (line: string) => void): void {
	const missing = [
		...(commandExists('make') && commandExists('g++') ? [] : ['build-essential']),
		...(pythonForNodeGyp() ? [] : ['python3']),
	];
	if (missing.length > 0) installDebianPackages(missing, "Building n8n's sqlite3", log);
}

/** Whether node-gyp finds a Python: one named in its settings, else `python3` or `python` on PATH. */
function pythonForNodeGyp(): boolean {
	const named = ['NODE_GYP_FORCE_PYTHON', 'npm_config_python', 'PYTHON'].some(
		(key) => process.env[key],
	);
	return named || commandExists('python3') || commandExists('python');
}

async function install(
	installDir: string,
	nodeBin: string,
	wanted: string,
	recipe: N8nRecipe,
	log: (line: string) => void,
): Promise<N8nInstallation> {
	const started = Date.now();
	log(
		`Installing n8n ${wanted} into ${installDir} (about 3-5 min and 2-3 GB on an empty npm cache)`,
	);
	ensureBuildTools(log);
	rmSync(installDir, { recursive: true, force: true });
	mkdirSync(installDir, { recursive: true });
	writeFileSync(
		path.join(installDir, 'package.json'),
		`${JSON.stringify(runtimePackage(wanted, recipe), null, 2)}\n`,
	);
	const logFile = path.join(installDir, 'install.log');
	writeFileSync(logFile, `n8n ${wanted} install started ${new Date().toISOString()}\n`);
	const npm = npmCliPath();
	const env = node24Env({ npm_config_build_from_source: 'true', JOBS: 'max' });
	const common = { command: nodeBin, cwd: installDir, env, logFile, log };
	await runLogged({
		...common,
		label: `npm install n8n@${wanted}`,
		args: [npm, 'install', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=warn'],
		timeoutMs: INSTALL_TIMEOUT_MS,
	});
	await runLogged({
		...common,
		label: 'build sqlite3 for Node 24',
		args: [
			npm,
			'rebuild',
			'sqlite3',
			'--ignore-scripts=false',
			'--foreground-scripts',
			'--loglevel=warn',
		],
		timeoutMs: REBUILD_TIMEOUT_MS,
	});
	const cliPath = n8nCliPath(installDir);
	verifyNativeModules(installDir, nodeBin, recipe.nativeModules);
	const version = n8nVersion(nodeBin, cliPath);
	if (version !== wanted)
		throw new Error(`Installed n8n reports version "${version}", expected ${wanted}`);
	const installSeconds = Math.round((Date.now() - started) / 100) / 10;
	const marker: InstallMarker = {
		version,
		node: execFileSync(nodeBin, ['--version'], { encoding: 'utf8' }).trim(),
		installSeconds,
		finishedAt: new Date().toISOString(),
	};
	writeFileSync(path.join(installDir, MARKER), `${JSON.stringify(marker, null, 2)}\n`);
	log(`n8n ${version} installed in ${installSeconds} s`);
	return { version, installDir, cliPath, nodeBin, installSeconds };
}

function readInstallation(
	installDir: string,
	nodeBin: string,
	version: string,
): N8nInstallation | undefined {
	const cliPath = n8nCliPath(installDir);
	const marker = readInstallMarker(installDir);
	if (!marker || !existsSync(cliPath)) return undefined;
	if (marker.version !== version) return undefined;
	return { version, installDir, cliPath, nodeBin, installSeconds: 0 };
}

/** The Node binary a recipe names (every line runs on the project's Node 24 today). */
function recipeNode(recipe: N8nRecipe): string {
	switch (recipe.node) {
		case 'node24':
			return requireNode24();
	}
}

/** The completion marker of an installation folder (what the install that made it measured), if complete. */
export function readInstallMarker(installDir: string): InstallMarker | undefined {
	const markerFile = path.join(installDir, MARKER);
	if (!existsSync(markerFile)) return undefined;
	return JSON.parse(readFileSync(markerFile, 'utf8')) as InstallMarker;
}

/**
 * The recipe's native modules (sqlite3, the database; in 2.x isolated-vm, the expression engine) must load
 * under Node 24, or n8n cannot run.
 */
function verifyNativeModules(installDir: string, nodeBin: string, modules: string[]): void {
	const probe = `for (const m of ${JSON.stringify(modules)}) require(require.resolve(m, { paths: [${JSON.stringify(path.join(installDir, 'node_modules', 'n8n'))}] }));`;
	try {
		execFileSync(nodeBin, ['-e', probe], { cwd: installDir, env: node24Env(), stdio: 'pipe' });
	} catch (error) {
		throw new Error(
			`Native modules of the n8n install do not load under Node 24: ${(error as { stderr?: Buffer }).stderr?.toString() ?? error}`,
		);
	}
}

function n8nVersion(nodeBin: string, cliPath: string): string {
	return (
		execFileSync(nodeBin, [cliPath, '--version'], {
			env: node24Env(),
			encoding: 'utf8',
			timeout: 120_000,
		})
			.trim()
			.split('\n')
			.pop() ?? ''
	);
}
