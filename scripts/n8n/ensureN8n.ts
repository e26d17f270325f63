import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { withInstallLock } from './installLock';
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
}

const MARKER = '.qrtrac-install-complete.json';
const INSTALL_TIMEOUT_MS = 30 * 60_000;
const REBUILD_TIMEOUT_MS = 15 * 60_000;
const LOCK_WAIT_MS = 45 * 60_000;

/**
 * The folder n8n is installed into gets exactly this package.json. linkedom is held at 0.18.13 because
 * 0.18.15 needs a package the registry here does not serve.
 */
const RUNTIME_PACKAGE = {
	name: 'qrtrac-n8n-runtime',
	private: true,
	description:
		'n8n for the n8n-nodes-qrtrac e2e tests, demo and dev server (installed by scripts/n8n/ensureN8n.ts)',
	dependencies: { n8n: N8N_VERSION },
	overrides: { linkedom: '0.18.13' },
};

/**
 * Makes sure the pinned n8n is installed in the machine-wide cache folder and returns how to run it.
 * Idempotent: a folder with the completion marker is reused at once; a folder without it (an install that
 * was interrupted) is wiped and installed again. Install scripts are skipped (a Kafka client would download
 * zlib) and only sqlite3 is rebuilt, from source, against Node 24's headers.
 */
export async function ensureN8n(options: EnsureN8nOptions = {}): Promise<N8nInstallation> {
	const log = options.log ?? ((line: string) => process.stderr.write(`[n8n] ${line}\n`));
	const nodeBin = requireNode24();
	const installDir = n8nCacheDir();
	const ready = (): N8nInstallation | undefined => readInstallation(installDir, nodeBin);
	if (!options.force) {
		const existing = ready();
		if (existing) return existing;
	}
	return await withInstallLock(installDir, LOCK_WAIT_MS, log, async () => {
		const finishedMeanwhile = options.force ? undefined : ready();
		if (finishedMeanwhile) return finishedMeanwhile;
		return await install(installDir, nodeBin, log);
	});
}

async function install(
	installDir: string,
	nodeBin: string,
	log: (line: string) => void,
): Promise<N8nInstallation> {
	const started = Date.now();
	log(
		`Installing n8n ${N8N_VERSION} into ${installDir} (about 4-5 min and 3 GB on an empty npm cache)`,
	);
	rmSync(installDir, { recursive: true, force: true });
	mkdirSync(installDir, { recursive: true });
	writeFileSync(
		path.join(installDir, 'package.json'),
		`${JSON.stringify(RUNTIME_PACKAGE, null, 2)}\n`,
	);
	const logFile = path.join(installDir, 'install.log');
	writeFileSync(logFile, `n8n ${N8N_VERSION} install started ${new Date().toISOString()}\n`);
	const npm = npmCliPath();
	const env = node24Env({ npm_config_build_from_source: 'true', JOBS: 'max' });
	const common = { command: nodeBin, cwd: installDir, env, logFile, log };
	await runLogged({
		...common,
		label: `npm install n8n@${N8N_VERSION}`,
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
	verifyNativeModules(installDir, nodeBin);
	const version = n8nVersion(nodeBin, cliPath);
	if (version !== N8N_VERSION)
		throw new Error(`Installed n8n reports version "${version}", expected ${N8N_VERSION}`);
	const installSeconds = Math.round((Date.now() - started) / 100) / 10;
	const marker = {
		version,
		node: execFileSync(nodeBin, ['--version'], { encoding: 'utf8' }).trim(),
		installSeconds,
		finishedAt: new Date().toISOString(),
	};
	writeFileSync(path.join(installDir, MARKER), `${JSON.stringify(marker, null, 2)}\n`);
	log(`n8n ${version} installed in ${installSeconds} s`);
	return { version, installDir, cliPath, nodeBin, installSeconds };
}

function readInstallation(installDir: string, nodeBin: string): N8nInstallation | undefined {
	const markerFile = path.join(installDir, MARKER);
	const cliPath = n8nCliPath(installDir);
	if (!existsSync(markerFile) || !existsSync(cliPath)) return undefined;
	const marker = JSON.parse(readFileSync(markerFile, 'utf8')) as { version?: string };
	if (marker.version !== N8N_VERSION) return undefined;
	return { version: N8N_VERSION, installDir, cliPath, nodeBin, installSeconds: 0 };
}

/** sqlite3 (the database) and isolated-vm (the expression engine) must load under Node 24, or n8n cannot run. */
function verifyNativeModules(installDir: string, nodeBin: string): void {
	const probe = `for (const m of ['sqlite3', 'isolated-vm']) require(require.resolve(m, { paths: [${JSON.stringify(path.join(installDir, 'node_modules', 'n8n'))}] }));`;
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
