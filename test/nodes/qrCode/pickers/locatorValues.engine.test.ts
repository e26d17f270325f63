/**
 * What the QR Code and Team locators take at run time, through n8n's engine against the simulator: an AI tool's
 * plain ID (no `__rl` wrapper), a picker saved without `__rl` (but never an object an expression gives), an ID with
 * spaces around it, one with a space inside, and By URL: only the record's address on the credential's Base URL (the contract gives a code no other address; its short link holds the
 * Display ID, which may spell another code's ID).
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

/** The run's failure: refused when the workflow starts (the editor's check), or the item's error. */
async function failure(run: Promise<{ error?: Error }>): Promise<string | undefined> {
	return await run.then(
		(result) => result.error?.message,
		(error: Error) => error.message,
	);
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

	it.each(['id', 'list'])(
		'takes a picker saved without __rl ({mode: "%s", value}), as a workflow written by hand or through the API has it',
		async (mode) => {
			const made = code();

			const result = await get({ mode, value: made.id });

			expect(result.error).toBeUndefined();
			expect(result.items[0].json.id).toBe(made.id);
		},
	);

	it('fails a locator-shaped object a plain expression gives as no text, never reading the code it names', async () => {
		const made = code();

		const result = await runNode({
			nodeType: 'qrtrac',
			credentials: suite.credentials,
			parameters: { resource: 'qrCode', operation: 'get', qrCodeId: '={{ $json.code }}' },
			items: [{ code: { mode: 'id', value: made.id } }],
			continueOnFail: true,
		});

		expect(result.items[0].json.id).toBeUndefined();
		expect(result.items[0].json.error).toBe('Item 0: "QR Code" must be text');
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
			/Not the address of a QR code on QRTRAC's API.*a short link is none: it holds the code's Display ID, not its ID\)\. Pick the code From List/,
		);
		expect(suite.sim.requestLog).toEqual([]);
	});

	// A team domain may carry a path (`https://<domain>/qr/`), and a Display ID is the user's text: it may spell
	// another code's ID, which the node then read (and Update or Delete acted on).
	it('a short link on a team domain with /qr/ in its path, its Display ID spelling another code, reads nothing', async () => {
		const teamId = suite.credentials.teamId!;
		const other = code();
		const linked = suite.sim.state.createQr(teamId, {
			qrType: 'WEB',
			qrRedirectUrl: 'https://b.example',
			displayId: other.id,
			baseUrl: `https://${suite.sim.state.teams.get(teamId)!.defaultDomain}/qr/`,
		});
		suite.sim.clearRequestLog();

		const outcome = await get({
			__rl: true,
			mode: 'url',
			value: `${linked.baseUrl}${linked.displayId}`,
		}).then(
			(result) => ({ id: result.items[0]?.json.id }),
			(error: Error) => ({ error: error.message }),
		);

		expect(outcome).toEqual({
			error: expect.stringMatching(
				/a short link is none: it holds the code's Display ID, not its ID/,
			),
		});
		expect(suite.sim.requestLog).toEqual([]);
	});

	it("takes the contract's own address of a code on the credential's Base URL", async () => {
		const made = code();

		const result = await get({
			__rl: true,
			mode: 'url',
			value: `${suite.credentials.baseUrl}/api/qrs-api/teams/${made.id}`,
		});

		expect(result.error).toBeUndefined();
		expect(result.items[0].json.id).toBe(made.id);
	});

	// typed, an address whose path is no code's stops the workflow as it starts (n8n: the node "has issues", the
	// editor's check); one on another host passes that check and fails the item, as any from an expression
	it.each([
		[
			'on another host',
			(id: string) => `https://elsewhere.example/api/qrs-api/teams/${id}`,
			/^Item 0: "QR Code" By URL: Not the address/,
		],
		[
			"of the node's own invention (saved workflows)",
			(id: string) => `https://app.qrtrac.com/qr/${id}`,
			/node has issues:\n- Not the address of a QR code on QRTRAC's API/,
		],
		[
			'of a team, not a code',
			(id: string) => `${suite.credentials.baseUrl}/api/teams-api/${id}`,
			/node has issues:\n- Not the address of a QR code on QRTRAC's API/,
		],
	])(
		'refuses an address %s before any request, also from an expression',
		async (_, address, typedError) => {
			const made = code();
			suite.sim.clearRequestLog();

			const typed = get({ __rl: true, mode: 'url', value: address(made.id) });
			// an expression skips the editor's check: the run's own check refuses it
			const expression = get({ __rl: true, mode: 'url', value: `={{ "${address(made.id)}" }}` });

			expect(await failure(typed)).toMatch(typedError);
			expect(await failure(expression)).toMatch(
				/"QR Code" By URL: Not the address of a QR code on QRTRAC's API, such as http:\/\/127\.0\.0\.1:\d+\/api\/qrs-api\/teams\/qr_a1b2c3: only a code's address on the credential's Base URL is taken/,
			);
			expect(suite.sim.requestLog).toEqual([]);
		},
	);
});

describe('the Team locator at run time', () => {
	async function getTeam(teamId: unknown) {
		return await runNode({
			nodeType: 'qrtrac',
			credentials: suite.credentials,
			parameters: { resource: 'team', operation: 'get', teamId },
		});
	}

	it('takes a plain ID string, as an AI tool passes it', async () => {
		const result = await getTeam(suite.credentials.teamId);

		expect(result.error).toBeUndefined();
		expect(result.items[0].json.id).toBe(suite.credentials.teamId);
	});

	it("takes a team's address on the Base URL, never a code's address, whose ID the old pattern read as a team", async () => {
		const teamId = suite.credentials.teamId!;
		const made = code();
		suite.sim.clearRequestLog();

		const own = await getTeam({
			__rl: true,
			mode: 'url',
			value: `${suite.credentials.baseUrl}/api/teams-api/${teamId}/members`,
		});
		const codeAddress = getTeam({
			__rl: true,
			mode: 'url',
			value: `={{ "${suite.credentials.baseUrl}/api/qrs-api/teams/${made.id}" }}`,
		});

		expect(own.items[0].json.id).toBe(teamId);
		expect(await failure(codeAddress)).toMatch(
			/"Team" By URL: Not the address of a team on QRTRAC's API, .*: only a team's address on the credential's Base URL is taken\. Pick the team From List or give its ID/,
		);
		expect(suite.sim.requestLog.map((entry) => entry.path)).toEqual([`/api/teams-api/${teamId}`]);
	});
});
