import { installDebianPackages, isExecutable } from '../system/debianPackages';

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

	try {
		installDebianPackages(['chromium'], 'The editor test', log);
	} catch (error) {
		const reason = error instanceof Error ? error.message : String(error);
		throw new Error(`${reason}\nOr set QRTRAC_CHROMIUM to a Chromium binary.`);
	}
	if (!isExecutable(DEBIAN_CHROMIUM))
		throw new Error(`Debian's chromium package is installed but ${DEBIAN_CHROMIUM} is missing`);
	log(`Chromium installed at ${DEBIAN_CHROMIUM}`);
	return DEBIAN_CHROMIUM;
}
