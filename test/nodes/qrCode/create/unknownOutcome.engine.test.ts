/**
 * Create when the answer is lost (the connection drops after QRTRAC stored the code): with a Display ID the
 * node looks the code up and carries on without creating it twice; without one it stops rather than risk a
 * duplicate. Through n8n's engine against the simulator's fault injection. Create or Update's case:
 * createOrUpdate/unknownOutcome.engine.test.ts.
 */
import { runNode } from '../../../support/n8nHarness';
import { useSimulator } from '../../../support/simulatorSuite';
import { qrCodeRuns } from '../qrCodeRuns';

const suite = useSimulator();

beforeEach(() => {
	// The create is stored, then the socket is destroyed before any answer.
	suite.sim.faults.add({
		kind: 'reset',
		method: 'POST',
		path: '/api/qrs-api',
		afterWrite: true,
		count: 1,
	});
});

function codesWithDisplayId(displayId: string) {
	return [...suite.sim.state.qrs.values()].filter((qr) => qr.displayId === displayId);
}

async function run(operation: string, parameters: Record<string, unknown>) {
	return await runNode({
		nodeType: 'qrtrac',
		credentials: suite.credentials,
		parameters: { resource: 'qrCode', operation, ...parameters },
	});
}

/** Create of a WEB code with this Display ID and URL: it succeeds, outputs that code, and QRTRAC holds it once. */
async function expectMadeOnce(displayId: string, url: string) {
	const result = await run('create', { qrType: 'WEB', qrRedirectUrl: url, displayId });

	expect(result.error).toBeUndefined();
	expect(result.items[0].json).toMatchObject({ displayId, qrRedirectUrl: url });
	expect(codesWithDisplayId(displayId)).toHaveLength(1);
}

describe('lost answer to a create', () => {
	it('Create with a Display ID finds the stored code and returns it, created once', async () => {
		await expectMadeOnce('lost-answer-1', 'https://example.com/lost');
		expect(suite.sim.requestLog.filter((entry) => entry.method === 'POST')).toHaveLength(1);
		expect(suite.sim.faults.list()[0].fired).toBe(1);
	});

	it('Create with a Display ID whose look-up finds another code (held before, other values) fails, naming it', async () => {
		const held = suite.sim.state.createQr(suite.credentials.teamId!, {
			qrType: 'WEB',
			name: 'Earlier code',
			qrRedirectUrl: 'https://example.com/earlier',
			displayId: 'held-before-1',
		});

		const result = await run('create', {
			qrType: 'WEB',
			name: 'This row',
			qrRedirectUrl: 'https://example.com/this-row',
			displayId: 'held-before-1',
		});

		expect(result.items).toHaveLength(0);
		expect(result.error).toMatchObject({ name: 'NodeApiError', itemIndex: 0 });
		expect(result.error?.message).toBe(
			'The answer to Create QR Code was lost, and Display ID "held-before-1" is held by a code with other values than this row\'s',
		);
		expect(result.error?.description).toContain(held.id);
		expect(result.error?.description).toContain('name, qrRedirectUrl differ');
		expect(result.error?.description).toContain(
			'name: this row sent "This row", the code holds "Earlier code"',
		);
		expect(result.error?.description).toContain('not sent again');
		expect(codesWithDisplayId('held-before-1')).toHaveLength(1);
		expect(suite.sim.state.getQr(held.id)).toMatchObject({
			name: 'Earlier code',
			qrRedirectUrl: 'https://example.com/earlier',
		});
		expect(suite.sim.requestLog.filter((entry) => entry.method === 'POST')).toHaveLength(1);
	});

	describe('a service whose code records leave out templateId and baseUrl and mask the password', () => {
		beforeEach(() =>
			suite.sim.setAnswerModes({ codesWithoutTemplate: true, maskedPasswords: true }),
		);
		afterEach(() => suite.sim.setAnswerModes({}));

		function rowWith(displayId: string, name: string) {
			const team = suite.sim.state.team(suite.credentials.teamId!)!;
			const template = suite.sim.state.templatesOfTeam(suite.credentials.teamId!)[1];
			return {
				qrType: 'WEB',
				name,
				qrRedirectUrl: 'https://example.com/this-row',
				displayId,
				additionalFields: {
					templateId: template.id,
					baseUrl: `https://${team.defaultDomain}/`,
					folderId: 'folder-7',
					tags: 'spring',
				},
				scanRules: { password: { passwordEnabled: true, password: 'open-sesame' } },
			};
		}

		it("Create settles the lost answer with the row's own code and reports it created", async () => {
			const result = await run('create', rowWith('own-code-1', 'This row'));

			expect(result.error).toBeUndefined();
			expect(result.items[0].json).toMatchObject({
				displayId: 'own-code-1',
				name: 'This row',
				qrRedirectUrl: 'https://example.com/this-row',
			});
			expect(result.items[0].json).not.toHaveProperty('templateId');
			expect(codesWithDisplayId('own-code-1')).toHaveLength(1);
			expect(suite.sim.requestLog.filter((entry) => entry.method === 'POST')).toHaveLength(1);
			expect(suite.sim.faults.list()[0].fired).toBe(1);
		});

		it('Create still fails when the code found has another name and URL, showing both values, never the password', async () => {
			const held = suite.sim.state.createQr(suite.credentials.teamId!, {
				qrType: 'WEB',
				name: 'Earlier code',
				qrRedirectUrl: 'https://example.com/earlier',
				displayId: 'held-before-2',
				settings: { passwordEnabled: true, password: 'other-password' },
			});

			const result = await run('create', rowWith('held-before-2', 'This row'));

			expect(result.items).toHaveLength(0);
			expect(result.error?.message).toBe(
				'The answer to Create QR Code was lost, and Display ID "held-before-2" is held by a code with other values than this row\'s',
			);
			expect(result.error?.description).toContain(
				`code ${held.id}, whose name, qrRedirectUrl, tags differ from what this row sent`,
			);
			expect(result.error?.description).toContain(
				'name: this row sent "This row", the code holds "Earlier code"',
			);
			expect(result.error?.description).toContain(
				'qrRedirectUrl: this row sent "https://example.com/this-row", the code holds "https://example.com/earlier"',
			);
			expect(result.error?.description).toContain(
				'tags: this row sent ["spring"], the code holds []',
			);
			expect(JSON.stringify(result.error)).not.toMatch(/open-sesame|other-password|\*{8}/);
			expect(suite.sim.state.getQr(held.id)).toMatchObject({ name: 'Earlier code' });
			expect(suite.sim.requestLog.filter((entry) => entry.method === 'POST')).toHaveLength(1);
		});
	});

	it('Create with a Display ID whose look-up fails says the outcome is unknown, not only that the list failed', async () => {
		// every read of the list fails: the lost create cannot be settled
		suite.sim.faults.add({
			kind: 'status',
			status: 400,
			method: 'GET',
			path: '/api/qrs-api/v2/teams/',
		});

		const result = await run('create', {
			qrType: 'WEB',
			qrRedirectUrl: 'https://example.com/unsettled',
			displayId: 'unsettled-1',
		});

		expect(result.error?.name).toBe('NodeApiError');
		expect(result.error?.description).toContain('The outcome of this POST is unknown');
		expect(result.error?.description).toContain('It was not sent again');
		expect(result.error?.description).toContain('Display ID "unsettled-1"');
		expect(result.error?.description).toContain('the look-up that would settle it failed');
		expect(result.error?.message).not.toMatch(/^Bad request/i);
		expect(suite.sim.requestLog.filter((entry) => entry.method === 'POST')).toHaveLength(1);
		expect(codesWithDisplayId('unsettled-1')).toHaveLength(1);
	});

	it('Create whose lost code the list shows only after the retry was refused as taken returns that code, made once', async () => {
		// the first look-up's list does not show the code yet (a list behind its writes): the create is sent again
		suite.sim.faults.add({
			kind: 'status',
			status: 200,
			method: 'GET',
			path: '/api/qrs-api/v2/teams/',
			contentType: 'application/json',
			body: JSON.stringify({
				success: true,
				data: { qrs: [], totalCount: 0, page: 1, limit: 100 },
			}),
			count: 1,
		});

		await expectMadeOnce('listed-late-1', 'https://example.com/listed-late');
		// before: the refused retry failed the item with "already taken", though the first attempt had made the code
		const posts = suite.sim.requestLog.filter((entry) => entry.method === 'POST');
		expect(posts.map((entry) => entry.status)).toEqual([undefined, 400]);
	});

	it('Create answered 2xx without saying whether it succeeded looks its Display ID up once, then sends it again', async () => {
		suite.sim.faults.clear();
		// nothing stored, and an answer with neither `success` nor `data`
		suite.sim.faults.add({
			kind: 'status',
			status: 201,
			method: 'POST',
			path: '/api/qrs-api',
			contentType: 'application/json',
			body: '{}',
			count: 1,
		});

		const result = await run('create', {
			qrType: 'WEB',
			qrRedirectUrl: 'https://example.com/unconfirmed',
			displayId: 'unconfirmed-1',
		});

		expect(result.error).toBeUndefined();
		expect(codesWithDisplayId('unconfirmed-1')).toHaveLength(1);
		expect(
			suite.sim.requestLog.map((entry) => `${entry.method} ${entry.path.split('?')[0]}`),
		).toEqual(['POST /api/qrs-api', 'GET /api/qrs-api/v2/teams/', 'POST /api/qrs-api']);
	});

	it('Create without a Display ID answered 201 with a "success" that is no boolean: outcome unknown, sent once', async () => {
		suite.sim.faults.clear();
		// stored, then answered with the code under a `success` the contract does not know
		suite.sim.faults.add({
			...{ kind: 'status', status: 201, method: 'POST', path: '/api/qrs-api', afterWrite: true },
			...{ contentType: 'application/json', body: '{"success":"true","data":{"name":"x"}}' },
		});
		const before = suite.sim.state.listQrs(suite.credentials.teamId!).length;

		const result = await run('create', { qrType: 'WEB', qrRedirectUrl: 'https://example.com/odd' });

		// before: "QRTRAC answered POST /api/qrs-api with HTTP 201 and an error without a "message" text", as if refused
		expect(result.error?.message).toContain('a "success" that is neither true nor false');
		expect(result.error?.description).toContain('It was not sent again');
		expect(suite.sim.state.listQrs(suite.credentials.teamId!)).toHaveLength(before + 1);
		expect(suite.sim.requestLog.filter((entry) => entry.method === 'POST')).toHaveLength(1);
	});

	it('Create without a Display ID fails instead of sending the create again', async () => {
		const before = suite.sim.state.listQrs(suite.credentials.teamId!).length;

		const result = await run('create', {
			qrType: 'WEB',
			qrRedirectUrl: 'https://example.com/unknown',
		});

		expect(result.error?.name).toBe('NodeApiError');
		expect(result.error?.description).toContain('It was not sent again');
		expect(JSON.stringify(result.error)).not.toContain(suite.credentials.clientSecret);
		expect(suite.sim.requestLog.filter((entry) => entry.method === 'POST')).toHaveLength(1);
		expect(suite.sim.state.listQrs(suite.credentials.teamId!).length).toBe(before + 1);
	});
});

/** n8n's Retry On Fail runs the node again in the same execution with the same items (createTries.ts). */
describe("lost answer to a create, with n8n's Retry On Fail", () => {
	const runRetried = (
		parameters: Record<string, unknown>,
		options: { items?: Array<Record<string, unknown>>; continueOnFail?: boolean } = {},
	) => qrCodeRuns(suite).runAt('create', parameters, { retryOnFail: 3, ...options });

	it('Create without a Display ID is not sent again by the next try: one code, the item fails as unknown', async () => {
		const before = suite.sim.state.listQrs(suite.credentials.teamId!).length;

		const result = await runRetried({
			qrType: 'WEB',
			qrRedirectUrl: 'https://example.com/retried',
		});

		expect(result.error?.message).toMatch(
			/^The outcome of Create QR Code is unknown: an earlier try of this node sent it/,
		);
		expect(result.error?.description).toContain('Look for it in Get Many (newest first)');
		expect(suite.sim.requestLog.filter((entry) => entry.method === 'POST')).toHaveLength(1);
		expect(suite.sim.state.listQrs(suite.credentials.teamId!).length).toBe(before + 1);
	});

	it('Create without a Display ID, with Continue On Fail too: the try n8n runs again gives the codes made, unsent', async () => {
		const before = suite.sim.state.listQrs(suite.credentials.teamId!).length;

		const result = await runRetried(
			{ qrType: 'WEB', qrRedirectUrl: '={{ $json.url }}' },
			{
				items: [{ url: 'https://example.com/lost' }, { url: 'https://example.com/kept' }],
				continueOnFail: true,
			},
		);

		expect(result.items[0].json.error).toMatch(/^The outcome of Create QR Code is unknown/);
		expect(result.items[1].json).toMatchObject({ qrRedirectUrl: 'https://example.com/kept' });
		expect(suite.sim.requestLog.filter((entry) => entry.method === 'POST')).toHaveLength(2);
		// only its ID was kept: each try n8n runs again (2 of 3 tries) reads the code made by it, once
		const reads = suite.sim.requestLog.filter(
			(entry) =>
				entry.method === 'GET' &&
				entry.path.split('?')[0] === `/api/qrs-api/teams/${String(result.items[1].json.id)}`,
		);
		expect(reads).toHaveLength(2);
		expect(suite.sim.state.listQrs(suite.credentials.teamId!).length).toBe(before + 2);
	});

	it('Create with a Display ID settles the lost answer in the first try: created once', async () => {
		const result = await runRetried({
			...{ qrType: 'WEB', qrRedirectUrl: 'https://example.com/found' },
			displayId: 'retried-found-1',
		});

		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({ displayId: 'retried-found-1' });
		expect(codesWithDisplayId('retried-found-1')).toHaveLength(1);
		expect(suite.sim.requestLog.filter((entry) => entry.method === 'POST')).toHaveLength(1);
	});

	it('Create with a Display ID whose look-up failed: the next try looks it up, unsent, and gives the code made once', async () => {
		// the first try's look-up fails: that try leaves the outcome unknown
		suite.sim.faults.add({
			...{ kind: 'status', status: 400, method: 'GET', path: '/api/qrs-api/v2/teams/' },
			count: 1,
		});

		const result = await runRetried({
			...{ qrType: 'WEB', qrRedirectUrl: 'https://example.com/settled-later' },
			displayId: 'retried-settled-1',
		});

		// before: the next try sent the create again, refused as "already taken" by the item's own code
		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({
			displayId: 'retried-settled-1',
			qrRedirectUrl: 'https://example.com/settled-later',
		});
		expect(codesWithDisplayId('retried-settled-1')).toHaveLength(1);
		expect(suite.sim.requestLog.filter((entry) => entry.method === 'POST')).toHaveLength(1);
	});
	it('Create with a Display ID whose look-ups all fail: the next try fails unsent, naming the Display ID', async () => {
		suite.sim.faults.add({
			...{ kind: 'status', status: 400, method: 'GET', path: '/api/qrs-api/v2/teams/' },
		});

		const result = await runRetried({
			...{ qrType: 'WEB', qrRedirectUrl: 'https://example.com/unsettled-retried' },
			displayId: 'retried-unsettled-1',
		});

		expect(result.error?.message).toMatch(
			/^The outcome of Create QR Code is unknown: an earlier try/,
		);
		expect(result.error?.description).toContain('the look-up that would settle it failed');
		expect(result.error?.description).toContain(
			'Look it up by its Display ID "retried-unsettled-1"',
		);
		expect(codesWithDisplayId('retried-unsettled-1')).toHaveLength(1);
		expect(suite.sim.requestLog.filter((entry) => entry.method === 'POST')).toHaveLength(1);
	});
});
