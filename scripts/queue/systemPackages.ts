import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** The servers queue mode needs, from Debian's packages (`postgresql`, `redis-server`). */
export interface QueueServerBinaries {
	/** PostgreSQL's own tools: initdb, postgres, psql (the newest installed major version). */
	postgresBin: string;
	redisServer: string;
}

const POSTGRES_ROOT = '/usr/lib/postgresql';
const REDIS_SERVER = '/usr/bin/redis-server';
const APT_TIMEOUT_MS = 15 * 60_000;

/**
 * Finds PostgreSQL and Redis, installing Debian's `postgresql` and `redis-server` packages when one is
 * missing: with apt-get as root, with `sudo -n apt-get` otherwise, or failing with what to run by hand.
 * apt waits for a lock another install holds (up to ten minutes) rather than failing.
 */
export function ensureQueueServers(log: (line: string) => void): QueueServerBinaries {
	const missing = [
		...(findPostgresBin() ? [] : ['postgresql']),
		...(existsSync(REDIS_SERVER) ? [] : ['redis-server']),
	];
	if (missing.length > 0) installDebianPackages(missing, log);
	const postgresBin = findPostgresBin();
	if (!postgresBin || !existsSync(REDIS_SERVER)) {
		throw new Error(
			`PostgreSQL or Redis is still missing after installing ${missing.join(', ')}: expected ${POSTGRES_ROOT}/<version>/bin and ${REDIS_SERVER}`,
		);
	}
	return { postgresBin, redisServer: REDIS_SERVER };
}

function findPostgresBin(): string | undefined {
	if (!existsSync(POSTGRES_ROOT)) return undefined;
	const versions = readdirSync(POSTGRES_ROOT)
		.filter(
			(name) => /^\d+$/.test(name) && existsSync(path.join(POSTGRES_ROOT, name, 'bin', 'initdb')),
		)
		.sort((a, b) => Number(b) - Number(a));
	return versions.length > 0 ? path.join(POSTGRES_ROOT, versions[0], 'bin') : undefined;
}

function installDebianPackages(packages: string[], log: (line: string) => void): void {
	const isRoot = process.getuid?.() === 0;
	const prefix = isRoot ? [] : sudoAvailable() ? ['sudo', '-n'] : undefined;
	if (!prefix) {
		throw new Error(
			`Queue mode needs Debian's ${packages.join(' and ')} package(s), which are not installed, and this user can neither install them (not root) nor use sudo without a password. Run: sudo apt-get install -y ${packages.join(' ')}`,
		);
	}
	if (!existsSync('/usr/bin/apt-get'))
		throw new Error(
			`apt-get not found: install ${packages.join(', ')} with this system's package manager`,
		);
	const apt = (args: string[]) => {
		const [command, ...rest] = [...prefix, 'apt-get', ...args];
		return spawnSync(command, rest, {
			encoding: 'utf8',
			timeout: APT_TIMEOUT_MS,
			env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
		});
	};
	const install = () =>
		apt(['-o', 'DPkg::Lock::Timeout=600', 'install', '-y', '--no-install-recommends', ...packages]);
	log(
		`Installing Debian packages: ${packages.join(', ')} (apt-get${isRoot ? '' : ' through sudo'})`,
	);
	let result = install();
	if (
		result.status !== 0 &&
		/Unable to locate package|has no installation candidate/.test(result.stderr + result.stdout)
	) {
		log('Package lists are missing or old: apt-get update');
		apt(['-o', 'DPkg::Lock::Timeout=600', 'update']);
		result = install();
	}
	if (result.status !== 0) {
		throw new Error(
			`apt-get install ${packages.join(' ')} failed (exit ${result.status ?? result.signal}):\n${(result.stdout + result.stderr).slice(-3000)}`,
		);
	}
	log(`Installed ${packages.join(', ')}`);
}

function sudoAvailable(): boolean {
	try {
		execFileSync('sudo', ['-n', 'true'], { stdio: 'ignore', timeout: 10_000 });
		return true;
	} catch {
		return false;
	}
}
