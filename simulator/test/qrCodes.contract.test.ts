import { startSimulator, type Simulator } from '..';
import { contractClient, type Call } from './contractClient';

/** Rules of QR code bodies and records: validation, displayId, baseUrl, templates, quota, update, soft delete. */
describe('QR code rules', () => {
	let sim: Simulator;
	let call: Call;
	let teamId: string;

	beforeAll(async () => {
		sim = await startSimulator();
		call = contractClient(sim);
		teamId = sim.credentials.teamId;
	});
	afterAll(() => sim.close());

	const create = (body: unknown, invalidRequest = false) =>
		call('POST', '/api/qrs-api', { body, invalidRequest });

	describe('body validation', () => {
		test.each([
			['qrType missing', { name: 'x' }, /"qrType" is required/],
			['qrType unknown', { qrType: 'FAX' }, /"qrType" must be one of/],
			['WEB without qrRedirectUrl', { qrType: 'WEB' }, /"qrRedirectUrl" is required/],
			['SHORT_LINK without qrRedirectUrl', { qrType: 'SHORT_LINK' }, /"qrRedirectUrl" is required/],
			[
				'qrRedirectUrl not a uri',
				{ qrType: 'WEB', qrRedirectUrl: 'not a url' },
				/"qrRedirectUrl" must be a valid uri/,
			],
			[
				'tags not strings',
				{ qrType: 'COUPON_CODE', tags: [1] },
				/"tags" must be an array of strings/,
			],
			[
				'metadata not an object',
				{ qrType: 'COUPON_CODE', metadata: 'x' },
				/"metadata" must be an object/,
			],
			[
				'settings not an object',
				{ qrType: 'COUPON_CODE', settings: [] },
				/"settings" must be an object/,
			],
			[
				'expiryDate not an integer',
				{ qrType: 'COUPON_CODE', expiryDate: '2025-01-01' },
				/"expiryDate" must be an integer/,
			],
		])('%s is 400 naming the field', async (_name, body, message) => {
			const before = sim.state.listQrs(teamId).length;
			const reply = await create(body, true);
			expect(reply.status).toBe(400);
			expect(reply.body.success).toBe(false);
			expect(reply.body.message).toMatch(message);
			expect(sim.state.listQrs(teamId)).toHaveLength(before);
		});

		test('a body that is not JSON is 400', async () => {
			const reply = await call('POST', '/api/qrs-api', {
				body: '{"qrType":',
				invalidRequest: true,
			});
			expect(reply.status).toBe(400);
			expect(reply.body.message).toMatch(/Invalid JSON/);
		});

		test('a JSON body under another content type is ignored, so qrType is missing', async () => {
			const reply = await call('POST', '/api/qrs-api', {
				body: JSON.stringify({ qrType: 'WEB', qrRedirectUrl: 'https://example.com' }),
				headers: { 'content-type': 'text/plain' },
				invalidRequest: true,
			});
			expect(reply.status).toBe(400);
			expect(reply.body.message).toMatch(/"qrType" is required/);
		});
	});

	test('every one of the 12 types is accepted with its example fields', async () => {
		const bodies = [
			{ qrType: 'WEB', qrRedirectUrl: 'https://example.com' },
			{
				qrType: 'PDF',
				pdfTitle: 'Catalog',
				pdfUrl: 'https://example.com/c.pdf',
				metadata: { allowDownload: true },
			},
			{ qrType: 'VCARD', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' },
			{
				qrType: 'MULTI_LOCALE',
				defaultQrRedirectUrl: 'https://example.com/en',
				qrRedirectUrls: [{ locale: 'fr', qrRedirectUrl: 'https://example.com/fr' }],
			},
			{ qrType: 'APP_DOWNLOAD', metadata: { appName: 'App' } },
			{ qrType: 'LINK_LIST', metadata: { links: [] } },
			{ qrType: 'SHORT_LINK', qrRedirectUrl: 'https://example.com/long' },
			{ qrType: 'COUPON_CODE', metadata: { couponCode: 'SAVE20' } },
			{ qrType: 'IMAGE_GALLERY', metadata: { images: [] } },
			{ qrType: 'SOCIAL_BIO', metadata: { links: [] } },
			{ qrType: 'VIDEO_PREVIEW', metadata: { videoUrl: 'https://example.com/v.mp4' } },
			{ qrType: 'RESTAURANT_MENU', metadata: { items: [] } },
		];
		for (const body of bodies) {
			const reply = await create(body);
			expect({ type: body.qrType, status: reply.status }).toEqual({
				type: body.qrType,
				status: 201,
			});
			expect(reply.body.data).toMatchObject({ ...body, name: 'Untitled', deleted: false, teamId });
		}
	});

	test('VCARD fields are stored at the top level; server fields in the body are ignored', async () => {
		const reply = await create({
			qrType: 'VCARD',
			firstName: 'Ada',
			company: 'Acme',
			id: 'qr_mine',
			deleted: true,
			createdAt: 1,
		});
		expect(reply.status).toBe(201);
		expect(reply.body.data).toMatchObject({ firstName: 'Ada', company: 'Acme', deleted: false });
		expect(reply.body.data.id).not.toBe('qr_mine');
		expect(reply.body.data.createdAt).not.toBe(1);
	});

	test('the record carries generated and derived fields', async () => {
		const reply = await create({
			name: 'Fields',
			qrType: 'WEB',
			qrRedirectUrl: 'https://example.com',
		});
		const qr = reply.body.data;
		expect(qr.id).toMatch(/^qr_[A-Za-z0-9]+$/);
		expect(qr.displayId).toMatch(/^[A-Za-z0-9]{7}$/);
		expect(qr.qrImageUrl).toBe(`${sim.url}/images/${qr.id}.png`);
		expect(qr.qrImageHash).toMatch(/^[0-9a-f]{64}$/);
		expect(qr.createdAt).toBe(qr.updatedAt);
		expect(qr.createdBy).toBe(sim.credentials.clientId);
		expect(qr.baseUrl).toBe('https://qr.acme.example/');
		expect(sim.state.templates.get(qr.templateId)?.name).toBe('Classic');
	});

	describe('displayId', () => {
		test('a custom displayId is kept', async () => {
			const reply = await create({
				qrType: 'SHORT_LINK',
				qrRedirectUrl: 'https://example.com',
				displayId: 'promo-2024_a.b~c%20',
			});
			expect(reply.status).toBe(201);
			expect(reply.body.data.displayId).toBe('promo-2024_a.b~c%20');
		});

		test('a displayId outside the pattern is 400', async () => {
			for (const displayId of ['has space', 'slash/inside', 'ümlaut', '']) {
				const reply = await create(
					{ qrType: 'WEB', qrRedirectUrl: 'https://example.com', displayId },
					true,
				);
				expect({ displayId, status: reply.status }).toEqual({ displayId, status: 400 });
				expect(reply.body.message).toMatch(/displayId/);
			}
		});

		test('a taken displayId is 400 on create and update, free on itself', async () => {
			const first = await create({
				qrType: 'WEB',
				qrRedirectUrl: 'https://example.com',
				displayId: 'unique-one',
			});
			expect(first.status).toBe(201);
			const second = await create({
				qrType: 'WEB',
				qrRedirectUrl: 'https://example.com',
				displayId: 'unique-one',
			});
			expect(second.status).toBe(400);
			expect(second.body.message).toMatch(/already taken/);

			const other = await create({
				qrType: 'WEB',
				qrRedirectUrl: 'https://example.com',
				displayId: 'unique-two',
			});
			const clash = await call('PUT', `/api/qrs-api/${other.body.data.id}`, {
				body: { qrType: 'WEB', qrRedirectUrl: 'https://example.com', displayId: 'unique-one' },
			});
			expect(clash.status).toBe(400);
			expect(clash.body.message).toMatch(/already taken/);
			const self = await call('PUT', `/api/qrs-api/${other.body.data.id}`, {
				body: {
					qrType: 'WEB',
					qrRedirectUrl: 'https://example.com',
					displayId: 'unique-two',
					name: 'Same id',
				},
			});
			expect(self.status).toBe(200);
		});

		test('a soft-deleted code keeps its displayId', async () => {
			const first = await create({
				qrType: 'WEB',
				qrRedirectUrl: 'https://example.com',
				displayId: 'kept-after-delete',
			});
			await call('DELETE', `/api/qrs-api/${first.body.data.id}`);
			const again = await create({
				qrType: 'WEB',
				qrRedirectUrl: 'https://example.com',
				displayId: 'kept-after-delete',
			});
			expect(again.status).toBe(400);
			const availability = await call('GET', '/api/qrs-api/availability/kept-after-delete');
			expect(availability.body.success).toBe(false);
		});

		test('availability of a malformed id is 400', async () => {
			const reply = await call('GET', `/api/qrs-api/availability/${encodeURIComponent('a b')}`);
			expect(reply.status).toBe(400);
		});
	});

	describe('baseUrl', () => {
		test("a baseUrl on one of the team's domains is used for the short URL", async () => {
			const reply = await create({
				qrType: 'WEB',
				qrRedirectUrl: 'https://example.com',
				baseUrl: 'https://go.acme.example/',
			});
			expect(reply.status).toBe(201);
			expect(reply.body.data.baseUrl).toBe('https://go.acme.example/');
		});

		test.each([
			['without the final slash', 'https://go.acme.example', /end with \//],
			['with another scheme', 'ftp://go.acme.example/', /http/],
			["on a domain the team doesn't have", 'https://evil.example/', /not a domain of this team/],
		])('a baseUrl %s is 400', async (_case, baseUrl, message) => {
			const reply = await create(
				{ qrType: 'WEB', qrRedirectUrl: 'https://example.com', baseUrl },
				true,
			);
			expect(reply.status).toBe(400);
			expect(reply.body.message).toMatch(message);
		});
	});

	test('templateId must be a template of the team', async () => {
		const [template] = sim.state.templatesOfTeam(teamId);
		const good = await create({
			qrType: 'WEB',
			qrRedirectUrl: 'https://example.com',
			templateId: template.id,
		});
		expect(good.status).toBe(201);
		expect(good.body.data.templateId).toBe(template.id);
		const otherTeam = [...sim.state.teams.values()].find((team) => team.id !== teamId) ?? {
			id: '',
		};
		const [foreign] = sim.state.templatesOfTeam(otherTeam.id);
		const bad = await create({
			qrType: 'WEB',
			qrRedirectUrl: 'https://example.com',
			templateId: foreign.id,
		});
		expect(bad.status).toBe(400);
		expect(bad.body.message).toMatch(/Template not found/);
	});

	test('the quota counts live codes of the team: create and duplicate refuse beyond it, deleting frees a place', async () => {
		const team = sim.state.createTeam(sim.state.teams.get(teamId)?.orgId as string, 'Quota team');
		const credentials = { ...sim.credentials, teamId: team.id };
		sim.state.setQuota(2, team.id);
		const body = { qrType: 'WEB', qrRedirectUrl: 'https://example.com' };
		const first = await call('POST', '/api/qrs-api', { credentials, body });
		expect((await call('POST', '/api/qrs-api', { credentials, body })).status).toBe(201);
		const refused = await call('POST', '/api/qrs-api', { credentials, body });
		expect(refused.status).toBe(400);
		expect(refused.body.message).toMatch(/quota/i);
		expect(refused.body.message).toMatch(/plan/i);
		expect(
			(await call('POST', `/api/qrs-api/duplicate/${first.body.data.id}`, { credentials })).status,
		).toBe(400);
		await call('DELETE', `/api/qrs-api/${first.body.data.id}`, { credentials });
		expect((await call('POST', '/api/qrs-api', { credentials, body })).status).toBe(201);
		expect(sim.state.listQrs(team.id)).toHaveLength(2);
	});

	describe('update (PUT)', () => {
		test('merges top-level fields, keeps the rest, moves updatedAt and updatedBy', async () => {
			sim.clock.set(1_800_000_000_000);
			const created = await create({
				name: 'Merge',
				qrType: 'WEB',
				qrRedirectUrl: 'https://example.com',
				tags: ['a'],
				metadata: { x: 1 },
			});
			sim.clock.advance(5000);
			const admin = sim.state.addApiClient(created.body.data.orgId, 'admin', teamId);
			const reply = await call('PUT', `/api/qrs-api/${created.body.data.id}`, {
				credentials: admin,
				body: { qrType: 'WEB', qrRedirectUrl: 'https://example.com/2', metadata: { y: 2 } },
			});
			sim.clock.useRealTime();
			expect(reply.status).toBe(200);
			expect(reply.body.data).toMatchObject({
				name: 'Merge',
				tags: ['a'],
				metadata: { y: 2 },
				qrRedirectUrl: 'https://example.com/2',
			});
			expect(reply.body.data.updatedAt).toBe(1_800_000_005_000);
			expect(reply.body.data.createdAt).toBe(1_800_000_000_000);
			expect(reply.body.data.updatedBy).toBe(admin.clientId);
		});

		test('validates like create: qrType is required', async () => {
			const created = await create({ qrType: 'COUPON_CODE' });
			const reply = await call('PUT', `/api/qrs-api/${created.body.data.id}`, {
				body: { name: 'No type' },
				invalidRequest: true,
			});
			expect(reply.status).toBe(400);
			expect(reply.body.message).toMatch(/qrType/);
		});

		test('an unknown id is 400 not found', async () => {
			const reply = await call('PUT', '/api/qrs-api/qr_missing', {
				body: { qrType: 'COUPON_CODE' },
			});
			expect(reply.status).toBe(400);
			expect(reply.body.message).toMatch(/not found/);
		});
	});

	test('tags and title need a valid body', async () => {
		const created = await create({ qrType: 'COUPON_CODE' });
		const id = created.body.data.id;
		expect(
			(
				await call('PUT', `/api/qrs-api/${id}/tags`, {
					body: { tags: 'one' },
					invalidRequest: true,
				})
			).status,
		).toBe(400);
		expect(
			(
				await call('PATCH', `/api/qrs-api/${id}/title`, {
					body: { title: '' },
					invalidRequest: true,
				})
			).status,
		).toBe(400);
		expect(
			(await call('PATCH', `/api/qrs-api/${id}/title`, { body: {}, invalidRequest: true })).status,
		).toBe(400);
	});

	test('duplicate copies content with a new id and displayId', async () => {
		const created = await create({
			name: 'Original',
			qrType: 'COUPON_CODE',
			metadata: { couponCode: 'X1' },
			tags: ['t'],
		});
		const copy = await call('POST', `/api/qrs-api/duplicate/${created.body.data.id}`);
		expect(copy.status).toBe(201);
		expect(copy.body.data).toMatchObject({
			name: 'Original',
			metadata: { couponCode: 'X1' },
			tags: ['t'],
		});
		expect(copy.body.data.displayId).not.toBe(created.body.data.displayId);
		expect((await call('POST', '/api/qrs-api/duplicate/qr_missing')).status).toBe(400);
	});

	test('a soft-deleted code is gone from get, list, update, tags, title, duplicate, delete and analytics, but not from fromTime', async () => {
		const created = await create({
			name: 'Soon deleted',
			qrType: 'WEB',
			qrRedirectUrl: 'https://example.com',
		});
		const id = created.body.data.id;
		const deleted = await call('DELETE', `/api/qrs-api/${id}`);
		expect(deleted.body.data).toMatchObject({ id, deleted: true });
		expect(sim.state.getQr(id)?.deleted).toBe(true);

		const refusals = await Promise.all([
			call('GET', `/api/qrs-api/teams/${id}`),
			call('PUT', `/api/qrs-api/${id}`, {
				body: { qrType: 'WEB', qrRedirectUrl: 'https://example.com' },
			}),
			call('PUT', `/api/qrs-api/${id}/tags`, { body: { tags: [] } }),
			call('PATCH', `/api/qrs-api/${id}/title`, { body: { title: 'x' } }),
			call('POST', `/api/qrs-api/duplicate/${id}`),
			call('DELETE', `/api/qrs-api/${id}`),
			call('GET', `/api/analytics-api/detailed/${id}`),
		]);
		expect(refusals.map((reply) => reply.status)).toEqual([400, 400, 400, 400, 400, 400, 400]);

		const list = await call('GET', '/api/qrs-api/v2/teams/?limit=100&search=Soon%20deleted');
		expect(list.body.data.totalCount).toBe(0);
		const changed = await call(
			'GET',
			`/api/qrs-api/teams/fromTime/${created.body.data.updatedAt - 1}`,
		);
		expect(changed.body.data).toContainEqual(expect.objectContaining({ id, deleted: true }));
		const all = await call('GET', `/api/qrs-api/all/fromTime/${created.body.data.updatedAt - 1}`);
		expect(all.body.data).toContainEqual(expect.objectContaining({ id, deleted: true }));
	});

	test("a code of another team is not found from this team's header", async () => {
		const sales = [...sim.state.teams.values()].find((team) => team.name === 'Sales');
		const salesCode = sim.state.listQrs(sales?.id as string)[0];
		const reply = await call('GET', `/api/qrs-api/teams/${salesCode.id}`);
		expect(reply.status).toBe(400);
		const fromSales = await call('GET', `/api/qrs-api/teams/${salesCode.id}`, {
			credentials: { ...sim.credentials, teamId: sales?.id as string },
		});
		expect(fromSales.status).toBe(200);
	});

	test('answer mode priorCodeAnswers: a change of a code answers the code as before; `unchanged` also leaves it as before', async () => {
		const created = await create({
			qrType: 'WEB',
			name: 'Prior',
			qrRedirectUrl: 'https://example.com/prior',
			tags: ['old'],
		});
		const id = created.body.data.id as string;
		sim.setAnswerModes({ priorCodeAnswers: 'changed' });
		try {
			const titled = await call('PATCH', `/api/qrs-api/${id}/title`, { body: { title: 'New' } });
			expect(titled.body).toMatchObject({ success: true, data: { id, name: 'Prior' } });
			expect(sim.state.getQr(id)?.name).toBe('New');
			const tagged = await call('PUT', `/api/qrs-api/${id}/tags`, { body: { tags: ['new'] } });
			expect(tagged.body.data).toMatchObject({ id, name: 'New', tags: ['old'] });
			expect(sim.state.getQr(id)?.tags).toEqual(['new']);

			sim.setAnswerModes({ priorCodeAnswers: 'unchanged' });
			const put = await call('PUT', `/api/qrs-api/${id}`, {
				body: { qrType: 'WEB', name: 'Dropped', qrRedirectUrl: 'https://example.com/dropped' },
			});
			expect(put.body.data).toMatchObject({ id, name: 'New', tags: ['new'] });
			expect(sim.state.getQr(id)).toMatchObject({
				name: 'New',
				qrRedirectUrl: 'https://example.com/prior',
			});
			const read = await call('GET', `/api/qrs-api/teams/${id}`);
			expect(read.body.data).toMatchObject({ name: 'New', tags: ['new'] });
			const refused = await call('PATCH', `/api/qrs-api/${id}/title`, {
				body: { title: '' },
				invalidRequest: true,
			});
			expect(refused.body).toMatchObject({ success: false });
		} finally {
			sim.setAnswerModes({});
		}
	});

	test("answer mode normalisedWrites: a change of a code is stored and answered in the service's form", async () => {
		const created = await create({
			qrType: 'WEB',
			name: 'Plain',
			qrRedirectUrl: 'https://example.com/plain',
			tags: ['Keep'],
		});
		const id = created.body.data.id as string;
		expect(created.body.data).toMatchObject({ qrRedirectUrl: 'https://example.com/plain' });
		sim.setAnswerModes({ normalisedWrites: true });
		try {
			const put = await call('PUT', `/api/qrs-api/${id}`, {
				body: {
					qrType: 'WEB',
					name: 'Plain',
					qrRedirectUrl: 'https://example.com/new',
					settings: { ageGating: true, minAge: 21 },
				},
			});
			expect(put.body.data).toMatchObject({
				qrRedirectUrl: 'https://example.com/new/',
				settings: { ageGating: true, minAge: '21' },
			});
			const tagged = await call('PUT', `/api/qrs-api/${id}/tags`, { body: { tags: ['Promo'] } });
			expect(tagged.body.data.tags).toEqual(['promo']);
			expect(sim.state.getQr(id)).toMatchObject({
				qrRedirectUrl: 'https://example.com/new/',
				tags: ['promo'],
			});
		} finally {
			sim.setAnswerModes({});
		}
	});

	test('answer modes codesWithoutTemplate and maskedPasswords: code records leave out templateId and baseUrl, hide the password; the store keeps them', async () => {
		sim.setAnswerModes({ codesWithoutTemplate: true, maskedPasswords: true });
		try {
			const created = await create({
				qrType: 'WEB',
				name: 'Masked',
				qrRedirectUrl: 'https://example.com/masked',
				displayId: 'masked-mode-1',
				settings: { passwordEnabled: true, password: 'open-sesame' },
			});
			const id = created.body.data.id as string;
			const read = await call('GET', `/api/qrs-api/teams/${id}`);
			const list = await call('GET', '/api/qrs-api/v2/teams/?limit=100&search=masked-mode-1');
			for (const code of [created.body.data, read.body.data, list.body.data.qrs[0]]) {
				expect(code).not.toHaveProperty('templateId');
				expect(code).not.toHaveProperty('baseUrl');
				expect(code.settings).toEqual({ passwordEnabled: true, password: '********' });
				expect(code.name).toBe('Masked');
			}
			expect(sim.state.getQr(id)).toMatchObject({
				templateId: expect.any(String),
				baseUrl: expect.any(String),
				settings: { password: 'open-sesame' },
			});
		} finally {
			sim.setAnswerModes({});
		}
	});

	test('answer modes maskedPasswords (a mask given) and passwordsLeftOut: reads show that mask, or no password; the store keeps it', async () => {
		const created = await create({
			qrType: 'WEB',
			name: 'Hidden',
			qrRedirectUrl: 'https://example.com/hidden',
			displayId: 'hidden-mode-1',
			settings: { passwordEnabled: true, password: 'open-sesame' },
		});
		const id = created.body.data.id as string;
		try {
			sim.setAnswerModes({ maskedPasswords: '●●●●●●' });
			const masked = await call('GET', `/api/qrs-api/teams/${id}`);
			expect(masked.body.data.settings).toEqual({ passwordEnabled: true, password: '●●●●●●' });
			sim.setAnswerModes({ passwordsLeftOut: true });
			const read = await call('GET', `/api/qrs-api/teams/${id}`);
			const list = await call('GET', '/api/qrs-api/v2/teams/?limit=100&search=hidden-mode-1');
			for (const code of [read.body.data, list.body.data.qrs[0]])
				expect(code.settings).toEqual({ passwordEnabled: true });
			expect(sim.state.getQr(id)!.settings).toEqual({
				passwordEnabled: true,
				password: 'open-sesame',
			});
		} finally {
			sim.setAnswerModes({});
		}
	});

	test('answer mode deletedCodesById: Get QR by ID answers a deleted code of the team with deleted: true', async () => {
		const qr = sim.state.createQr(teamId, {
			qrType: 'WEB',
			qrRedirectUrl: 'https://example.com/deleted-by-id',
		});
		expect((await call('DELETE', `/api/qrs-api/${qr.id}`)).status).toBe(200);
		const refused = await call('GET', `/api/qrs-api/teams/${qr.id}`, { invalidRequest: true });
		expect(refused.status).toBe(400);
		sim.setAnswerModes({ deletedCodesById: true });
		try {
			const read = await call('GET', `/api/qrs-api/teams/${qr.id}`);
			expect(read.status).toBe(200);
			expect(read.body.data).toMatchObject({ id: qr.id, deleted: true });
			// Unknown codes are still refused.
			const unknown = await call('GET', '/api/qrs-api/teams/no-such-code', {
				invalidRequest: true,
			});
			expect(unknown.status).toBe(400);
		} finally {
			sim.setAnswerModes({});
		}
	});

	test('answer modes notFoundStatus and foreignRecordStatus: unknown and foreign records refused with 404 / 403', async () => {
		const orgId = sim.state.teams.get(teamId)?.orgId as string;
		const otherTeam = sim.state.createTeam(orgId, 'Foreign codes team');
		const foreign = sim.state.createQr(otherTeam.id, {
			qrType: 'WEB',
			qrRedirectUrl: 'https://example.com/foreign',
		});
		const otherOrg = sim.state.createOrganization('Foreign org', {
			name: 'Foreign owner',
			email: 'owner@foreign.example',
		});
		const refusal = async (method: string, path: string) => {
			const reply = await call(method, path, { invalidRequest: true });
			return [reply.status, reply.body.success];
		};
		expect(await refusal('GET', '/api/qrs-api/teams/no-such-code')).toEqual([400, false]);
		sim.setAnswerModes({ notFoundStatus: 404 });
		try {
			expect(await refusal('GET', '/api/qrs-api/teams/no-such-code')).toEqual([404, false]);
			expect(await refusal('DELETE', '/api/qrs-api/no-such-code')).toEqual([404, false]);
			expect(await refusal('GET', `/api/qrs-api/teams/${foreign.id}`)).toEqual([404, false]);
			expect(await refusal('GET', '/api/teams-api/no-such-team')).toEqual([404, false]);
			expect(
				await refusal('PUT', `/api/teams-api/${teamId}/members/nobody%40example.com/pause`),
			).toEqual([404, false]);
			// Other refusals keep their status.
			const invalid = await call('PATCH', `/api/qrs-api/${foreign.id}/title`, {
				body: { title: '' },
				invalidRequest: true,
			});
			expect(invalid.status).toBe(400);

			sim.setAnswerModes({ notFoundStatus: 404, foreignRecordStatus: 403 });
			expect(await refusal('GET', `/api/qrs-api/teams/${foreign.id}`)).toEqual([403, false]);
			expect(await refusal('DELETE', `/api/qrs-api/${foreign.id}`)).toEqual([403, false]);
			expect(await refusal('GET', '/api/qrs-api/teams/no-such-code')).toEqual([404, false]);
			expect(await refusal('GET', `/api/teams-api/${otherOrg.team.id}`)).toEqual([403, false]);
			expect(sim.state.getQr(foreign.id)?.deleted).toBe(false);
		} finally {
			sim.setAnswerModes({});
		}
	});

	test('answer mode deletedCodeStatus: a deleted code of the team refused with 410 (or 403), other refusals as before', async () => {
		const made = sim.state.createQr(teamId, {
			qrType: 'WEB',
			qrRedirectUrl: 'https://example.com/gone',
		});
		sim.state.qrs.set(made.id, { ...made, deleted: true });
		const refusal = async (method: string, path: string, body?: unknown) => {
			const reply = await call(method, path, { invalidRequest: true, body });
			return [reply.status, reply.body.success];
		};
		expect(await refusal('GET', `/api/qrs-api/teams/${made.id}`)).toEqual([400, false]);
		sim.setAnswerModes({ deletedCodeStatus: 410 });
		try {
			expect(await refusal('GET', `/api/qrs-api/teams/${made.id}`)).toEqual([410, false]);
			expect(await refusal('GET', `/api/analytics-api/detailed/${made.id}`)).toEqual([410, false]);
			expect(
				await refusal('POST', '/api/analytics-api/detailed/all', {
					qrIds: [made.id],
					startTime: 0,
					endTime: Date.now(),
				}),
			).toEqual([410, false]);
			expect(await refusal('GET', '/api/qrs-api/teams/no-such-code')).toEqual([400, false]);
			sim.setAnswerModes({ deletedCodeStatus: 403 });
			expect(await refusal('GET', `/api/qrs-api/teams/${made.id}`)).toEqual([403, false]);
		} finally {
			sim.setAnswerModes({});
		}
	});
});
