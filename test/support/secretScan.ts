/**
 * Secret hygiene for every suite: walks whatever a run produced (output items, error objects with their
 * message, description, context, stack and cause, simulator log lines, captured console output) and finds
 * every string that contains one of the given secrets. A finding names WHERE the secret was seen, never the
 * secret itself, so that a failing assertion cannot leak it either.
 *
 * Use distinctive secrets (e.g. `sk_live_SECRET_<random>`): a scan is only as good as the string it looks for.
 */

/** One place a secret was seen: a path such as `items[3].json.error` and which secret (by position). */
export interface SecretFinding {
	path: string;
	secretIndex: number;
}

/** Error fields that are not enumerable own properties but reach users and logs. */
const ERROR_FIELDS = [
	'message',
	'description',
	'stack',
	'context',
	'cause',
	'httpCode',
	'name',
] as const;

/** Calls `visit` for every string reachable from `value`, with its path; cycles are visited once. */
export function forEachString(
	value: unknown,
	visit: (text: string, path: string) => void,
	path = '$',
): void {
	walk(value, path, visit, new WeakSet<object>());
}

function walk(
	value: unknown,
	path: string,
	visit: (text: string, path: string) => void,
	seen: WeakSet<object>,
): void {
	if (typeof value === 'string') {
		visit(value, path);
		return;
	}
	if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') {
		visit(String(value), path);
		return;
	}
	if (value === null || typeof value !== 'object') return;
	if (seen.has(value)) return;
	seen.add(value);
	if (Buffer.isBuffer(value)) {
		visit(value.toString('utf8'), path);
		return;
	}
	if (value instanceof Map) {
		for (const [key, entry] of value) {
			walk(key, `${path}<key>`, visit, seen);
			walk(entry, `${path}.get(${String(key)})`, visit, seen);
		}
		return;
	}
	if (value instanceof Set || Array.isArray(value)) {
		[...value].forEach((entry, index) => walk(entry, `${path}[${index}]`, visit, seen));
		return;
	}
	const record = value as Record<string, unknown>;
	const keys = new Set(Object.keys(record));
	if (value instanceof Error)
		for (const field of ERROR_FIELDS) if (field in record) keys.add(field);
	for (const key of keys) {
		visit(key, `${path}<key ${key}>`);
		walk(record[key], `${path}.${key}`, visit, seen);
	}
}

/** Every place in `value` where one of `secrets` occurs (empty secrets are ignored). */
export function findSecrets(value: unknown, secrets: readonly string[]): SecretFinding[] {
	const wanted = secrets
		.map((secret, secretIndex) => ({ secret, secretIndex }))
		.filter(({ secret }) => secret.length > 0);
	const findings: SecretFinding[] = [];
	// Paths are made of keys, and a key may hold a secret too: those parts are masked.
	const mask = (path: string) =>
		wanted.reduce(
			(masked, { secret, secretIndex }) => masked.split(secret).join(`<secret #${secretIndex}>`),
			path,
		);
	forEachString(value, (text, path) => {
		for (const { secret, secretIndex } of wanted)
			if (text.includes(secret)) findings.push({ path: mask(path), secretIndex });
	});
	return findings;
}

/** How many strings a scan looked at: a scan of nothing proves nothing, so suites assert this is > 0. */
export function countStrings(value: unknown): number {
	let count = 0;
	forEachString(value, () => {
		count += 1;
	});
	return count;
}

/**
 * Throws when any string reachable from `value` contains one of `secrets`, naming the paths (never the
 * secret). Also throws when the scan saw no string at all, since that would assert nothing.
 */
export function expectNoSecrets(value: unknown, secrets: readonly string[]): void {
	if (secrets.every((secret) => secret.length === 0))
		throw new Error('expectNoSecrets: no secret to look for');
	if (countStrings(value) === 0)
		throw new Error('expectNoSecrets: nothing to scan (no strings reachable)');
	const findings = findSecrets(value, secrets);
	if (findings.length === 0) return;
	const shown = findings
		.slice(0, 20)
		.map((finding) => `  secret #${finding.secretIndex} at ${finding.path}`);
	const more =
		findings.length > shown.length ? `\n  ... and ${findings.length - shown.length} more` : '';
	throw new Error(`A secret appeared in ${findings.length} place(s):\n${shown.join('\n')}${more}`);
}

/** Console and process output captured while a run went on. */
export interface CapturedOutput {
	lines: string[];
	/** Stops capturing and restores the original writers; returns the captured lines. */
	stop(): string[];
}

type Writer = typeof process.stdout.write;

/**
 * Captures everything written to console.* and to process.stdout/stderr until stop(), so that log lines
 * produced during a run can be scanned too. The output still goes through unless `passThrough` is false.
 */
export function captureOutput(options: { passThrough?: boolean } = {}): CapturedOutput {
	const passThrough = options.passThrough ?? true;
	const lines: string[] = [];
	const consoleMethods = ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const;
	const originalConsole = consoleMethods.map((method) => [method, console[method]] as const);
	for (const method of consoleMethods) {
		const original = console[method];
		console[method] = (...args: unknown[]) => {
			lines.push(args.map((arg) => (typeof arg === 'string' ? arg : safeStringify(arg))).join(' '));
			if (passThrough) original.apply(console, args);
		};
	}
	const streams = [process.stdout, process.stderr];
	const originalWrites = streams.map((stream) => stream.write);
	for (const stream of streams) {
		const original = stream.write.bind(stream) as Writer;
		stream.write = ((chunk: unknown, ...rest: unknown[]) => {
			lines.push(Buffer.isBuffer(chunk) ? chunk.toString('utf8') : String(chunk));
			return passThrough ? (original as (...args: unknown[]) => boolean)(chunk, ...rest) : true;
		}) as Writer;
	}
	let stopped = false;
	return {
		lines,
		stop() {
			if (!stopped) {
				stopped = true;
				for (const [method, original] of originalConsole) console[method] = original as never;
				streams.forEach((stream, index) => {
					stream.write = originalWrites[index];
				});
			}
			return lines;
		},
	};
}

function safeStringify(value: unknown): string {
	if (value instanceof Error) return `${value.name}: ${value.message}\n${value.stack ?? ''}`;
	try {
		return JSON.stringify(value) ?? String(value);
	} catch {
		return String(value);
	}
}
