/**
 * The hint a 403 shows, through n8n-core against the simulator: the v1 create (which sends only the bearer key)
 * names the API key, no Client ID.
 */
import { runNode } from '../../../support/n8nHarness';
import { useSimulator } from '../../../support/simulatorSuite';

const suite = useSimulator({ seed: true });

/** Every request of `method` whose path matches `pathPattern` answered 403 Forbidden: the item's error. */
async function forbidden(
	method: string,
	pathPattern: string,
	parameters: Record<string, unknown>,
	credentials = suite.credentials,
) {
	suite.sim.faults.add({
		kind: 'status',
		status: 403,
		message: 'Forbidden',
		method,
		pathPattern,
		count: 50,
	});
	const done = await runNode({
		nodeType: 'qrtrac',
		credentials,
		parameters,
		items: [{}],
		continueOnFail: true,
	});
	const json = done.items[0].json;
	expect(json.error).toBe('Forbidden');
	return String(json.description);
}

it("Dynamic Link (the v1 create, bearer key only): the hint names the API key, not the client's Client ID", async () => {
	const team = suite.credentials.teamId!;
	const orgId = suite.sim.state.teams.get(team)!.orgId;
	const credentials = {
		...suite.credentials,
		...suite.sim.state.addApiClient(orgId),
		apiKey: suite.sim.state.addApiKey(team),
	};

	const said = await forbidden(
		'POST',
		'^/v1/qr/create',
		{ resource: 'dynamicLink', operation: 'create', destinationUrl: 'https://example.com/x' },
		credentials,
	);

	expect(said).toContain("'API Key (Simple Interface)'");
	expect(said).not.toMatch(/Client ID|role/);
});
