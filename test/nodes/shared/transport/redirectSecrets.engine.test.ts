/**
 * A redirect's Location is service text too: a service may put what authenticated the request into it (a host
 * named after the client secret, a path holding it). Through n8n's engine over real sockets, the error of a
 * refused or followed redirect names neither: the host is shown with the secret blanked (URL parsing lowers its
 * case and decodes its escapes), and an answer read after a redirect is named by the request as sent.
 */
import { runNode } from '../../../support/n8nHarness';
import { startRedirector, startServer, type FixtureServer } from '../../../support/httpFixtures';
import { expectNoSecrets } from '../../../support/secretScan';
import { useSimulator } from '../../../support/simulatorSuite';

const suite = useSimulator();

const templates = { resource: 'designTemplate', operation: 'getMany', returnAll: true };

/** A secret in mixed case, as many are: a host holding it is shown lowered. */
const clientSecret = 'sk_LIVE_Secret_Xy7Q_2f9a';

/** Lists the team's templates through `server` with `secret` as the client secret, closing the server after. */
async function listTemplates(server: FixtureServer, secret: string) {
	try {
		return await runNode({
			nodeType: 'qrtrac',
			credentials: { ...suite.credentials, clientSecret: secret, baseUrl: server.url },
			parameters: templates,
		});
	} finally {
		await server.close();
	}
}

describe('a redirect whose Location holds a secret', () => {
	it.each([
		['as sent', (secret: string) => secret],
		['in lower case', (secret: string) => secret.toLowerCase()],
		[
			'percent-encoded (a host is decoded)',
			(secret: string) => encodeURIComponent(secret).replace(/_/g, '%5F'),
		],
	])(
		'to another host named after the client secret %s: the error names the host without it',
		async (_, spelt) => {
			const server = await startRedirector(() => `http://${spelt(clientSecret)}.example.org/x`);
			const result = await listTemplates(server, clientSecret);

			expect(result.error?.message).toContain(
				'redirect to another host (http://[redacted].example.org)',
			);
			expect(result.error?.message.toLowerCase()).not.toContain(clientSecret.toLowerCase());
			expectNoSecrets(result, [clientSecret]);
		},
	);

	/** A secret a scheme can spell (letters, digits, `+`, `-`, `.`): URL parsing lowers a scheme's case too. */
	const schemeSecret = 'Sk-LIVE-Secret.Xy7Q2f9a';

	it.each([[`${schemeSecret}://elsewhere.example/x`], [`${schemeSecret}:opaque`]])(
		'to %s (the secret as the scheme): the error shows no part of it',
		async (location) => {
			const server = await startRedirector(() => location);
			const result = await listTemplates(server, schemeSecret);

			expect(result.error?.message).toContain(
				'redirect to an address that is not http(s); it was not followed',
			);
			expect(result.error?.message.toLowerCase()).not.toContain(schemeSecret.toLowerCase());
			expect(server.received).toHaveLength(1);
		},
	);

	it('within the origin, to a path holding the secret, then too large to read: the error names the request as sent', async () => {
		const server = await startServer((request, res) => {
			if (request.url.startsWith('/api/qr-templates-api')) {
				res.writeHead(307, { Location: `/api/${clientSecret}/templates` });
				res.end();
				return;
			}
			res.writeHead(200, {
				'Content-Type': 'application/json',
				'Content-Length': String(100 * 1024 * 1024),
			});
			res.end();
		});
		const result = await listTemplates(server, clientSecret);

		expect(result.error?.message).toContain(
			"QRTRAC's answer to Get Design Templates (GET /api/qr-templates-api) is larger than 64 MB",
		);
		expectNoSecrets(result, [clientSecret]);
	});
});
