/**
 * The demo's wait for a trigger poll (scripts/n8n/demo.ts) against a real simulator: it resolves on a poll's
 * answer and, when none comes within its bound, fails saying so instead of going on as if the trigger had polled.
 */
import type { Simulator } from '../../simulator';
import { startSimulator } from '../../simulator';
import { nextChangePoll } from '../../scripts/n8n/demo';

let simulator: Simulator;

beforeAll(async () => {
	simulator = await startSimulator({ port: 0 });
});

afterAll(async () => {
	await simulator.close();
});

/** What the QRTRAC Trigger sends for code changes. */
async function pollForChanges(): Promise<number> {
	const { teamId, clientId, clientSecret } = simulator.credentials;
	const response = await fetch(`${simulator.url}/api/qrs-api/all/fromTime/${Date.now() - 60_000}`, {
		headers: {
			'x-request-team-id': teamId,
			'x-request-client-id': clientId,
			'x-request-client-secret': clientSecret,
		},
	});
	await response.arrayBuffer();
	return response.status;
}

describe('demo: waiting for the trigger to poll', () => {
	it('resolves once the simulator has answered a poll for changes made after the wait began', async () => {
		await pollForChanges();
		const waiting = nextChangePoll(simulator, 30_000);
		expect(await pollForChanges()).toBe(200);
		await expect(waiting).resolves.toBeUndefined();
	});

	it('fails, naming the wait, when no poll comes within its bound (an earlier poll does not count)', async () => {
		await pollForChanges();
		await expect(nextChangePoll(simulator, 1_500)).rejects.toThrow(
			'The trigger did not poll the simulator within 1.5 s',
		);
	});
});
