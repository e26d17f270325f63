import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The browser of the editor test: Debian's `chromium` package, driven by the npm package playwright-core.
 * Playwright's own installer downloads its browser builds from outside the npm registry, which these
 * machines cannot reach, so the set-up installs Debian's package instead when it is missing:
 * `apt-get install -y chromium`, as root or through password-less sudo. QRTRAC_CHROMIUM names another
 * Chromium binary (nothing is installed then).
 */
export const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/**
 * Flags for a headless Chromium on a machine without outside network: no sandbox (root, containers), no GPU,
 * and none of the background connections (updates, sync, safe browsing, QUIC probes) Chromium would otherwise
 * try and see refused at every start.
 */
export const CHROMIUM_ARGS = [
	'--no-sandbox',
	'--disable-gpu',
	'--disable-quic',
	'--no-first-run',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
	'--disable-dev-shm-usage',
];

/** Returns the Chromium binary to drive, installing Debian's package first when it is missing. */
export function ensureChromium(log: (line: string) => void = () => undefined): string {
	const chosen = process.env.QRTRAC_CHROMIUM;
	if (chosen) {
		if (!isExecutable(chosen))
			throw new Error(`QRTRAC_CHROMIUM=${chosen} is not an executable file`);
		return chosen;
	}
	if (isExecutable(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;

	const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
	const sudo = asRoot ? [] : passwordlessSudo();
	if (!sudo) {
		throw new Error(
			`Chromium is not installed (${DEBIAN_CHROMIUM}) and this user can neither install packages nor use sudo ` +
				`without a password. Install it once with \`sudo apt-get install -y chromium\`, or set QRTRAC_CHROMIUM ` +
				`to a Chromium binary.`,
		);
	}
	if (!commandExists('apt-get')) {
		throw new Error(
			`Chromium is not installed (${DEBIAN_CHROMIUM}) and apt-get is not available to install it: install ` +
				`Chromium with the system's package manager, or set QRTRAC_CHROMIUM to a Chromium binary.`,
		);
	}
	log(`Chromium is missing: installing Debian's chromium package (apt-get, about a minute)`);
	// wait for another apt run (e.g. a parallel set-up) instead of failing on its lock
	const install = [
		...sudo,
		'apt-get',
		'-o',
		'DPkg::Lock::Timeout=300',
		'install',
		'-y',
		'--no-install-recommends',
		'chromium',
	];
	let result = run(install);
	if (result.status !== 0) {
		// a fresh machine may have no package lists yet
		log('apt-get install failed; updating the package lists and trying again');
		run([...sudo, 'apt-get', '-o', 'DPkg::Lock::Timeout=300', 'update']);
		result = run(install);
	}
	if (result.status !== 0 || !isExecutable(DEBIAN_CHROMIUM)) {
		throw new Error(
			`Installing Chromium failed (apt-get exit ${result.status}):\n${result.output.slice(-3000)}`,
		);
	}
	log(`Chromium installed at ${DEBIAN_CHROMIUM}`);
	return DEBIAN_CHROMIUM;
}

function run(command: string[]): { status: number | null; output: string } {
	const result = spawnSync(command[0], command.slice(1), {
		encoding: 'utf8',
		env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
		timeout: 15 * 60_000,
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	return { status: result.status, output: `${result.stdout ?? ''}${result.stderr ?? ''}` };
}

/** `['sudo', '-n']` when sudo works without a password, else undefined. */
function passwordlessSudo(): string[] | undefined {
	if (!commandExists('sudo')) return undefined;
	return spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status === 0
		? ['sudo', '-n']
		: undefined;
}

function commandExists(name: string): boolean {
	return (process.env.PATH ?? '')
		.split(path.delimiter)
		.some((dir) => dir && isExecutable(path.join(dir, name)));
}

function isExecutable(file: string): boolean {
	if (!existsSync(file)) return false;
	try {
		accessSync(file, constants.X_OK);
		return true;
	} catch {
		return false;
	}
}
