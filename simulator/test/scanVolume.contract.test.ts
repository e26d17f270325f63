import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { request } from 'undici';

import { startSimulator } from '../index';

const ROOT = join(__dirname, '..', '..');
const TSX_CLI = require.resolve('tsx/cli');

interface Credentials {
	url: string;
	teamId: string;
	clientId: string;
	clientSecret: string;
}

async function api(credentials: Credentials, method: 'GET' | 'POST', path: string, body?: unknown) {
	const answer = await request(`${credentials.url}/api${path}`, {
		method,
		headers: {
			'content-type': 'application/json',
			'x-request-team-id': credentials.teamId,
			'x-request-client-id': credentials.clientId,
			'x-request-client-secret': credentials.clientSecret,
		},
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	return { status: answer.statusCode, body: (await answer.body.json()) as { data: any } };
}

/** The volume's codes: those named "Campaign poster N" among the team's codes, read over the API. */
async function volumeCodes(credentials: Credentials): Promise<Array<{ id: string; name: string }>> {
	const page = await api(
		credentials,
		'GET',
		'/qrs-api/v2/teams/?limit=100&sortBy=createdAt&sortOrder=asc',
	);
	return (page.body.data.qrs as Array<{ id: string; name: string }>).filter((code) =>
		code.name.startsWith('Campaign poster'),
	);
}

describe('scan volume reached through the simulator options and the CLI', () => {
	test('startSimulator({scanVolume}) fills the demo team; the API serves every scan', async () => {
		const sim = await startSimulator({ scanVolume: { codes: 12, scansPerCode: 250, days: 10 } });
		try {
			const credentials = { url: sim.url, ...sim.credentials };
			const codes = await volumeCodes(credentials);
			expect(codes).toHaveLength(12);
			const totals = await api(credentials, 'POST', '/analytics-api/overviews', {
				qrIds: codes.map((code) => code.id),
			});
			expect(totals.body.data.map((row: { totalScans: number }) => row.totalScans)).toEqual(
				new Array(12).fill(250),
			);
			const now = sim.clock.now();
			const events = await api(credentials, 'POST', '/analytics-api/detailed/all', {
				qrIds: codes.map((code) => code.id),
				startTime: now - 10 * 86_400_000,
				endTime: now,
			});
			const data = events.body.data as Array<{ ipAddress: string }>;
			expect(data).toHaveLength(3_000);
			const ips = new Set(data.filter((event) => event.ipAddress).map((event) => event.ipAddress));
			expect(ips.size).toBeLessThan(data.length);
			expect(data.some((event) => event.ipAddress.includes(':'))).toBe(true);
			expect(data.some((event) => event.ipAddress === '')).toBe(true);
		} finally {
			await sim.close();
		}
	});

	test('a volume needs the demo team', async () => {
		await expect(
			startSimulator({ seed: false, scanVolume: { codes: 1, scansPerCode: 1 } }),
		).rejects.toThrow(/needs seed/);
	});

	test('npm run simulator -- --scan-codes 5 --total-scans 1000 serves the volume', async () => {
		const child = spawn(
			process.execPath,
			[
				TSX_CLI,
				join(ROOT, 'simulator', 'cli.ts'),
				'--port',
				'0',
				'--scan-codes',
				'5',
				'--total-scans',
				'1000',
			],
			{ cwd: ROOT },
		);
		try {
			const line = await new Promise<string>((resolve, reject) => {
				let out = '';
				let err = '';
				const timer = setTimeout(() => reject(new Error(`no line; stderr: ${err}`)), 25_000);
				child.stderr.on('data', (data: Buffer) => (err += data.toString()));
				child.stdout.on('data', (data: Buffer) => {
					out += data.toString();
					if (out.includes('\n')) {
						clearTimeout(timer);
						resolve(out.slice(0, out.indexOf('\n')));
					}
				});
			});
			const credentials = JSON.parse(line) as Credentials;
			const codes = await volumeCodes(credentials);
			expect(codes).toHaveLength(5);
			const totals = await api(credentials, 'POST', '/analytics-api/overviews', {
				qrIds: codes.map((code) => code.id),
			});
			const counts = totals.body.data.map((row: { totalScans: number }) => row.totalScans);
			expect(counts.reduce((a: number, b: number) => a + b, 0)).toBe(1_000);
			expect(new Set(counts).size).toBeGreaterThan(1);
		} finally {
			child.kill('SIGTERM');
		}
	});
});
