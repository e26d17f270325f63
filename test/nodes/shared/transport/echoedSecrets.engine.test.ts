/**
 * Issue 22, point 5: a service message never carries a secret out. The simulator quotes what authenticated
 * each request (the client secret as sent and URL-encoded, the team's API key) in its refusals and in a field
 * of its successful answers. Through n8n-core's engine over real sockets, nothing a run produces may hold a
 * secret: output items, error items, the error object, the engine's whole run record, and console output.
 */
import { randomBytes } from 'node:crypto';

import { runNode, type RunNodeResult } from '../../../support/n8nHarness';
import { captureOutput, expectNoSecrets } from '../../../support/secretScan';
import {
	createReliabilityTeam,
	startReliabilitySimulator,
	type ReliabilitySimulator,
	type ReliabilityTeam,
} from '../../../support/reliability/reliabilityTeam';

jest.setTimeout(60_000);

let env: ReliabilitySimulator;
let team: ReliabilityTeam;

beforeAll(async () => {
	env = await startReliabilitySimulator();
	team = createReliabilityTeam(env, `echo-${randomBytes(3).toString('hex')}`, {
		ratePerSecond: 50,
	});
	env.sim.state.createQr(team.teamId, {
		qrType: 'WEB',
		name: 'echoed',
		qrRedirectUrl: 'https://example.com/e',
	});
	env.sim.setAnswerModes({ echoSecrets: true });
});

afterAll(async () => {
	await env?.sim.close();
});

/** Runs the node with console output captured; everything produced is scanned. */
async function scannedRun(
	parameters: Record<string, unknown>,
	continueOnFail: boolean,
): Promise<RunNodeResult> {
	const output = captureOutput({ passThrough: false });
	let result: RunNodeResult;
	try {
		result = await runNode({
			nodeType: 'qrtrac',
			credentials: team.credentials,
			parameters,
			continueOnFail,
		});
	} finally {
		output.stop();
	}
	expectNoSecrets({ result, output: output.lines }, team.secrets);
	return result;
}

/** Get Updated Since over every code, unsimplified: a successful answer whose record fields reach the output. */
const EVERY_CHANGE = {
	resource: 'qrCode',
	operation: 'getUpdatedSince',
	since: Date.UTC(2001, 0, 1),
	simplify: false,
};

describe('the service quotes the secrets back', () => {
	it('in a successful answer: the output items hold the field, redacted', async () => {
		const result = await scannedRun(EVERY_CHANGE, false);
		expect(result.error).toBeUndefined();
		expect(result.items.length).toBeGreaterThan(0);
		expect(JSON.stringify(result.items[0].json)).toContain('[redacted]');
	});

	it("in the simple interface's answer (the bearer key echoed): the Dynamic Link item and the run hold no secret", async () => {
		const result = await scannedRun(
			{ resource: 'dynamicLink', operation: 'create', destinationUrl: 'https://example.com/echo' },
			false,
		);
		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({
			destinationUrl: 'https://example.com/echo',
			result: 'created',
		});
		// the answer did quote the key (simulator: echoSecrets acts on /v1 too), and the item shows it blanked
		expect(JSON.stringify(result.items[0].json)).toContain('API key [redacted]');
	});

	it("in the simple interface's refusal of a key it does not know: the error names the refusal, the key blanked", async () => {
		const wrongKey = `qrt_live_WRONGKEY_${randomBytes(12).toString('hex')}`;
		const output = captureOutput({ passThrough: false });
		let result: RunNodeResult;
		try {
			result = await runNode({
				nodeType: 'qrtrac',
				credentials: { ...team.credentials, apiKey: wrongKey },
				parameters: {
					resource: 'dynamicLink',
					operation: 'create',
					destinationUrl: 'https://example.com/echo',
				},
			});
		} finally {
			output.stop();
		}
		expectNoSecrets({ result, output: output.lines }, [...team.secrets, wrongKey]);
		expect(result.error?.message).toMatch(/Invalid API key|401|credential/i);
		expect(JSON.stringify(result.error)).toContain('[redacted]');
	});

	it('in a refusal, with Continue On Fail on: the error item names the refusal, redacted', async () => {
		const result = await scannedRun(
			{ resource: 'qrCode', operation: 'get', qrCodeId: { __rl: true, mode: 'id', value: 'nope' } },
			true,
		);
		const error = String(result.items[0]?.json.error ?? '');
		expect(error).toContain('not found');
		expect(error).toContain('[redacted]');
	});

	it('in a refusal, with Continue On Fail off: the error and the run record hold no secret', async () => {
		const result = await scannedRun(
			{ resource: 'qrCode', operation: 'get', qrCodeId: { __rl: true, mode: 'id', value: 'nope' } },
			false,
		);
		expect(result.error?.message).toContain('[redacted]');
		expectNoSecrets(JSON.parse(JSON.stringify(result.runData)), team.secrets);
	});
});

describe('the service quotes the secrets back encoded or wrapped (echoEncodedSecrets)', () => {
	/** What a leak of the base64 pair or of either half of the wrapped secret would leave in the run. */
	let leaks: string[];

	beforeAll(() => {
		env.sim.setAnswerModes({ echoEncodedSecrets: true });
		const clientId = String(team.credentials.clientId);
		const clientSecret = String(team.credentials.clientSecret);
		const half = Math.floor(clientSecret.length / 2);
		// characters 40-56 of the pair's base64 encode bytes 30-42: the secret's, after the id and the colon
		const basic = Buffer.from(`${clientId}:${clientSecret}`).toString('base64');
		leaks = [
			...team.secrets,
			basic.slice(40, 56),
			clientSecret.slice(0, half),
			clientSecret.slice(half),
		];
	});

	afterAll(() => {
		env.sim.setAnswerModes({ echoSecrets: true });
	});

	async function encodedRun(
		parameters: Record<string, unknown>,
		continueOnFail: boolean,
	): Promise<RunNodeResult> {
		const result = await scannedRun(parameters, continueOnFail);
		expectNoSecrets(JSON.parse(JSON.stringify({ result })), leaks);
		return result;
	}

	it('in a successful answer: the output item holds neither the basic-auth pair nor the wrapped secret', async () => {
		const result = await encodedRun(EVERY_CHANGE, false);
		expect(result.error).toBeUndefined();
		const echo = String(result.items[0].json.echo);
		expect(echo).toContain('Authorization: Basic ');
		expect(echo.split('[redacted]').length).toBeGreaterThanOrEqual(3);
	});

	it('in a refusal, Continue On Fail on and off: the error item and the error hold neither', async () => {
		const parameters = {
			resource: 'qrCode',
			operation: 'get',
			qrCodeId: { __rl: true, mode: 'id', value: 'nope' },
		};
		const on = await encodedRun(parameters, true);
		expect(String(on.items[0]?.json.error)).toContain('[redacted]');
		expect(on.items[0]?.pairedItem).toEqual({ item: 0 });
		const off = await encodedRun(parameters, false);
		expect(off.error?.message).toContain('not found');
		expect(off.error?.message).toContain('[redacted]');
		expectNoSecrets(JSON.parse(JSON.stringify(off.runData)), leaks);
	});
});
