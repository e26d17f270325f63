/**
 * QR Code > Create or Update through n8n's engine against the simulator: keyed by Display ID, re-running the
 * same rows never duplicates a code, an exact match is required, a Display ID taken between the look-up and
 * the create turns into an update, and Skip Unchanged leaves matching codes alone.
 */
import { holdNextCreate } from '../../../support/heldCreate';
import { PUT_SEMANTICS } from '../../../support/storedCode';
import { runNode } from '../../../support/n8nHarness';
import { rowByRowForm } from '../../../support/sheetRows';
import { useSimulator, type SuiteSimulator } from '../../../support/simulatorSuite';

/** The simulator of the reading of PUT whose suites run now (set in the describe.each below). */
let suite: SuiteSimulator;

/** Within a describe: a simulator reading PUT as `semantics` becomes `suite`; its answer modes reset after each test. */
function useReading(semantics: (typeof PUT_SEMANTICS)[number]) {
	const reading = useSimulator({ putSemantics: semantics });
	beforeAll(() => {
		suite = reading;
	});
	afterEach(() => suite.sim.setAnswerModes({}));
}

/** One row per item: Display ID, name and redirect come from the item. */
const rowParameters = { ...rowByRowForm, additionalFields: { tags: '={{ $json.tags }}' } };

async function upsert(
	items: Array<Record<string, unknown>>,
	extra: Record<string, unknown> = {},
	continueOnFail = false,
) {
	return await runNode({
		nodeType: 'qrtrac',
		credentials: suite.credentials,
		parameters: { ...rowParameters, ...extra },
		items,
		continueOnFail,
	});
}

function codesWithDisplayId(displayId: string) {
	return [...suite.sim.state.qrs.values()].filter((qr) => qr.displayId === displayId);
}

/** A simulator of its own per reading of PUT: Display IDs are unique across the service, and the suites reuse them. */
describe.each(PUT_SEMANTICS)('with PUT read as %s', (semantics) => {
	const reading = useSimulator({ putSemantics: semantics });
	beforeAll(() => {
		suite = reading;
	});

	describe('Create or Update', () => {
		it('creates codes that do not exist, then updates them when the same rows run again', async () => {
			const rows = [
				{ displayId: 'sheet-row-1', name: 'Row 1', url: 'https://example.com/1', tags: 'sheet' },
				{ displayId: 'sheet-row-2', name: 'Row 2', url: 'https://example.com/2', tags: 'sheet' },
			];

			const first = await upsert(rows);
			expect(first.error).toBeUndefined();
			expect(first.items.map((item) => [item.json.displayId, item.json.result])).toEqual([
				['sheet-row-1', 'created'],
				['sheet-row-2', 'created'],
			]);
			suite.expectRequestsFollowContract();

			suite.sim.clearRequestLog();
			const second = await upsert(
				rows.map((row) => ({ ...row, name: `${row.name} (edited)`, url: `${row.url}?v=2` })),
			);
			expect(second.error).toBeUndefined();
			expect(
				second.items.map((item) => [item.json.displayId, item.json.result, item.json.name]),
			).toEqual([
				['sheet-row-1', 'updated', 'Row 1 (edited)'],
				['sheet-row-2', 'updated', 'Row 2 (edited)'],
			]);
			expect(second.items.map((item) => item.json.id)).toEqual(
				first.items.map((item) => item.json.id),
			);
			expect(suite.sim.requestLog.filter((entry) => entry.method === 'POST')).toHaveLength(0);
			expect(suite.sim.requestLog.filter((entry) => entry.method === 'PUT')).toHaveLength(2);
			suite.expectRequestsFollowContract();

			for (const row of rows) {
				const codes = codesWithDisplayId(row.displayId);
				expect(codes).toHaveLength(1);
				expect(codes[0]).toMatchObject({
					name: `${row.name} (edited)`,
					qrRedirectUrl: `${row.url}?v=2`,
					tags: ['sheet'],
				});
			}
		});

		it('matches the Display ID exactly, not as the substring the list search matches', async () => {
			const similar = suite.sim.state.createQr(suite.credentials.teamId!, {
				qrType: 'WEB',
				qrRedirectUrl: 'https://example.com/long',
				displayId: 'exact-10',
				name: 'Similar',
			});

			const result = await upsert([
				{ displayId: 'exact-1', name: 'Exact', url: 'https://example.com/exact', tags: '' },
			]);

			expect(result.error).toBeUndefined();
			expect(result.items[0].json).toMatchObject({ displayId: 'exact-1', result: 'created' });
			expect(suite.sim.state.getQr(similar.id)).toMatchObject({
				name: 'Similar',
				qrRedirectUrl: 'https://example.com/long',
			});
			const search = suite.sim.requestLog.find((entry) => entry.method === 'GET');
			expect(search?.query).toMatchObject({ search: 'exact-1' });
			suite.expectRequestsFollowContract();
		});

		it('turns a create refused because the Display ID was taken meanwhile into an update, without a duplicate', async () => {
			// The create waits 300 ms in the simulator before it is handled; another writer creates the code meanwhile.
			const create = holdNextCreate(suite.sim);
			const running = upsert([
				{ displayId: 'race-1', name: 'From the sheet', url: 'https://example.com/sheet', tags: '' },
			]);
			await create.sent();
			const other = suite.sim.state.createQr(suite.credentials.teamId!, {
				qrType: 'WEB',
				displayId: 'race-1',
				name: 'Other writer',
				qrRedirectUrl: 'https://example.com/other',
			});

			const result = await running;

			expect(result.error).toBeUndefined();
			const refusedCreates = suite.sim.requestLog.filter(
				(entry) => entry.method === 'POST' && entry.status === 400,
			);
			expect(refusedCreates).toHaveLength(1);
			expect(result.items[0].json).toMatchObject({
				result: 'updated',
				id: other.id,
				name: 'From the sheet',
			});
			expect(codesWithDisplayId('race-1')).toHaveLength(1);
			expect(codesWithDisplayId('race-1')[0]).toMatchObject({
				id: other.id,
				name: 'From the sheet',
				qrRedirectUrl: 'https://example.com/sheet',
			});
			suite.expectRequestsFollowContract();
		});

		it('writes a Display ID repeated in the input once: the later row updates what the earlier one created', async () => {
			const rows = [
				{
					displayId: 'twice-lookup',
					name: 'First writer',
					url: 'https://example.com/first',
					tags: '',
				},
				{
					displayId: 'twice-lookup',
					name: 'Second writer',
					url: 'https://example.com/second',
					tags: '',
				},
			];

			const result = await upsert(rows);

			expect(result.error).toBeUndefined();
			expect(result.items.map((item) => item.json.result)).toEqual(['created', 'updated']);
			expect(
				suite.sim.requestLog.filter((entry) => entry.method === 'POST' && entry.status === 400),
			).toHaveLength(0);
			expect(codesWithDisplayId('twice-lookup')).toHaveLength(1);
			expect(codesWithDisplayId('twice-lookup')[0]).toMatchObject({
				name: 'Second writer',
				qrRedirectUrl: 'https://example.com/second',
			});
			suite.expectRequestsFollowContract();
		});

		it('fails with the service message when the Display ID belongs to a code outside the team', async () => {
			const orgId = suite.sim.state.teams.get(suite.credentials.teamId!)!.orgId;
			const otherTeam = suite.sim.state.createTeam(orgId, 'Elsewhere');
			suite.sim.state.createQr(otherTeam.id, {
				qrType: 'WEB',
				qrRedirectUrl: 'https://example.com/x',
				displayId: 'elsewhere-1',
			});

			const result = await upsert([
				{ displayId: 'elsewhere-1', name: 'Mine', url: 'https://example.com/mine', tags: '' },
			]);

			expect(result.error).toMatchObject({
				name: 'NodeApiError',
				message: 'Display ID "elsewhere-1" is already taken',
				httpCode: '400',
			});
			expect(result.error?.description).toContain('already used by another code');
			expect(codesWithDisplayId('elsewhere-1')).toHaveLength(1);
			expect(codesWithDisplayId('elsewhere-1')[0].teamId).toBe(otherTeam.id);
			suite.expectRequestsFollowContract();
		});

		it('with Skip Unchanged, leaves a code that already matches the row untouched', async () => {
			const row = {
				displayId: 'steady-1',
				name: 'Steady',
				url: 'https://example.com/steady',
				tags: 'a, b',
			};
			const first = await upsert([row], { options: { skipUnchanged: true } });
			expect(first.items[0].json.result).toBe('created');
			const before = { ...codesWithDisplayId('steady-1')[0] };

			suite.sim.clearRequestLog();
			const again = await upsert([row, { ...row, displayId: 'steady-1', name: 'Steady v2' }], {
				options: { skipUnchanged: true },
			});

			expect(again.error).toBeUndefined();
			expect(again.items.map((item) => item.json.result)).toEqual(['unchanged', 'updated']);
			expect(suite.sim.requestLog.filter((entry) => entry.method === 'PUT')).toHaveLength(1);
			const after = codesWithDisplayId('steady-1')[0];
			expect(after.name).toBe('Steady v2');
			expect(after.updatedAt).toBeGreaterThanOrEqual(before.updatedAt);
			suite.expectRequestsFollowContract();
		});
	});
});

describe('Create or Update changing the type, with PUT read as replace', () => {
	const reading = useSimulator({ putSemantics: 'replace' });
	beforeAll(() => {
		suite = reading;
	});

	it("turns a vCard into a Website code: the vCard's top-level fields are neither sent nor kept", async () => {
		const code = suite.sim.state.createQr(suite.credentials.teamId!, {
			qrType: 'VCARD',
			name: 'Card',
			displayId: 'card-to-site-1',
			firstName: 'Ada',
			email: 'ada@example.com',
			tags: ['staff'],
		});

		const result = await upsert([
			{
				displayId: 'card-to-site-1',
				name: 'Now a site',
				url: 'https://example.com/now-a-site',
				tags: 'staff',
			},
		]);

		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({
			id: code.id,
			result: 'updated',
			qrType: 'WEB',
		});
		const puts = suite.sim.requestLog.filter((entry) => entry.method === 'PUT');
		expect(puts).toHaveLength(1);
		const body = puts[0].body as Record<string, unknown>;
		expect(body).not.toHaveProperty('firstName');
		expect(body).not.toHaveProperty('email');
		expect(body).toMatchObject({
			qrType: 'WEB',
			name: 'Now a site',
			displayId: 'card-to-site-1',
			qrRedirectUrl: 'https://example.com/now-a-site',
			tags: ['staff'],
			metadata: {},
		});
		const stored = suite.sim.state.getQr(code.id)!;
		expect(stored).toMatchObject({
			qrType: 'WEB',
			name: 'Now a site',
			displayId: 'card-to-site-1',
			qrRedirectUrl: 'https://example.com/now-a-site',
			tags: ['staff'],
		});
		expect(stored).not.toHaveProperty('firstName');
		expect(stored).not.toHaveProperty('email');
		expect(codesWithDisplayId('card-to-site-1')).toHaveLength(1);
		suite.expectRequestsFollowContract();
	});
});

describe.each(PUT_SEMANTICS)(
	'Create or Update of a password-protected code QRTRAC masks (PUT read as %s)',
	(semantics) => {
		const reading = useSimulator({ putSemantics: semantics });
		beforeAll(() => {
			suite = reading;
			suite.sim.setAnswerModes({ maskedPasswords: true });
		});

		const protectedRow = {
			...rowParameters,
			scanRules: { password: { passwordEnabled: true, password: 'secret' } },
			options: { skipUnchanged: true },
		};
		const row = {
			displayId: 'masked-1',
			name: 'Protected',
			url: 'https://example.com/p',
			tags: 'a',
		};

		it.each(['lookUpEachRow', 'sync'])(
			'in mode %s, a re-run of the row is unchanged: nothing is sent',
			async (mode) => {
				const displayId = `${row.displayId}-${mode}`;
				const first = await upsert([{ ...row, displayId }], { ...protectedRow, mode });
				expect(first.error).toBeUndefined();
				expect(first.items[0].json.result).toBe('created');

				suite.sim.clearRequestLog();
				const again = await upsert([{ ...row, displayId }], { ...protectedRow, mode });

				expect(again.error).toBeUndefined();
				expect(again.items[0].json.result).toBe('unchanged');
				expect(suite.sim.requestLog.filter((entry) => entry.method !== 'GET')).toEqual([]);
				expect(codesWithDisplayId(displayId)[0].settings).toEqual({
					passwordEnabled: true,
					password: 'secret',
				});
			},
		);

		it('a renamed row is sent with its own password, never the mask', async () => {
			const displayId = `${row.displayId}-renamed`;
			await upsert([{ ...row, displayId }], protectedRow);
			suite.sim.clearRequestLog();

			const again = await upsert([{ ...row, displayId, name: 'Renamed' }], protectedRow);

			expect(again.error).toBeUndefined();
			expect(again.items[0].json).toMatchObject({ result: 'updated', changedFields: ['name'] });
			const puts = suite.sim.requestLog.filter((entry) => entry.method === 'PUT');
			expect(JSON.stringify(puts.map((entry) => entry.body))).not.toContain('****');
			expect(codesWithDisplayId(displayId)[0]).toMatchObject({
				name: 'Renamed',
				settings: { passwordEnabled: true, password: 'secret' },
			});
			suite.expectRequestsFollowContract();
		});
	},
);

describe.each(PUT_SEMANTICS)(
	'Create or Update of a code whose password QRTRAC hides otherwise (PUT read as %s)',
	(semantics) => {
		useReading(semantics);

		const protectedRow = {
			...rowParameters,
			scanRules: { password: { passwordEnabled: true, password: 'secret' } },
		};
		const row = { name: 'Protected', url: 'https://example.com/p', tags: 'a' };

		it.each([
			['a mask of ●', { maskedPasswords: '●●●●●●●●' }],
			['no password at all', { passwordsLeftOut: true }],
		])('a re-run of the row against %s is unchanged: nothing is sent', async (name, modes) => {
			const displayId = `hidden-${name.length}-${semantics}`;
			await upsert([{ ...row, displayId }], protectedRow);
			suite.sim.setAnswerModes(modes);
			suite.sim.clearRequestLog();

			const again = await upsert([{ ...row, displayId }], protectedRow);

			expect(again.error).toBeUndefined();
			expect(again.items[0].json.result).toBe('unchanged');
			expect(suite.sim.requestLog.filter((entry) => entry.method !== 'GET')).toEqual([]);
			expect(codesWithDisplayId(displayId)[0].settings).toEqual({
				passwordEnabled: true,
				password: 'secret',
			});
		});
	},
);

describe('Create or Update renaming a masked-password code with a row that gives no password (PUT read as merge)', () => {
	const reading = useSimulator({ putSemantics: 'merge' });
	beforeAll(() => {
		suite = reading;
	});
	afterEach(() => suite.sim.setAnswerModes({}));

	it('leaves settings out of the PUT: the password stays', async () => {
		const displayId = 'masked-no-password';
		const parameters = {
			...rowParameters,
			scanRules: {
				password: { passwordEnabled: true, password: 'secret' },
				ageGate: { ageGating: true, minAge: 18 },
			},
		};
		const first = await upsert(
			[{ displayId, name: 'Protected', url: 'https://example.com/p' }],
			parameters,
		);
		expect(first.error).toBeUndefined();
		suite.sim.setAnswerModes({ maskedPasswords: true });
		suite.sim.clearRequestLog();

		const again = await upsert([{ displayId, name: 'Renamed', url: 'https://example.com/p' }], {
			...rowParameters,
			scanRules: { ageGate: { ageGating: true, minAge: 18 } },
		});

		expect(again.error).toBeUndefined();
		expect(again.items[0].json).toMatchObject({ result: 'updated', changedFields: ['name'] });
		const puts = suite.sim.requestLog.filter((entry) => entry.method === 'PUT');
		expect(puts.map((entry) => entry.body)).toEqual([
			expect.not.objectContaining({ settings: expect.anything() }),
		]);
		expect(codesWithDisplayId(displayId)[0]).toMatchObject({
			name: 'Renamed',
			settings: { passwordEnabled: true, password: 'secret', ageGating: true, minAge: 18 },
		});
	});
});

describe.each(PUT_SEMANTICS)(
	'Create or Update changing another setting of a masked-password code (PUT read as %s)',
	(semantics) => {
		useReading(semantics);

		it.each(['lookUpEachRow', 'sync'])(
			'in mode %s, a row without the password is refused before writing',
			async (mode) => {
				const displayId = `masked-min-age-${mode}`;
				const first = await upsert(
					[{ displayId, name: 'Protected', url: 'https://example.com/p' }],
					{
						...rowParameters,
						scanRules: {
							password: { passwordEnabled: true, password: 'secret' },
							ageGate: { ageGating: true, minAge: 21 },
						},
					},
				);
				expect(first.error).toBeUndefined();
				suite.sim.setAnswerModes({ maskedPasswords: true });
				suite.sim.clearRequestLog();

				const again = await upsert(
					[{ displayId, name: 'Protected', url: 'https://example.com/p' }],
					{ ...rowParameters, mode, scanRules: { ageGate: { ageGating: true, minAge: 18 } } },
				);

				expect(again.error?.message).toContain('settings.minAge');
				expect(again.error?.message).toContain('Give Password with the change.');
				expect(suite.sim.requestLog.filter((entry) => entry.method !== 'GET')).toEqual([]);
				expect(codesWithDisplayId(displayId)[0].settings).toEqual({
					passwordEnabled: true,
					password: 'secret',
					ageGating: true,
					minAge: 21,
				});
			},
		);
	},
);

describe('Create or Update of a row whose only difference is a password QRTRAC hides', () => {
	const reading = useSimulator({ putSemantics: 'merge' });
	beforeAll(() => {
		suite = reading;
	});
	afterEach(() => suite.sim.setAnswerModes({}));

	it.each(['lookUpEachRow', 'sync'])(
		'in mode %s, stays unchanged and says the password was not compared',
		async (mode) => {
			const displayId = `hidden-note-${mode}`;
			const row = { displayId, name: 'Protected', url: 'https://example.com/p' };
			await upsert([row], {
				...rowParameters,
				scanRules: { password: { passwordEnabled: true, password: 'secret' } },
			});
			suite.sim.setAnswerModes({ maskedPasswords: true });
			suite.sim.clearRequestLog();

			const again = await upsert([row], {
				...rowParameters,
				mode,
				scanRules: { password: { passwordEnabled: true, password: 'new-secret' } },
			});

			expect(again.error).toBeUndefined();
			expect(again.items[0].json).toMatchObject({
				result: 'unchanged',
				passwordNote:
					"QRTRAC hides this code's password, so the row's password was not compared; use Update to set it",
			});
			expect(suite.sim.requestLog.filter((entry) => entry.method !== 'GET')).toEqual([]);
		},
	);
});

/** A Website code of the suite's team, made in the simulator's state (no request). */
function webCode(displayId: string, name: string, qrRedirectUrl: string) {
	return suite.sim.state.createQr(suite.credentials.teamId!, {
		qrType: 'WEB',
		displayId,
		name,
		qrRedirectUrl,
	});
}

/**
 * The contract does not say whether a PUT's answer shows the code before or after it: a row's update answered with
 * the code as it was is checked by reading the code (updateQr), never reported `updated` with the old values.
 */
describe('Create or Update of a row answered with the code as it was before (PUT read as merge)', () => {
	useReading('merge');
	const requests = () => suite.sim.requestLog.map((entry) => `${entry.method} ${entry.path}`);

	it.each(['lookUpEachRow', 'sync'])(
		'in mode %s, the change made: updated with the code read afterwards',
		async (mode) => {
			const displayId = `prior-made-${mode}`;
			const code = webCode(displayId, 'Before', 'https://example.com/before');
			suite.sim.setAnswerModes({ priorCodeAnswers: 'changed' });
			suite.sim.clearRequestLog();

			const result = await upsert(
				[{ displayId, name: 'After', url: 'https://example.com/after', tags: '' }],
				{ mode },
			);

			expect(result.error).toBeUndefined();
			expect(result.items[0].json).toMatchObject({
				id: code.id,
				name: 'After',
				qrRedirectUrl: 'https://example.com/after',
				result: 'updated',
			});
			expect(requests().slice(-3)).toEqual([
				`GET /api/qrs-api/teams/${code.id}`,
				`PUT /api/qrs-api/${code.id}`,
				`GET /api/qrs-api/teams/${code.id}`,
			]);
			if (mode === 'lookUpEachRow') expect(requests()).toHaveLength(4);
			suite.expectRequestsFollowContract();
		},
	);

	it.each(['lookUpEachRow', 'sync'])(
		'in mode %s, the change not made: the row fails naming the operation, what was written and what QRTRAC holds',
		async (mode) => {
			const displayId = `prior-dropped-${mode}`;
			const code = webCode(displayId, 'Before', 'https://example.com/before');
			suite.sim.setAnswerModes({ priorCodeAnswers: 'unchanged' });

			const result = await upsert(
				[{ displayId, name: 'After', url: 'https://example.com/before', tags: '' }],
				{ mode },
			);

			expect(result.items).toEqual([]);
			expect(result.error?.message).toMatch(/Update QR Code.*does not show the change/);
			const description = String((result.error as { description?: string }).description);
			expect(description).toContain('Asked for {"name":"After"}');
			expect(description).toContain('QRTRAC holds {"name":"Before"}');
			expect(suite.sim.state.getQr(code.id)).toMatchObject({ name: 'Before' });
		},
	);
});

/** A service may store a row's values in its own form: a row's correct update never fails for it, nor costs a read. */
describe('Create or Update on a service that normalises what it stores (normalisedWrites)', () => {
	useReading('merge');
	beforeEach(() => suite.sim.setAnswerModes({ normalisedWrites: true }));
	afterEach(() => suite.sim.setAnswerModes({}));
	const requests = () => suite.sim.requestLog.map((entry) => `${entry.method} ${entry.path}`);

	it.each(['lookUpEachRow', 'sync'])(
		'in mode %s, a new redirect URL stored with a trailing `/` and tags lower-cased: updated from the answer',
		async (mode) => {
			const displayId = `normalised-${mode}`;
			const code = webCode(displayId, 'Same', 'https://example.com/old/');
			suite.sim.clearRequestLog();

			const result = await upsert(
				[{ displayId, name: 'Same', url: 'https://example.com/new', tags: 'Promo' }],
				{ mode },
			);

			expect(result.error).toBeUndefined();
			expect(result.items[0].json).toMatchObject({
				id: code.id,
				qrRedirectUrl: 'https://example.com/new/',
				tags: ['promo'],
				result: 'updated',
			});
			expect(requests().slice(-2)).toEqual([
				`GET /api/qrs-api/teams/${code.id}`,
				`PUT /api/qrs-api/${code.id}`,
			]);
			if (mode === 'lookUpEachRow') expect(requests()).toHaveLength(3);
		},
	);

	it.each(['lookUpEachRow', 'sync'])(
		'in mode %s, a re-run of a row whose URL QRTRAC stores in its own form (a trailing `/`) is updated, not failed',
		async (mode) => {
			const displayId = `normalised-again-${mode}`;
			const code = webCode(displayId, 'Same', 'https://example.com/kept/');
			suite.sim.clearRequestLog();

			// the row writes the URL without the `/` QRTRAC adds: the answer shows the stored form
			const result = await upsert([{ displayId, name: 'Same', url: 'https://example.com/kept' }], {
				mode,
			});

			expect(result.error).toBeUndefined();
			expect(result.items[0].json).toMatchObject({
				id: code.id,
				qrRedirectUrl: 'https://example.com/kept/',
				result: 'updated',
			});
			// the answer keeps QRTRAC's form of the written URL: taken without a read
			expect(requests().at(-1)).toBe(`PUT /api/qrs-api/${code.id}`);
		},
	);

	it.each(['lookUpEachRow', 'sync'])(
		'in mode %s, a row QRTRAC stored as the same address in its own form runs again unchanged: nothing is sent',
		async (mode) => {
			const displayId = `normalised-address-${mode}`;
			webCode(displayId, 'Old', 'https://example.com/old');
			const row = { displayId, name: 'Same', url: 'https://Example.com', tags: 'promo' };

			// the service stores `https://Example.com` as `https://example.com/`: one address
			const first = await upsert([row], { mode });
			expect(first.items[0].json).toMatchObject({
				qrRedirectUrl: 'https://Example.com/',
				result: 'updated',
			});
			suite.sim.clearRequestLog();

			const again = await upsert([row], { mode });

			expect(again.error).toBeUndefined();
			expect(again.items[0].json.result).toBe('unchanged');
			expect(requests().filter((request) => request.startsWith('PUT'))).toEqual([]);
		},
	);

	it('a trailing `/` on a path is another address: the row is written', async () => {
		const displayId = 'normalised-path';
		const code = webCode(displayId, 'Same', 'https://example.com/kept/');
		suite.sim.setAnswerModes({});
		suite.sim.clearRequestLog();

		const result = await upsert([{ displayId, name: 'Same', url: 'https://example.com/kept' }]);

		expect(result.items[0].json).toMatchObject({
			qrRedirectUrl: 'https://example.com/kept',
			result: 'updated',
		});
		expect(requests().at(-1)).toBe(`PUT /api/qrs-api/${code.id}`);
	});
});

describe.each(PUT_SEMANTICS)(
	'Create or Update of a code QRTRAC answers with its QR type in another case (PUT read as %s)',
	(semantics) => {
		useReading(semantics);

		it.each(['lookUpEachRow', 'sync'])(
			'%s: renames a code typed "web", sending the type as the contract spells it',
			async (mode) => {
				const displayId = `typed-web-${semantics}-${mode}`;
				const code = suite.sim.state.createQr(suite.credentials.teamId!, {
					qrType: 'WEB',
					name: 'Before',
					displayId,
					qrRedirectUrl: 'https://example.com/keep',
				});
				// the stored record is the one the simulator answers with: its type is held in the service's case
				Object.assign(code, { qrType: 'web' });
				suite.sim.clearRequestLog();

				const result = await upsert(
					[{ displayId, name: 'After', url: 'https://example.com/keep' }],
					{ mode },
				);

				expect(result.error).toBeUndefined();
				expect(result.items.map((item) => item.json.result)).toEqual(['updated']);
				const puts = suite.sim.requestLog.filter((entry) => entry.method === 'PUT');
				expect(puts.map((entry) => (entry.body as { qrType?: unknown }).qrType)).toEqual(['WEB']);
				expect(suite.sim.state.getQr(code.id)).toMatchObject({ name: 'After' });
				suite.expectRequestsFollowContract();
			},
		);
	},
);
