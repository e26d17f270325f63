/**
 * QR Code > Check Display ID Availability through n8n's engine against the simulator.
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

describe('Check Display ID Availability', () => {
	it('answers available and taken as values, not errors', async () => {
		suite.sim.state.createQr(suite.credentials.teamId!, {
			qrType: 'WEB',
			qrRedirectUrl: 'https://example.com',
			displayId: 'in-use',
		});

		const result = await run('checkAvailability', { displayId: '={{ $json.id }}' }, [
			{ id: 'free-one' },
			{ id: 'in-use' },
		]);

		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json)).toEqual([
			{ displayId: 'free-one', available: true, message: 'QR ID "free-one" is available' },
			{ displayId: 'in-use', available: false, message: 'QR ID "in-use" is already taken' },
		]);
		suite.expectRequestsFollowContract();
	});

	it('checks a whole-number Display ID (a sheet column) as its digits, as Create takes it', async () => {
		suite.sim.state.createQr(suite.credentials.teamId!, {
			qrType: 'WEB',
			qrRedirectUrl: 'https://example.com',
			displayId: '2025',
		});

		const result = await run('checkAvailability', { displayId: '={{ $json.id }}' }, [
			{ id: 2025 },
			{ id: 2026 },
		]);

		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => [item.json.displayId, item.json.available])).toEqual([
			['2025', false],
			['2026', true],
		]);
		suite.expectRequestsFollowContract();
	});

	// numbers whose text no sheet shows: 0.30000000000000004, 1e+21, and what an empty cell read as a number gives
	it.each(['0.1 + 0.2', '1e21', 'NaN', 'Infinity', 'parseInt("")'])(
		'refuses {{ %s }} before any request, as text nobody typed',
		async (expression) => {
			const result = await run('checkAvailability', { displayId: `={{ ${expression} }}` });

			expect(result.error?.message).toBe(
				'Item 0: "Display ID" must be text or a whole number (up to 9007199254740991)',
			);
			expect(suite.sim.requestLog).toHaveLength(0);
		},
	);
});
