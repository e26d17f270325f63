/**
 * What the QR Code and Team locators take at run time, through n8n's engine against the simulator: an AI tool's
 * plain ID (no `__rl` wrapper), an ID with spaces around it, one with a space inside, and a link that is not a
 * code's address.
 */
import { runNode } from '../../../support/n8nHarness';
import { useSimulator } from '../../../support/simulatorSuite';

const suite = useSimulator();

async function get(qrCodeId: unknown) {
	return await runNode({
		nodeType: 'qrtrac',
		credentials: suite.credentials,
		parameters: { resource: 'qrCode', operation: 'get', qrCodeId },
	});
}

function code() {
	return suite.sim.state.createQr(suite.credentials.teamId!, {
		qrType: 'WEB',
		qrRedirectUrl: 'https://example.com',
	});
}

describe('the QR Code locator at run time', () => {
	it('takes a plain ID string, as an AI tool passes it, and an expression giving one', async () => {
		const made = code();

		const plain = await get(made.id);
		const expression = await get(`={{ "${made.id}" }}`);

		expect(plain.error).toBeUndefined();
		expect(plain.items[0].json.id).toBe(made.id);
		expect(expression.items[0].json.id).toBe(made.id);
	});

	it('takes an ID with spaces around it (as pasted), refuses one with a space inside saying why', async () => {
		const made = code();
		suite.sim.clearRequestLog();

		const padded = await get({ __rl: true, mode: 'id', value: `  ${made.id} ` });
		const inner = get({ __rl: true, mode: 'id', value: 'qr 1' });

		expect(padded.error).toBeUndefined();
		expect(padded.items[0].json.id).toBe(made.id);
		await expect(inner).rejects.toThrow(/Not a valid QR code ID: .*spaces/);
		expect(suite.sim.requestLog.map((entry) => entry.path)).toEqual([
			`/api/qrs-api/teams/${made.id}`,
		]);
	});

	it("a code's short link (its domain and Display ID) is no code address: refused, nothing read", async () => {
		const made = code();
		suite.sim.clearRequestLog();

		await expect(
			get({ __rl: true, mode: 'url', value: `${made.baseUrl}${made.displayId}` }),
		).rejects.toThrow(
			/Not a QRTRAC QR code URL.*short link holds its Display ID, not its ID: pick the code From List/,
		);
		expect(suite.sim.requestLog).toEqual([]);
	});
});

describe('the Team locator at run time', () => {
	it('takes a plain ID string, as an AI tool passes it', async () => {
		const result = await runNode({
			nodeType: 'qrtrac',
			credentials: suite.credentials,
			parameters: { resource: 'team', operation: 'get', teamId: suite.credentials.teamId },
		});

		expect(result.error).toBeUndefined();
		expect(result.items[0].json.id).toBe(suite.credentials.teamId);
	});
});
