/**
 * Dynamic Link (Simple Interface) through n8n's engine against the simulator: the v1 call with the bearer key,
 * the code it really creates in the key's team, and refused input that never reaches the wire.
 */
import type { INodeParameters } from 'n8n-workflow';

import { validateRequest } from '../../../support/contract';
import { executeWorkflow } from '../../../support/harness/executeWorkflow';
import {
	LOOP_OVER_ITEMS_TYPE,
	loopOverItems,
	runNode,
	type HarnessCredentials,
	type RunNodeOptions,
} from '../../../support/n8nHarness';
import { useSimulator } from '../../../support/simulatorSuite';

const suite = useSimulator({ seed: false });

let credentials: HarnessCredentials;
let teamId: string;

beforeAll(() => {
	const { org, team } = suite.sim.state.createOrganization(
		'Links Org',
		{ name: 'Olivia Owner', email: 'owner@links.example' },
		'Main',
	);
	teamId = team.id;
	credentials = {
		baseUrl: suite.sim.url,
		...suite.sim.state.addApiClient(org.id),
		apiKey: suite.sim.state.addApiKey(team.id),
	};
});

/** Runs Dynamic Link > Create with these parameters, by default with the suite's credentials. */
async function createLink(
	parameters: Record<string, unknown>,
	options: Omit<RunNodeOptions, 'nodeType' | 'parameters'> = {},
) {
	return await runNode({
		nodeType: 'qrtrac',
		parameters: { resource: 'dynamicLink', operation: 'create', ...parameters },
		credentials,
		...options,
	});
}

/** Six links, one per item, each to its own address under `path`: enough to show the key's pace. */
function sixLinks(path: string): Array<{ url: string }> {
	return Array.from({ length: 6 }, (_, index) => ({ url: `https://example.com/${path}/${index}` }));
}

/** Creates one link per row with `credentials`, the Destination URL from the row. */
async function createLinks(
	rows: Array<{ url: string }>,
	withCredentials: HarnessCredentials,
	continueOnFail = false,
) {
	return await createLink(
		{ destinationUrl: '={{ $json.url }}' },
		{ items: rows, continueOnFail, credentials: withCredentials },
	);
}

describe('Dynamic Link: Create', () => {
	it("creates the link with the bearer key and returns the service's answer in camelCase", async () => {
		const result = await createLink({
			destinationUrl: 'https://example.com/landing',
			design: { patternColor: '#0a66c2', logoUrl: 'https://example.com/logo.png' },
		});

		expect(result.error).toBeUndefined();
		const answer = result.items[0].json;
		expect(answer).toMatchObject({
			destinationUrl: 'https://example.com/landing',
			type: 'dynamic',
			design: { patternColor: '#0A66C2', logoUrl: 'https://example.com/logo.png' },
		});
		expect(JSON.stringify(answer)).not.toMatch(/"[a-z]+_[a-z]+":/);
		// its time also as ISO text (1.2), as on QR code items
		expect(typeof answer.createdAt).toBe('number');
		expect(answer.createdAtIso).toBe(new Date(answer.createdAt as number).toISOString());
		const created = suite.sim.state.getQr(String(answer.id));
		expect(created).toMatchObject({
			teamId,
			qrRedirectUrl: 'https://example.com/landing',
			deleted: false,
		});

		const [request] = suite.sim.requestLog;
		expect(suite.sim.requestLog).toHaveLength(1);
		expect(request.rawPath).toBe('/v1/qr/create');
		expect(request.headers.authorization).toBe('Bearer [redacted]');
		expect(request.headers['x-request-client-secret']).toBeUndefined();
		expect(request.body).toEqual({
			destination_url: 'https://example.com/landing',
			type: 'dynamic',
			design: { pattern_color: '#0A66C2', logo_url: 'https://example.com/logo.png' },
		});
		expect(validateRequest(request)).toEqual([]);
	});

	it('writes a short #RGB colour out as #RRGGBB and leaves out an empty design (empty text, spaces or null)', async () => {
		const result = await createLink(
			{
				destinationUrl: '={{ $json.url }}',
				design: { patternColor: '={{ $json.colour }}', logoUrl: '={{ $json.logo }}' },
			},
			{
				items: [
					{ url: 'https://example.com/a', colour: '#f0a' },
					{ url: 'https://example.com/b', colour: '' },
					// empty cells as JSON sources give them: null, or spaces
					{ url: 'https://example.com/c', colour: null, logo: null },
					{ url: 'https://example.com/d', colour: '  ', logo: ' ' },
				],
			},
		);

		expect(result.error).toBeUndefined();
		expect(suite.sim.requestLog.map((entry) => entry.body)).toEqual([
			{
				destination_url: 'https://example.com/a',
				type: 'dynamic',
				design: { pattern_color: '#FF00AA' },
			},
			{ destination_url: 'https://example.com/b', type: 'dynamic' },
			{ destination_url: 'https://example.com/c', type: 'dynamic' },
			{ destination_url: 'https://example.com/d', type: 'dynamic' },
		]);
		for (const item of result.items)
			expect(suite.sim.state.getQr(String(item.json.id))?.teamId).toBe(teamId);
		suite.expectRequestsFollowContract();
	});

	it.each([
		[
			'a destination that is not a URL',
			{ destinationUrl: 'example.com/landing' },
			'"Destination URL" must be a full http(s) URL such as https://example.com/page',
		],
		[
			'a destination with another scheme',
			{ destinationUrl: 'javascript:alert(1)' },
			'"Destination URL" must be a full http(s) URL such as https://example.com/page',
		],
		[
			'a colour that is not hex',
			{ design: { patternColor: 'blue' } },
			'"Color" must be a hex colour such as #0A66C2',
		],
		[
			'a colour with 4 digits',
			{ design: { patternColor: '#12345' } },
			'"Color" must be a hex colour such as #0A66C2',
		],
		[
			'a logo URL that is not a URL',
			{ design: { logoUrl: 'logo.png' } },
			'"Logo URL" must be a full http(s) URL such as https://example.com/page',
		],
		// Type is a field of its own until 1.1 (from 1.2 a notice says what the node sends)
		['an empty type', { type: '={{ "  " }}' }, '"Type" must not be empty', 1.1],
	])(
		'refuses %s before sending anything',
		// A rest parameter: jest reads a fourth named one as a done callback for the rows of three.
		async (...row: [string, Record<string, unknown>, string, number?]) => {
			const [, overrides, message, typeVersion] = row;
			const result = await createLink(
				{
					destinationUrl: 'https://example.com/x',
					...overrides,
				},
				{
					typeVersion,
				},
			);

			expect(result.error?.message).toBe(`Item 0: ${message}`);
			expect(suite.sim.requestLog).toHaveLength(0);
		},
	);

	it("sends many links one after another at the key's pace, so no item waits past Maximum Wait", async () => {
		// The primary plan (Legendary, 20/s) once set how many items waited at once for the key's budget of about
		// one link a second: the fifth in line waited over 3 s and failed without being sent.
		const withMaxWait: HarnessCredentials & { maxWaitSeconds: number } = {
			...credentials,
			apiKey: suite.sim.state.addApiKey(teamId),
			plan: 'Legendary',
			maxWaitSeconds: 3,
		};
		const rows = sixLinks('paced');

		const result = await createLinks(rows, withMaxWait, true);

		expect(result.items.map((item) => item.json.error)).toEqual(rows.map(() => undefined));
		expect(result.items.map((item) => item.json.destinationUrl)).toEqual(
			rows.map((row) => row.url),
		);
		expect(suite.sim.requestLog).toHaveLength(rows.length);
	});

	it("paces an Agency key to its plan's 300 a minute, not Pro's 60", async () => {
		const apiKey = suite.sim.state.addApiKey(teamId);
		suite.sim.setSimplePlan('Agency', apiKey);
		const rows = sixLinks('agency');

		const result = await createLinks(rows, {
			...credentials,
			apiKey,
			simplePlan: 'Agency',
		} as HarnessCredentials);

		expect(result.error).toBeUndefined();
		expect(suite.sim.requestLog.map((entry) => entry.status)).toEqual(rows.map(() => 200));
		// Pro's pace (one a second) puts 5 s between the first and the sixth; Agency's (five a second) about 1 s
		const starts = suite.sim.requestLog.map((entry) => entry.startedAt);
		expect(starts[starts.length - 1] - starts[0]).toBeLessThan(4000);
	});

	it('a 429 asking to wait two hours (Retry-After: 7200) fails the item at once, naming the wait; nothing is created', async () => {
		suite.sim.setAnswerModes({ retryAfterSeconds: 7200 });
		suite.sim.faults.add({ kind: 'rateLimit', method: 'POST', path: '/v1/qr/create', count: 1 });
		const before = suite.sim.state.listQrs(teamId).length;
		const started = Date.now();
		try {
			const result = await createLink(
				{ destinationUrl: 'https://example.com/two-hours' },
				{ credentials: { ...credentials, apiKey: suite.sim.state.addApiKey(teamId) } },
			);

			expect(result.error?.message).toMatch(
				/QRTRAC asked to wait 7,\d{3} s \(until .+ by its clock\); that is over this node's Maximum Wait of \d+ s(: this request has already waited [\d.,]+ s)?$/,
			);
			expect(Date.now() - started).toBeLessThan(5_000);
			expect(suite.sim.state.listQrs(teamId)).toHaveLength(before);
			expect(suite.sim.requestLog.map((entry) => entry.status)).toEqual([429]);
		} finally {
			suite.sim.setAnswerModes({});
		}
	});

	it('an answer lost after the link was made fails the item, saying how to find the link first', async () => {
		suite.sim.faults.add({
			kind: 'reset',
			method: 'POST',
			path: '/v1/qr/create',
			afterWrite: true,
			count: 1,
		});
		const before = suite.sim.state.listQrs(teamId).length;

		const result = await createLink({
			destinationUrl: 'https://example.com/lost-answer',
		});

		expect(result.error?.description).toContain(
			'Look for it in QR Code > Get Many (newest first, its Redirect URL is the Destination URL) before creating it again.',
		);
		// The simple interface takes no Display ID: advice to set one would send the user looking for a field.
		expect(result.error?.description).not.toMatch(/Display ID/);
		expect(suite.sim.state.listQrs(teamId)).toHaveLength(before + 1);
		expect(suite.sim.requestLog).toHaveLength(1);
	});

	it("a request whose answer never came holds none of the key's next requests past Maximum Wait", async () => {
		// The limiter waited for the first request's answer (its cautious start) three windows: for the key's
		// one-minute window, three minutes, so every later row failed on Maximum Wait unsent.
		const withMaxWait: HarnessCredentials & { maxWaitSeconds: number } = {
			...credentials,
			apiKey: suite.sim.state.addApiKey(teamId),
			maxWaitSeconds: 10,
		};
		suite.sim.faults.add({ kind: 'reset', method: 'POST', path: '/v1/qr/create', count: 1 });
		const rows = sixLinks('lost').slice(0, 3);

		const result = await createLinks(rows, withMaxWait, true);

		expect(result.items.map((item) => item.json.error)).toEqual([
			'QRTRAC could not be reached: the connection was dropped before an answer came',
			undefined,
			undefined,
		]);
		expect(result.items.slice(1).map((item) => item.json.destinationUrl)).toEqual(
			rows.slice(1).map((row) => row.url),
		);
		expect(suite.sim.requestLog).toHaveLength(rows.length);
	});

	it("with n8n's Retry On Fail, the try after a lost answer sends nothing again: one link, the item fails as unknown", async () => {
		suite.sim.faults.add({
			...{ kind: 'reset', method: 'POST', path: '/v1/qr/create' },
			...{ afterWrite: true, count: 1 },
		});
		const before = suite.sim.state.listQrs(teamId).length;

		const result = await createLink(
			{ destinationUrl: 'https://example.com/retried' },
			{ retryOnFail: 3 },
		);

		expect(result.error?.message).toMatch(
			/^The outcome of Create (Team|Dynamic Link) is unknown: an earlier try/,
		);
		expect(result.error?.description).toContain(
			'Look for it in QR Code > Get Many (newest first, its Redirect URL is the Destination URL) before creating it again.',
		);
		expect(suite.sim.state.listQrs(teamId)).toHaveLength(before + 1);
		expect(suite.sim.requestLog).toHaveLength(1);
	});

	it('inside Loop Over Items with Retry On Fail, each batch creates its own link, the same Destination URL included', async () => {
		const before = suite.sim.state.listQrs(teamId).length;
		const node = (name: string, type: string, parameters: INodeParameters) => ({
			...{ id: name, name, type, typeVersion: type === LOOP_OVER_ITEMS_TYPE ? 3 : 1.2 },
			...{ position: [0, 0] as [number, number], parameters },
		});
		const { run } = await executeWorkflow(
			{
				nodes: [
					node('Loop Over Items', LOOP_OVER_ITEMS_TYPE, { batchSize: 1 }),
					// kept for Retry On Fail: each run of the node in the loop is its own
					{
						...node('Link', 'qrtrac', {
							...{ resource: 'dynamicLink', operation: 'create' },
							destinationUrl: 'https://example.com/looped',
						}),
						...{ retryOnFail: true, waitBetweenTries: 1 }, // n8n reads 0 as 1 s
					},
				],
				connections: {
					'Loop Over Items': { main: [[], [{ node: 'Link', type: 'main', index: 0 }]] },
					Link: { main: [[{ node: 'Loop Over Items', type: 'main', index: 0 }]] },
				},
			},
			{ credentials, standIns: { [LOOP_OVER_ITEMS_TYPE]: loopOverItems } },
			{ node: 'Loop Over Items', items: [1, 2, 3].map((row) => ({ json: { row } })) },
		);

		expect(run.data.resultData.error).toBeUndefined();
		expect(run.data.resultData.runData.Link).toHaveLength(3);
		expect(suite.sim.state.listQrs(teamId)).toHaveLength(before + 3);
		expect(suite.sim.requestLog).toHaveLength(3);
	});

	it.each([
		['303 See Other to the new link', 303, '/v1/qr/new'],
		['302 to the web app', 302, 'https://app.qrtrac.example/links/new'],
	])(
		'an answer %s after the link was made says the outcome is unknown, not sent again',
		async (_case, status, location) => {
			suite.sim.faults.add({
				...{ kind: 'status', status, location, method: 'POST', path: '/v1/qr/create' },
				...{ afterWrite: true, count: 1 },
			});
			const before = suite.sim.state.listQrs(teamId).length;

			const result = await createLink({ destinationUrl: 'https://example.com/redirected' });

			expect(result.error?.description).toContain('The outcome of this POST is unknown');
			expect(result.error?.description).toContain(
				'Look for it in QR Code > Get Many (newest first, its Redirect URL is the Destination URL) before creating it again.',
			);
			expect(suite.sim.state.listQrs(teamId)).toHaveLength(before + 1);
			expect(suite.sim.requestLog).toHaveLength(1);
		},
	);

	it('a refused API key points to the API Key field, not to the client fields the call does not send', async () => {
		const result = await createLink(
			{
				destinationUrl: 'https://example.com/x',
			},
			{
				credentials: { ...credentials, apiKey: 'qrt_live_WRONGKEY_hint' },
			},
		);

		expect(result.error?.httpCode).toBe('401');
		expect(result.error?.description).toContain("'API Key (Simple Interface)'");
		expect(result.error?.description).not.toMatch(/Client Secret|Team ID/);
		expect(suite.sim.requestLog).toHaveLength(1);
	});

	// The v1 create names no record: a 404 there is its address (a service or proxy that serves the simple
	// interface elsewhere, or not at all), never an ID or e-mail to check.
	it('a 404 of the simple interface points to its address and the Base URL, not to an ID or e-mail', async () => {
		suite.sim.faults.add({
			kind: 'status',
			status: 404,
			message: 'Cannot POST /v1/qr/create',
			method: 'POST',
			pathPattern: '^/v1/qr/create',
			count: 1,
		});

		const result = await createLink({ destinationUrl: 'https://example.com/x' });

		expect(result.error?.httpCode).toBe('404');
		const description = String(result.error?.description);
		expect(description).not.toMatch(/Check the ID or e-mail/);
		expect(description).toBe(
			`The simple interface was not found at ${suite.sim.url}/v1/qr/create. Check the credential's Base URL and that the service behind it offers the simple interface (Settings > API Access). Request: Create Dynamic Link (POST /v1/qr/create).`,
		);
		expect(suite.sim.requestLog).toHaveLength(1);
	});

	// The credential's Test does not reach the simple interface: the primary interface's note on a Base URL's path
	// ("the credential's Test checks it") would contradict the simple interface's own advice.
	it('a 404 of the simple interface under a Base URL with a path gives its own advice once', async () => {
		const result = await createLink(
			{ destinationUrl: 'https://example.com/x' },
			{ credentials: { ...credentials, baseUrl: `${suite.sim.url}/gw` } },
		);

		expect(result.error?.httpCode).toBe('404');
		expect(result.error?.description).toBe(
			`The simple interface was not found at ${suite.sim.url}/gw/v1/qr/create. Check the credential's Base URL and that the service behind it offers the simple interface (Settings > API Access). Request: Create Dynamic Link (POST /gw/v1/qr/create).`,
		);
	});

	// NOTES: the v1 create's answer is not published, "return what the service answers": a 2xx in JSON that is no
	// object (the short link as text, a list) is that answer, in `answer`, not an unknown outcome.
	it.each([
		['its short link as JSON text', '"https://q.example/abc"', 'https://q.example/abc'],
		['a list', '["https://q.example/abc"]', ['https://q.example/abc']],
	])('a 200 answering with %s is the item, in "answer"', async (_case, body, answer) => {
		suite.sim.faults.add({
			kind: 'status',
			status: 200,
			body,
			contentType: 'application/json',
			method: 'POST',
			pathPattern: '^/v1/qr/create',
			afterWrite: true,
			count: 1,
		});

		const result = await createLink({ destinationUrl: 'https://example.com/bare' });

		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json)).toEqual([{ answer, result: 'created' }]);
		expect(suite.sim.requestLog).toHaveLength(1);
	});

	// The v1 create names no record, so a 400 "Workspace not found" is no ID or e-mail to check.
	it('a 400 "not found" of the simple interface gives no hint to check an ID or e-mail', async () => {
		suite.sim.faults.add({
			kind: 'status',
			status: 400,
			message: 'Workspace not found',
			method: 'POST',
			pathPattern: '^/v1/qr/create',
			count: 1,
		});

		const result = await createLink({ destinationUrl: 'https://example.com/x' });

		expect(result.error?.httpCode).toBe('400');
		expect(result.error?.message).toContain('Workspace not found');
		expect(String(result.error?.description)).not.toMatch(/Check the ID or e-mail/);
	});

	it("surfaces the service's 401 for a wrong API key, without the key in the error", async () => {
		const wrongKey = 'qrt_wrong_key_value_123';
		const result = await createLink(
			{
				destinationUrl: 'https://example.com/x',
			},
			{
				credentials: { ...credentials, apiKey: wrongKey },
			},
		);

		expect(result.error?.name).toBe('NodeApiError');
		expect(result.error?.httpCode).toBe('401');
		expect(result.error?.message).toBe('Invalid API key');
		expect(JSON.stringify(result.error)).not.toContain(wrongKey);
		expect(suite.sim.requestLog).toHaveLength(1);
	});
});
