/**
 * QR Code > Get through n8n's engine against the simulator.
 */
import { runNode } from '../../../support/n8nHarness';
import { useSimulator } from '../../../support/simulatorSuite';

const suite = useSimulator();

async function run(
	operation: string,
	parameters: Record<string, unknown>,
	items?: Array<Record<string, unknown>>,
) {
	return await runNode({
		nodeType: 'qrtrac',
		credentials: suite.credentials,
		parameters: { resource: 'qrCode', operation, ...parameters },
		items,
	});
}

const byId = (id: string) => ({ __rl: true, mode: 'id', value: id });

describe('Get', () => {
	it('returns the code, simplified or whole', async () => {
		const code = suite.sim.state.createQr(suite.credentials.teamId!, {
			qrType: 'SOCIAL_BIO',
			name: 'Bio',
			metadata: { title: 'Follow', links: [{ platform: 'x', url: 'https://x.com/a' }] },
		});

		const simple = await run('get', { qrCodeId: byId(code.id) });
		const whole = await run('get', {
			qrCodeId: {
				__rl: true,
				mode: 'url',
				value: `${suite.credentials.baseUrl}/api/qrs-api/teams/${code.id}`,
			},
			simplify: false,
		});

		expect(simple.items[0].json).toEqual({
			id: code.id,
			displayId: code.displayId,
			name: 'Bio',
			qrType: 'SOCIAL_BIO',
			shortUrl: `${code.baseUrl}${code.displayId}`,
			qrImageUrl: code.qrImageUrl,
			tags: [],
			teamId: suite.credentials.teamId,
			deleted: false,
			createdAt: code.createdAt,
			createdAtIso: new Date(code.createdAt).toISOString(),
			updatedAt: code.updatedAt,
			updatedAtIso: new Date(code.updatedAt).toISOString(),
		});
		expect(whole.items[0].json).toMatchObject({
			id: code.id,
			metadata: code.metadata,
			settings: {},
		});
		suite.expectRequestsFollowContract();
	});

	it.each([
		['true', true],
		['a list', ['qr_x', 'qr_y']],
		['an object', { id: 'qr_x' }],
	])(
		'refuses a QR Code ID an expression gives as %s, naming the field, before any request',
		async (_kind, value) => {
			const result = await run('get', { qrCodeId: byId('={{ $json.value }}') }, [{ value }]);

			expect(result.error?.message).toBe('Item 0: "QR Code" must be text');
			expect(suite.sim.requestLog).toHaveLength(0);
		},
	);

	it.each([
		['a list', ['qr_x']],
		['an object', { value: 'qr_x' }],
	])(
		'refuses a QR Code saved as a plain expression (no picker) giving %s as no text, not as empty',
		async (_kind, value) => {
			const result = await run('get', { qrCodeId: '={{ $json.value }}' }, [{ value }]);

			expect(result.error?.message).toBe('Item 0: "QR Code" must be text');
			expect(suite.sim.requestLog).toHaveLength(0);
		},
	);
});
