// Installs the pinned n8n (or `--version=x.y.z`, e.g. one of the compatibility matrix) into the machine-wide
// cache (idempotent): `node scripts/n8n/install.mjs [--version=x.y.z] [--force]`.
// The logic lives in ensureN8n.ts so the e2e driver, the demo and the dev server share it.
import { tsImport } from 'tsx/esm/api';

const { ensureN8n } = await tsImport('./ensureN8n.ts', import.meta.url);
const started = Date.now();
try {
	const n8n = await ensureN8n({
		force: process.argv.includes('--force'),
		version: process.argv.find((arg) => arg.startsWith('--version='))?.slice('--version='.length),
		log: (line) => console.log(`[n8n] ${line}`),
	});
	const seconds = ((Date.now() - started) / 1000).toFixed(1);
	console.log(
		`[n8n] n8n ${n8n.version} ready at ${n8n.installDir} (${n8n.installSeconds ? `installed in ${n8n.installSeconds} s` : `already installed, checked in ${seconds} s`})`,
	);
} catch (error) {
	console.error(`[n8n] install failed: ${error instanceof Error ? error.message : error}`);
	process.exit(1);
}
