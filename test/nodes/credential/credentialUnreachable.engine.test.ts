/**
 * The credential's Test against a Base URL nobody answers on, as n8n's credential tester runs it (RoutingNode
 * through n8n-core): n8n reports the bare network code, and lets a credential reword only HTTP answers, so the
 * Base URL field's hint is where the user learns which field to check and what to check. Build first.
 */
import { testCredential, type HarnessCredentials } from '../../support/n8nHarness';
import { loadPackage } from '../../support/harness/loadedPackage';
import { useSimulator } from '../../support/simulatorSuite';

const suite = useSimulator({ seed: true });

describe('credential Test with an unreachable Base URL', () => {
	it('fails with the network code, which the Base URL field explains', async () => {
		const result = await testCredential({ ...suite.credentials, baseUrl: 'http://127.0.0.1:1' });
		const baseUrl = (await loadPackage())
			.credentialType('qrtracApi')
			.properties.find((property) => property.name === 'baseUrl');

		expect(result).toEqual({ status: 'Error', message: 'ECONNREFUSED' });
		expect(baseUrl?.hint).toMatch(/ECONNREFUSED/);
		expect(baseUrl?.hint).toMatch(
			// ERR_CANCELED also ends a Test whose connection is never taken (a firewall dropping packets)
			/could not reach this Base URL; ERR_CANCELED \(after the Request Timeout below\): no full answer came in that time; the address may drop connections \(firewall, VPN\) or answer too slowly/,
		);
	});

	it('still names the fields of a refused secret', async () => {
		const result = await testCredential({ ...suite.credentials, clientSecret: 'wrong' });

		expect(result.message).toBe(
			"QRTRAC refused the client credentials: check 'Team ID', 'Client ID' and 'Client Secret'",
		);
	});

	// n8n gives a credential's test request 5 minutes whatever it says; the credential's own Request Timeout is
	// what a user set for one request, so Test ends after it too.
	it("ends after the credential's Request Timeout when the Base URL takes the connection but never answers", async () => {
		suite.sim.faults.add({ kind: 'stall' });
		const started = Date.now();

		const result = await testCredential({
			...suite.credentials,
			timeoutSeconds: 2,
		} as HarnessCredentials);

		expect(result).toEqual({ status: 'Error', message: 'ERR_CANCELED' });
		expect(Date.now() - started).toBeLessThan(10_000);
	});

	// A body that trickles in (a byte every 300 ms) keeps the socket from ever being silent for the timeout: the
	// Request Timeout bounds the whole exchange, to the last byte, in Test as in runs.
	it("ends after the credential's Request Timeout when the answer trickles in", async () => {
		suite.sim.setAnswerModes({ trickleMs: 300 });
		const started = Date.now();
		try {
			const result = await testCredential({
				...suite.credentials,
				timeoutSeconds: 2,
			} as HarnessCredentials);

			expect({ result, ended: Date.now() - started < 10_000 }).toEqual({
				result: { status: 'Error', message: 'ERR_CANCELED' },
				ended: true,
			});
		} finally {
			suite.sim.setAnswerModes({});
		}
	});
});
