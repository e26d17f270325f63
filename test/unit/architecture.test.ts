/**
 * The house rules of docs/architecture.md, checked on the sources: which part may import which, the one module
 * that writes QRTRAC's paths, the one module that makes HTTP calls.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.join(__dirname, '../..');

function filesUnder(folder: string): string[] {
	const absolute = path.join(ROOT, folder);
	return readdirSync(absolute).flatMap((name) => {
		const full = path.join(absolute, name);
		if (statSync(full).isDirectory()) return filesUnder(path.join(folder, name));
		return /\.(ts|mjs)$/.test(name) && !name.endsWith('.d.ts') ? [path.join(folder, name)] : [];
	});
}

function importsOf(file: string): string[] {
	const text = readFileSync(path.join(ROOT, file), 'utf8');
	return [...text.matchAll(/(?:^|\n)\s*(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]/g)].map(
		(match) => match[1],
	);
}

/** The folder an import lands in, relative to the repository. */
function target(file: string, specifier: string): string {
	return specifier.startsWith('.')
		? path.relative(ROOT, path.resolve(path.dirname(path.join(ROOT, file)), specifier))
		: specifier;
}

const shipped = [...filesUnder('nodes'), ...filesUnder('credentials')];

describe('which part may import which', () => {
	it('shipped code imports only itself, n8n-workflow, zod, luxon and crypto', () => {
		const allowed = /^(n8n-workflow|zod|luxon|crypto|node:crypto)$/;
		const offending = shipped.flatMap((file) =>
			importsOf(file)
				.map((specifier) => [specifier, target(file, specifier)])
				.filter(([specifier, landing]) =>
					specifier.startsWith('.')
						? !/^(nodes|credentials)\//.test(landing)
						: !allowed.test(specifier),
				)
				.map(([specifier]) => `${file} -> ${specifier}`),
		);
		expect(offending).toEqual([]);
	});

	it('nodes/shared knows no node and no operation', () => {
		const offending = filesUnder('nodes/shared').flatMap((file) =>
			importsOf(file)
				.filter((specifier) => /^nodes\/(Qrtrac|QrtracTrigger)\//.test(target(file, specifier)))
				.map((specifier) => `${file} -> ${specifier}`),
		);
		expect(offending).toEqual([]);
	});

	it('the core (executor, rate limiter, the parts of the transport) never imports the transport', () => {
		const transport = path.join('nodes', 'shared', 'transport');
		const callers = [
			path.join('nodes', 'shared', 'api'),
			path.join('nodes', 'shared', 'imageDownload.ts'),
		];
		const offending = filesUnder('nodes/shared')
			.filter((file) => !callers.some((caller) => file.startsWith(caller)))
			.flatMap((file) =>
				importsOf(file)
					.filter((specifier) => target(file, specifier) === transport)
					.map((specifier) => `${file} -> ${specifier}`),
			);
		expect(offending).toEqual([]);
	});

	it('the parts of the rate limiter import nothing of the nodes but the service clock and the connection type', () => {
		const allowed = ['serviceClock', 'connection'].map((name) =>
			path.join('nodes', 'shared', name),
		);
		const offending = filesUnder('nodes/shared/rateLimit').flatMap((file) =>
			importsOf(file)
				.map((specifier) => target(file, specifier))
				.filter((landing) => !landing.startsWith(path.join('nodes', 'shared', 'rateLimit')))
				.filter((landing) => !allowed.includes(landing))
				.map((landing) => `${file} -> ${landing}`),
		);
		expect(offending).toEqual([]);
	});

	it('tooling (scripts/) does not import the tests', () => {
		const offending = filesUnder('scripts').flatMap((file) =>
			importsOf(file)
				.filter((specifier) => target(file, specifier).startsWith('test/'))
				.map((specifier) => `${file} -> ${specifier}`),
		);
		expect(offending).toEqual([]);
	});
});

describe('one module for endpoints, one for HTTP', () => {
	it('only the endpoint module writes a QRTRAC path', () => {
		const pathLiteral = /['"`]\/(qrs-api|teams-api|analytics-api|qr-templates-api|qr\/create)/;
		const offending = filesUnder('nodes').filter(
			(file) =>
				!file.startsWith(path.join('nodes', 'shared', 'api')) &&
				pathLiteral.test(readFileSync(path.join(ROOT, file), 'utf8')),
		);
		expect(offending).toEqual([]);
	});

	it('only the transport (and the uncredentialed image download) makes HTTP calls', () => {
		const httpCall = /helpers\.(httpRequest|httpRequestWithAuthentication|request)\b/;
		const httpModules = ['transport.ts', 'imageDownload.ts'].map((name) =>
			path.join('nodes', 'shared', name),
		);
		const offending = filesUnder('nodes').filter(
			(file) =>
				!httpModules.includes(file) && httpCall.test(readFileSync(path.join(ROOT, file), 'utf8')),
		);
		expect(offending).toEqual([]);
	});
});
