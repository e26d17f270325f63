/**
 * With Continue On Fail, an item the input checks refuse becomes a paired error item and the others still run,
 * through n8n's engine against the simulator. The rules themselves are unit tests of each operation's `parse`
 * (test/nodes/qrCode/<operation>/<operation>.unit.test.ts); that refused input sends nothing is proven per
 * operation family in test/nodes/shared/validation/badInput.engine.test.ts.
 */
import { runNode } from '../../support/n8nHarness';
import { useSimulator } from '../../support/simulatorSuite';

const suite = useSimulator();

describe('Continue On Fail with refused input', () => {
	it('turns the refused item into a paired error item and runs the valid ones', async () => {
		const result = await runNode({
			nodeType: 'qrtrac',
			credentials: suite.credentials,
			continueOnFail: true,
			parameters: {
				resource: 'qrCode',
				operation: 'create',
				qrType: 'WEB',
				qrRedirectUrl: '={{ $json.url }}',
			},
			items: [
				{ url: 'https://example.com/1' },
				{ url: 'not a url' },
				{ url: 'https://example.com/3' },
			],
		});

		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.pairedItem)).toEqual([
			{ item: 0 },
			{ item: 1 },
			{ item: 2 },
		]);
		expect(result.items[1].json).toMatchObject({
			error: 'Item 1: "Redirect URL" must be a full http(s) URL such as https://example.com/page',
		});
		expect(result.items[0].json.qrRedirectUrl).toBe('https://example.com/1');
		expect(result.items[2].json.qrRedirectUrl).toBe('https://example.com/3');
		expect(
			suite.sim.requestLog.map((entry) => (entry.body as { qrRedirectUrl: string }).qrRedirectUrl),
		).toEqual(['https://example.com/1', 'https://example.com/3']);
	});
});

/** A value of the wrong kind is refused in the node's words, never in the checker's ("Expected string, received null"). */
describe('Wrong kinds of value, in plain words', () => {
	const byId = (value: string) => ({ __rl: true, mode: 'id', value });

	it.each([
		['Title null', { operation: 'updateTitle', title: '={{ null }}' }, '"Title" must be text'],
		[
			'Team (Override) an object',
			{ operation: 'get', options: { teamOverride: '={{ {"id": "t1"} }}' } },
			'"Team (Override)" must be text',
		],
		[
			'Put Output File in Field null',
			{ operation: 'downloadImage', binaryPropertyName: '={{ null }}' },
			'"Put Output File in Field" must be text',
		],
		[
			'Redirect URL a number',
			{ operation: 'create', qrType: 'WEB', qrRedirectUrl: '={{ 12 }}' },
			'"Redirect URL" must be a full http(s) URL such as https://example.com/page',
		],
	])('%s', async (_case, parameters, message) => {
		const result = await runNode({
			nodeType: 'qrtrac',
			credentials: suite.credentials,
			parameters: { resource: 'qrCode', qrCodeId: byId('qr_any'), ...parameters },
		});

		expect(result.error?.message).toBe(`Item 0: ${message}`);
		expect(suite.sim.requestLog).toHaveLength(0);
	});
});
