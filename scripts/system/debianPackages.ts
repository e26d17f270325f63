import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import path from 'node:path';

/**
 * Debian packages the set-up installs when a machine lacks them (the browser, queue mode's servers, the tool chain
 * n8n's sqlite3 is compiled with): apt-get as root, else through password-less sudo, else an error saying what to
 * run by hand. apt waits for a lock another install holds rather than failing, and a fresh machine's missing
 * package lists are fetched once.
 */
export function installDebianPackages(
	packages: string[],
	purpose: string,
	log: (line: string) => void,
): void {
	const prefix = isRoot() ? [] : passwordlessSudo();
	const byHand = `sudo apt-get install -y ${packages.join(' ')}`;
	if (!prefix)
		throw new Error(
			`${purpose} needs Debian's ${packages.join(', ')} (not installed), and this user can neither install them (not root) nor use sudo without a password. Run: ${byHand}`,
		);
	if (!commandExists('apt-get'))
		throw new Error(
			`${purpose} needs ${packages.join(', ')}; apt-get is not available: install them with this system's package manager`,
		);
	const apt = (args: string[]) => {
		const [command, ...rest] = [...prefix, 'apt-get', '-o', 'DPkg::Lock::Timeout=600', ...args];
		const result = spawnSync(command, rest, {
			encoding: 'utf8',
			timeout: 15 * 60_000,
			stdio: ['ignore', 'pipe', 'pipe'],
			env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
		});
		return {
			status: result.status ?? result.signal,
			output: `${result.stdout ?? ''}${result.stderr ?? ''}`,
		};
	};
	const install = () => apt(['install', '-y', '--no-install-recommends', ...packages]);
	log(
		`${purpose}: installing Debian's ${packages.join(', ')} (apt-get${prefix.length > 0 ? ' through sudo' : ''})`,
	);
	let result = install();
	if (result.status !== 0) {
		log('apt-get install failed; updating the package lists and trying again');
		apt(['update']);
		result = install();
	}
	if (result.status !== 0)
		throw new Error(
			`apt-get install ${packages.join(' ')} failed (exit ${result.status}):\n${result.output.slice(-3000)}`,
		);
	log(`Installed ${packages.join(', ')}`);
}

/** Whether `name` is an executable on PATH. */
export function commandExists(name: string): boolean {
	return (process.env.PATH ?? '')
		.split(path.delimiter)
		.some((dir) => dir !== '' && isExecutable(path.join(dir, name)));
}

export function isExecutable(file: string): boolean {
	if (!existsSync(file)) return false;
	try {
		accessSync(file, constants.X_OK);
		return true;
	} catch {
		return false;
	}
}

function isRoot(): boolean {
	return typeof process.getuid === 'function' && process.getuid() === 0;
}

/** `['sudo', '-n']` when sudo works without a password, else undefined. */
function passwordlessSudo(): string[] | undefined {
	if (!commandExists('sudo')) return undefined;
	return spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore', timeout: 10_000 }).status === 0
		? ['sudo', '-n']
		: undefined;
}
