/**
 * The house rules of docs/architecture.md, checked on the sources: which part may import which, the one module
 * that writes QRTRAC's paths, the one module that makes HTTP calls.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.join(__dirname, '../../..');

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

/** The source without its comments, so that a path named in a comment is not taken for one the code writes. */
function codeOf(file: string): string {
	return readFileSync(path.join(ROOT, file), 'utf8')
		.replace(/\/\*[\s\S]*?\*\//g, '')
		.replace(/^\s*\/\/.*$/gm, '');
}

/** Imports of `files` that land on one of `targets` (repository paths without extension, or folders). */
function importsInto(files: string[], targets: RegExp): string[] {
	return files.flatMap((file) =>
		importsOf(file)
			.filter((specifier) => targets.test(target(file, specifier)))
			.map((specifier) => `${file} -> ${specifier}`),
	);
}

const inFolder = (folder: string) => (file: string) => file.startsWith(`${folder}/`);

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

	it('the nodes reach HTTP only through nodes/shared/api', () => {
		const nodeFiles = shipped.filter(
			(file) => inFolder('nodes/Qrtrac')(file) || inFolder('nodes/QrtracTrigger')(file),
		);
		const offending = importsInto(
			nodeFiles,
			/^nodes\/shared\/(transport|imageDownload|readConnection|qrtracRequest|slotWait|answerBody|attemptFailure|redirects)$/,
		);
		expect(offending).toEqual([]);
	});

	it('the executor and the other core parts never import the transport', () => {
		const core = filesUnder('nodes/shared').filter(
			(file) => !inFolder('nodes/shared/api')(file) && file !== 'nodes/shared/transport.ts',
		);
		expect(importsInto(core, /^nodes\/shared\/transport$/)).toEqual([]);
	});

	it('the parts of the rate limiter import nothing of the nodes but the service clock and the connection type', () => {
		const offending = importsInto(
			filesUnder('nodes/shared/rateLimit'),
			/^nodes\/(?!shared\/(rateLimit\/|serviceClock$|connection$))/,
		);
		expect(offending).toEqual([]);
	});

	it('the trigger imports nothing from the action node', () => {
		const offending = importsInto(filesUnder('nodes/QrtracTrigger'), /^nodes\/Qrtrac(\/|$)/);
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
		// Anywhere in the code: a string, a template literal, a route, a URL built around it.
		const qrtracPath = /\/(qrs-api|teams-api|analytics-api|qr-templates-api|qr\/create)\b/;
		// n8n's credential test is a declarative request: the credential cannot call the endpoint module.
		const credentialTest = 'credentials/QrtracApi.credentials.ts';
		const offending = shipped.filter(
			(file) =>
				!inFolder('nodes/shared/api')(file) &&
				file !== credentialTest &&
				qrtracPath.test(codeOf(file)),
		);
		expect(offending).toEqual([]);
	});

	it('the credential test is the one path written outside the endpoint module', () => {
		const credentialTest = codeOf('credentials/QrtracApi.credentials.ts');
		const paths = credentialTest.match(
			/\/(qrs-api|teams-api|analytics-api|qr-templates-api|qr\/create)[^'"`\s]*/g,
		);
		expect(paths).toEqual(['/qr-templates-api']);
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

describe("one builder of n8n's errors", () => {
	it('only nodes/shared/nodeErrors.ts constructs NodeApiError and NodeOperationError (it keeps our titles)', () => {
		const builder = path.join('nodes', 'shared', 'nodeErrors.ts');
		const offending = shipped.filter(
			(file) => file !== builder && /new\s+Node(Api|Operation)Error\b/.test(codeOf(file)),
		);
		expect(offending).toEqual([]);
	});
});

describe('files a reader grasps in minutes', () => {
	/** The generated-form table of every QR type's fields: data, not logic (issue 26 allows it). */
	const TABLES = new Set([path.join('nodes', 'Qrtrac', 'descriptions', 'qrCodeTypeFields.ts')]);

	it('no file under nodes/ is over 350 lines, but the generated-form table', () => {
		const long = filesUnder('nodes')
			.filter((file) => !TABLES.has(file))
			.map((file) => ({
				file,
				lines: readFileSync(path.join(ROOT, file), 'utf8').split('\n').length - 1,
			}))
			.filter(({ lines }) => lines > 350);
		expect(long).toEqual([]);
	});

	it('each part of the rate limiter is under 200 lines', () => {
		const long = filesUnder('nodes/shared/rateLimit').filter(
			(file) => readFileSync(path.join(ROOT, file), 'utf8').split('\n').length - 1 >= 200,
		);
		expect(long).toEqual([]);
	});
});
