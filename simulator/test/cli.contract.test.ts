import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { request } from 'undici';

const ROOT = join(__dirname, '..', '..');
const TSX_CLI = require.resolve('tsx/cli');

function startCli(args: string[]): ChildProcessWithoutNullStreams {
	return spawn(process.execPath, [TSX_CLI, join(ROOT, 'simulator', 'cli.ts'), ...args], {
		cwd: ROOT,
	});
}

/** The first line on stdout, or a failure with what stderr said, within `timeoutMs`. */
function firstLine(child: ChildProcessWithoutNullStreams, timeoutMs = 20_000): Promise<string> {
	return new Promise((resolve, reject) => {
		let out = '';
		let err = '';
		const timer = setTimeout(
			() => reject(new Error(`no line within ${timeoutMs} ms; stderr: ${err}`)),
			timeoutMs,
		);
		child.stderr.on('data', (data: Buffer) => (err += data.toString()));
		child.stdout.on('data', (data: Buffer) => {
			out += data.toString();
			const end = out.indexOf('\n');
			if (end >= 0) {
				clearTimeout(timer);
				resolve(out.slice(0, end));
			}
		});
		child.once('exit', (code) => {
			clearTimeout(timer);
			reject(new Error(`exited with ${code} before printing; stderr: ${err}`));
		});
	});
}

async function exitCode(child: ChildProcessWithoutNullStreams): Promise<number | null> {
	if (child.exitCode !== null) return child.exitCode;
	const [code] = await once(child, 'exit');
	return code as number | null;
}

/** `npm run simulator` runs simulator/cli.ts through tsx: one JSON line first, options applied, clean stop on signals. */
describe('simulator CLI', () => {
	test.each(['SIGTERM', 'SIGINT'] as const)(
		'prints the credentials line, serves with the options, stops on %s',
		async (signal) => {
			const child = startCli(['--port', '0', '--plan', 'Agency', '--latency-ms', '30']);
			try {
				const line = JSON.parse(await firstLine(child));
				expect(Object.keys(line)).toEqual(['url', 'teamId', 'clientId', 'clientSecret', 'apiKey']);
				expect(line.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
				const started = Date.now();
				const reply = await request(`${line.url}/api/qr-templates-api`, {
					headers: {
						'x-request-team-id': line.teamId,
						'x-request-client-id': line.clientId,
						'x-request-client-secret': line.clientSecret,
					},
				});
				const body = (await reply.body.json()) as { success: boolean; data: unknown[] };
				expect(reply.statusCode).toBe(200);
				expect(body.data).toHaveLength(3);
				expect(reply.headers['x-ratelimit-limit']).toBe('50');
				expect(Date.now() - started).toBeGreaterThanOrEqual(28);
			} finally {
				child.kill(signal);
			}
			expect(await exitCode(child)).toBe(0);
		},
	);

	test('--reset-format msUntil|none and --limit-window minute are applied', async () => {
		const child = startCli([
			'--port',
			'0',
			'--plan',
			'3',
			'--reset-format',
			'none',
			'--limit-window',
			'minute',
		]);
		try {
			const line = JSON.parse(await firstLine(child));
			const reply = await request(`${line.url}/api/qr-templates-api`, {
				headers: {
					'x-request-team-id': line.teamId,
					'x-request-client-id': line.clientId,
					'x-request-client-secret': line.clientSecret,
				},
			});
			await reply.body.dump();
			expect(reply.headers['x-ratelimit-limit']).toBe('180');
			expect(reply.headers['x-ratelimit-reset']).toBeUndefined();
		} finally {
			child.kill('SIGTERM');
		}
		expect(await exitCode(child)).toBe(0);
		const msUntil = startCli(['--port', '0', '--reset-format', 'msUntil']);
		try {
			const line = JSON.parse(await firstLine(msUntil));
			const reply = await request(`${line.url}/api/qr-templates-api`, {
				headers: {
					'x-request-team-id': line.teamId,
					'x-request-client-id': line.clientId,
					'x-request-client-secret': line.clientSecret,
				},
			});
			await reply.body.dump();
			expect(Number(reply.headers['x-ratelimit-reset'])).toBeLessThanOrEqual(1000);
		} finally {
			msUntil.kill('SIGTERM');
		}
		expect(await exitCode(msUntil)).toBe(0);
	});

	test.each([
		[['--reset-format', 'minutes'], /--reset-format must be one of/],
		[['--limit-window', 'hour'], /--limit-window must be one of/],
	])('a bad %p stops with exit code 1 and a message', async (args, message) => {
		const child = startCli(args);
		let err = '';
		child.stderr.on('data', (data: Buffer) => (err += data.toString()));
		expect(await exitCode(child)).toBe(1);
		expect(err).toMatch(message);
	});

	test('a bad option stops with exit code 1 and a message', async () => {
		const child = startCli(['--plan', 'Gold']);
		let err = '';
		child.stderr.on('data', (data: Buffer) => (err += data.toString()));
		expect(await exitCode(child)).toBe(1);
		expect(err).toMatch(/--plan must be one of/);
	});
});
