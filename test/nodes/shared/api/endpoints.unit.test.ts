/**
 * The endpoint module: one typed function per contract operation (29), each sending exactly the method, path and
 * body the contract names, and reading its answer through the shape checks. A fake context answers; every
 * contract operation must have its function here.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

import * as api from '../../../../nodes/shared/api';
import { fakeContext, ok, type FakeAnswer, type SentRequest } from '../../../support/fakeContext';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

const code = {
	id: 'qr_1',
	displayId: 'd1',
	name: 'Code',
	qrType: 'WEB',
	qrRedirectUrl: 'https://example.com',
	tags: ['a'],
	createdAt: 1_732_000_000_000,
	updatedAt: 1_732_000_000_001,
};
const team = {
	id: 'team_1',
	name: 'Team',
	domains: ['a.example'],
	defaultDomain: 'a.example',
	members: [{ email: 'a@example.com', role: 'admin' }],
};

type Call = [
	operationId: string,
	call: (ctx: Parameters<typeof api.getQrById>[0]) => Promise<unknown>,
	answer: FakeAnswer,
	method: string,
	path: string,
	body?: unknown,
];

const calls: Call[] = [
	[
		'createQr',
		(ctx) => api.createQr(ctx, { body: { qrType: 'WEB', qrRedirectUrl: 'https://e.x' } }),
		ok({ ...code, qrRedirectUrl: 'https://e.x' }),
		'POST',
		'/api/qrs-api',
		{ qrType: 'WEB', qrRedirectUrl: 'https://e.x' },
	],
	[
		'duplicateQr',
		(ctx) => api.duplicateQr(ctx, { id: 'qr_1' }),
		ok({ ...code, id: 'qr_2' }),
		'POST',
		'/api/qrs-api/duplicate/qr_1',
	],
	[
		'checkQrAvailability',
		(ctx) => api.checkQrAvailability(ctx, { displayId: 'd 1' }),
		ok('free'),
		'GET',
		'/api/qrs-api/availability/d%201',
	],
	[
		'updateQr',
		(ctx) => api.updateQr(ctx, { id: 'qr_1', stored: code, changes: { name: 'New' } }),
		ok({ ...code, name: 'New' }),
		'PUT',
		'/api/qrs-api/qr_1',
		{
			displayId: 'd1',
			name: 'New',
			qrType: 'WEB',
			qrRedirectUrl: 'https://example.com',
			tags: ['a'],
		},
	],
	[
		'deleteQr',
		(ctx) => api.deleteQr(ctx, { id: 'qr_1', laterCheck: true }),
		ok(code),
		'DELETE',
		'/api/qrs-api/qr_1',
	],
	[
		'updateQrTags',
		(ctx) => api.updateQrTags(ctx, { id: 'qr_1', tags: ['x'] }),
		ok({ ...code, tags: ['x'] }),
		'PUT',
		'/api/qrs-api/qr_1/tags',
		{ tags: ['x'] },
	],
	[
		'updateQrTitle',
		(ctx) => api.updateQrTitle(ctx, { id: 'qr_1', title: 'T' }),
		ok({ ...code, name: 'T' }),
		'PATCH',
		'/api/qrs-api/qr_1/title',
		{ title: 'T' },
	],
	[
		'getTeamQrsPaginated',
		(ctx) => api.getTeamQrsPaginated(ctx, { query: { search: 's' }, page: 2, limit: 100 }),
		ok({ qrs: [code], totalCount: 1 }),
		'GET',
		'/api/qrs-api/v2/teams/',
	],
	[
		'getQrById',
		(ctx) => api.getQrById(ctx, { id: 'qr/1' }),
		ok({ ...code, id: 'qr/1' }),
		'GET',
		'/api/qrs-api/teams/qr%2F1',
	],
	[
		'getTeamQrsFromTime',
		(ctx) => api.getTeamQrsFromTime(ctx, { fromTime: 1700000000000.5 }),
		ok([code]),
		'GET',
		'/api/qrs-api/teams/fromTime/1700000000000',
	],
	[
		'getAllQrsFromTime',
		(ctx) => api.getAllQrsFromTime(ctx, { fromTime: 1700000000000 }),
		ok([code]),
		'GET',
		'/api/qrs-api/all/fromTime/1700000000000',
	],
	[
		'getQrTemplatesByTeam',
		(ctx) => api.getQrTemplatesByTeam(ctx),
		ok([{ id: 'tpl_1' }]),
		'GET',
		'/api/qr-templates-api',
	],
	[
		'getQrAnalytics',
		(ctx) => api.getQrAnalytics(ctx, { qrId: 'qr_1' }),
		ok([{ qrId: 'qr_1', scanTime: 1_732_000_000_500 }]),
		'GET',
		'/api/analytics-api/detailed/qr_1',
	],
	[
		'getBulkQrAnalytics',
		(ctx) => api.getBulkQrAnalytics(ctx, { qrIds: ['qr_1'], startTime: 1, endTime: 2 }),
		ok([]),
		'POST',
		'/api/analytics-api/detailed/all',
		// one millisecond wider on each side: the contract does not say whether the range's ends count
		{ qrIds: ['qr_1'], startTime: 0, endTime: 3 },
	],
	[
		'getTotalScansOverview',
		(ctx) => api.getTotalScansOverview(ctx, { qrIds: ['qr_1'] }),
		ok([{ id: 'qr_1', totalScans: 3 }]),
		'POST',
		'/api/analytics-api/overviews',
		{ qrIds: ['qr_1'] },
	],
	['getAllTeams', (ctx) => api.getAllTeams(ctx), ok([team]), 'GET', '/api/teams-api'],
	[
		'createTeam',
		(ctx) => api.createTeam(ctx, { name: 'N' }),
		ok({ ...team, id: 'team_2', name: 'N' }),
		'POST',
		'/api/teams-api',
		{ name: 'N' },
	],
	[
		'getTeamById',
		(ctx) => api.getTeamById(ctx, { teamId: 'team_1' }),
		ok(team),
		'GET',
		'/api/teams-api/team_1',
	],
	[
		'updateTeam',
		(ctx) => api.updateTeam(ctx, { teamId: 'team_1', name: 'N' }),
		ok({ ...team, name: 'N' }),
		'PUT',
		'/api/teams-api/team_1',
		{ name: 'N' },
	],
	[
		'updateDomainPreferences',
		(ctx) =>
			api.updateDomainPreferences(ctx, {
				teamId: 'team_1',
				domains: ['a.example'],
				defaultDomain: 'a.example',
			}),
		ok(team),
		'PUT',
		'/api/teams-api/team_1/domainPreferences',
		{ defaultDomain: 'a.example', domains: ['a.example'] },
	],
	[
		'addTeamMember',
		(ctx) =>
			api.addTeamMember(ctx, {
				teamId: 'team_1',
				email: 'a@example.com',
				name: 'A',
				role: 'viewer',
			}),
		ok(),
		'PUT',
		'/api/teams-api/team_1/members',
		{ name: 'A', email: 'a@example.com', role: 'viewer' },
	],
	[
		'bulkAddMember',
		(ctx) =>
			api.bulkAddMember(ctx, {
				email: 'a@example.com',
				name: 'A',
				teams: [{ teamId: 'team_1', role: 'viewer' }],
			}),
		ok(),
		'POST',
		'/api/teams-api/members/bulk',
		{ name: 'A', email: 'a@example.com', teams: [{ teamId: 'team_1', role: 'viewer' }] },
	],
	[
		'activateMember',
		(ctx) => api.activateMember(ctx, { teamId: 'team_1', email: 'a@example.com' }),
		ok(),
		'PUT',
		'/api/teams-api/team_1/members/a%40example.com/activate',
	],
	[
		'pauseMember',
		(ctx) => api.pauseMember(ctx, { teamId: 'team_1', email: 'a@example.com' }),
		ok(),
		'PUT',
		'/api/teams-api/team_1/members/a%40example.com/pause',
	],
	[
		'changeMemberRole',
		(ctx) =>
			api.changeMemberRole(ctx, { teamId: 'team_1', email: 'a@example.com', role: 'editor' }),
		ok(),
		'PUT',
		'/api/teams-api/team_1/members/a%40example.com/changeRole',
		{ role: 'editor' },
	],
	[
		'removeMemberFromTeam',
		(ctx) => api.removeMemberFromTeam(ctx, { teamId: 'team_1', email: 'a@example.com' }),
		ok(),
		'DELETE',
		'/api/teams-api/team_1/members/a%40example.com',
	],
	[
		'deleteMember',
		(ctx) => api.deleteMember(ctx, { teamId: 'team_1', email: 'a@example.com' }),
		{ status: 200, body: { success: true, message: 'removed' } },
		'DELETE',
		'/api/teams-api/team_1/members/a%40example.com/delete',
	],
	[
		'resendInvite',
		(ctx) => api.resendInvite(ctx, { email: 'a@example.com' }),
		ok(),
		'GET',
		'/api/teams-api/resend/invite/a%40example.com',
	],
	[
		'simpleCreateDynamic',
		(ctx) =>
			api.simpleCreateDynamic(ctx, { request: { destinationUrl: 'https://e.x', type: 'dynamic' } }),
		ok({ id: 'l1' }),
		'POST',
		'/v1/qr/create',
		{ destination_url: 'https://e.x', type: 'dynamic' },
	],
];

function pathOf(request: SentRequest): string {
	return new URL(request.url).pathname;
}

describe('one function per contract operation', () => {
	it('covers every operation of the contract', () => {
		const contract = JSON.parse(
			readFileSync(path.join(__dirname, '../../../contract/openapi.json'), 'utf8'),
		) as { paths: Record<string, Record<string, { operationId?: string }>> };
		const operationIds = Object.values(contract.paths).flatMap((operations) =>
			Object.values(operations)
				.map((operation) => operation.operationId)
				.filter(Boolean),
		);
		expect([...operationIds, 'simpleCreateDynamic'].sort()).toEqual(
			calls.map(([operationId]) => operationId).sort(),
		);
	});

	it.each(calls)(
		'%s sends its method, path and body',
		async (...[, call, answer, method, expectedPath, body]: Call) => {
			const { ctx, sent } = fakeContext({ answers: [answer] });
			await call(ctx);
			expect(sent).toHaveLength(1);
			expect([sent[0].method, pathOf(sent[0])]).toEqual([method, expectedPath]);
			if (body !== undefined) expect(sent[0].body).toEqual(body);
		},
	);
});

describe('the list walk and the chunking exist once', () => {
	it('walks pages of 100 until the total, each code once', async () => {
		const page = (ids: string[], totalCount: number) =>
			ok({ qrs: ids.map((id) => ({ ...code, id })), totalCount });
		const first = Array.from({ length: 100 }, (_, index) => `qr_${index}`);
		const { ctx, sent } = fakeContext({
			answers: [
				page(first, 150),
				page(
					[...first.slice(90), ...Array.from({ length: 50 }, (_, index) => `qr_${100 + index}`)],
					150,
				),
			],
		});

		const codes = await api.listTeamQrs(ctx, { query: {}, walk: { returnAll: true } });

		expect(codes).toHaveLength(150);
		expect(sent.map((request) => request.qs)).toEqual([
			{ limit: 100, page: 1, sortBy: 'createdAt', sortOrder: 'asc' },
			{ limit: 100, page: 2, sortBy: 'createdAt', sortOrder: 'asc' },
		]);
	});

	it('sends analytics 100 codes per request', async () => {
		const qrIds = Array.from({ length: 250 }, (_, index) => `qr_${index}`);
		const { ctx, sent } = fakeContext({
			answers: (request) =>
				ok((request.body as { qrIds: string[] }).qrIds.map((id) => ({ id, totalScans: 0 }))),
		});

		const totals = await api.getTotalScansOverview(ctx, { qrIds });

		expect(sent.map((request) => (request.body as { qrIds: string[] }).qrIds.length)).toEqual([
			100, 100, 50,
		]);
		expect(totals).toHaveLength(250);
	});
});

describe("a code change's answer, before or after the change (changedCode)", () => {
	const stored = {
		...code,
		templateId: 'tpl_1',
		settings: { passwordEnabled: true, password: 'x' },
	};

	it('is taken without a read when it holds what was written: tags in another order, fields a read need not echo left out, a masked password', async () => {
		const { ctx, sent } = fakeContext({
			answers: [
				ok({ ...code, tags: ['y', 'x', 'y'] }),
				ok({ ...code, name: 'New', settings: { passwordEnabled: true, password: '***' } }),
			],
		});

		const tagged = await api.updateQrTags(ctx, { id: 'qr_1', tags: ['x', 'y'] });
		const renamed = await api.updateQr(ctx, {
			id: 'qr_1',
			stored,
			changes: { name: 'New', templateId: 'tpl_2', settings: { password: 'z' } },
		});

		expect(sent.map((request) => request.method)).toEqual(['PUT', 'PUT']);
		expect(tagged.tags).toEqual(['y', 'x', 'y']);
		expect(renamed.name).toBe('New');
	});

	it("is read again when it is another code's record, and the read decides", async () => {
		const { ctx, sent } = fakeContext({
			answers: [ok({ ...code, id: 'qr_9', name: 'T' }), ok({ ...code, name: 'T' })],
		});

		const titled = await api.updateQrTitle(ctx, { id: 'qr_1', title: 'T' });

		expect(sent.map((request) => `${request.method} ${pathOf(request)}`)).toEqual([
			'PATCH /api/qrs-api/qr_1/title',
			'GET /api/qrs-api/teams/qr_1',
		]);
		expect(titled).toMatchObject({ id: 'qr_1', name: 'T' });
	});
});

describe("a code change's answer in the service's own form of what was written (unchangedFields)", () => {
	const stored = { ...code, settings: { ageGating: true, minAge: 18 }, metadata: { items: [] } };
	const route = (request: SentRequest) => `${request.method} ${pathOf(request)}`;

	it('a trailing `/`, a number as text, list items given an `_id`, tags in another case: updated from the answer, no read', async () => {
		const { ctx, sent } = fakeContext({
			answers: [
				ok({
					...stored,
					qrRedirectUrl: 'https://new.example.com/',
					settings: { ageGating: true, minAge: '21' },
					metadata: { items: [{ label: 'a', _id: 'm1' }] },
				}),
				ok({ ...code, tags: ['promo'] }),
				ok({ ...code, name: 'summer' }),
			],
		});

		const updated = await api.updateQr(ctx, {
			id: 'qr_1',
			stored,
			changes: {
				qrRedirectUrl: 'https://new.example.com',
				settings: { minAge: 21 },
				metadata: { items: [{ label: 'a' }] },
			},
		});
		const tagged = await api.updateQrTags(ctx, { id: 'qr_1', tags: ['Promo'], before: code });
		const titled = await api.updateQrTitle(ctx, { id: 'qr_1', title: 'Summer', before: code });

		expect(sent.map(route)).toEqual([
			'PUT /api/qrs-api/qr_1',
			'PUT /api/qrs-api/qr_1/tags',
			'PATCH /api/qrs-api/qr_1/title',
		]);
		expect(updated).toMatchObject({ qrRedirectUrl: 'https://new.example.com/' });
		expect(tagged.tags).toEqual(['promo']);
		expect(titled.name).toBe('summer');
	});

	it('an answer still showing the old value is read; a read holding the service form is updated, one still old fails', async () => {
		const { ctx, sent } = fakeContext({
			answers: [ok(code), ok({ ...code, tags: ['promo'] }), ok(code), ok(code)],
		});

		const tagged = await api.updateQrTags(ctx, { id: 'qr_1', tags: ['Promo'], before: code });
		const failed = await api
			.updateQrTags(ctx, { id: 'qr_1', tags: ['Promo'], before: code })
			.catch((error: unknown) => error as Error);

		expect(sent.map(route)).toEqual([
			'PUT /api/qrs-api/qr_1/tags',
			'GET /api/qrs-api/teams/qr_1',
			'PUT /api/qrs-api/qr_1/tags',
			'GET /api/qrs-api/teams/qr_1',
		]);
		expect(tagged.tags).toEqual(['promo']);
		expect(failed.message).toMatch(/Update QR Code Tags.*does not show the change/);
	});

	it('without the old value (a saved node that does not read first) a read unlike the written value is taken, never failed', async () => {
		const { ctx, sent } = fakeContext({ answers: [ok(code), ok({ ...code, tags: ['promo'] })] });

		const tagged = await api.updateQrTags(ctx, { id: 'qr_1', tags: ['Promo'] });

		expect(sent.map(route)).toEqual(['PUT /api/qrs-api/qr_1/tags', 'GET /api/qrs-api/teams/qr_1']);
		expect(tagged.tags).toEqual(['promo']);
	});
});

describe('Update of a code whose password is hidden: the settings left out of the PUT', () => {
	const stored = {
		...code,
		settings: { passwordEnabled: true, password: '********', ageGating: true },
	};
	const route = (request: SentRequest) => `${request.method} ${pathOf(request)}`;

	it('the first answer is the code as before (settings intact): the code is read, and settings it dropped are sent again', async () => {
		const dropped = { ...code, name: 'New', settings: {} };
		const { ctx, sent } = fakeContext({
			answers: [
				ok({ ...stored, name: 'New' }),
				ok(dropped),
				ok({ ...dropped, settings: { passwordEnabled: true, ageGating: true } }),
			],
		});

		// A saved node (1, 1.1) sends a change that changes nothing: its answer, the code as before, shows no change.
		const updated = await api.updateQr(ctx, {
			id: 'qr_1',
			stored: { ...stored, name: 'New' },
			changes: { name: 'New' },
		});

		expect(sent.map(route)).toEqual([
			'PUT /api/qrs-api/qr_1',
			'GET /api/qrs-api/teams/qr_1',
			'PUT /api/qrs-api/qr_1',
		]);
		expect((sent[2].body as { settings?: unknown }).settings).toEqual({
			passwordEnabled: true,
			ageGating: true,
		});
		expect(updated.settings).toEqual({ passwordEnabled: true, ageGating: true });
	});

	it('the settings sent again must be held: an answer still without them is read, and a read without them fails', async () => {
		const dropped = { ...code, name: 'New', settings: {} };
		const { ctx, sent } = fakeContext({
			answers: [ok(dropped), ok(dropped), ok(dropped)],
		});

		const failed = await api
			.updateQr(ctx, { id: 'qr_1', stored, changes: { name: 'New' } })
			.catch((error: unknown) => error as Error & { description?: string });

		expect(sent.map(route)).toEqual([
			'PUT /api/qrs-api/qr_1',
			'PUT /api/qrs-api/qr_1',
			'GET /api/qrs-api/teams/qr_1',
		]);
		expect(failed.message).toMatch(/Update QR Code.*does not show the change/);
		expect(failed.description).toContain('QRTRAC holds {"settings":{}}');
	});

	it('settings dropped by both PUTs fail the item even when the read carries a later version', async () => {
		const dropped = { ...code, name: 'New', settings: {}, updatedAt: code.updatedAt + 5_000 };
		const { ctx } = fakeContext({ answers: [ok(dropped), ok(dropped), ok(dropped)] });

		const failed = await api
			.updateQr(ctx, { id: 'qr_1', stored, changes: { name: 'New' } })
			.catch((error: unknown) => error as Error & { description?: string });

		expect(failed.message).toMatch(/Update QR Code.*does not show the change/);
		expect(failed.description).toContain('QRTRAC holds {"settings":{}}');
	});
});

describe('Update where QRTRAC keeps its own form of the written value', () => {
	const route = (request: SentRequest) => `${request.method} ${pathOf(request)}`;
	// never changed since its creation (no `updatedAt`); QRTRAC stored the URL with a `/`
	const stored = { ...code, qrRedirectUrl: 'https://example.com/', updatedAt: null };

	it('an answer keeping the stored form of the written URL is updated, without a read', async () => {
		const { ctx, sent } = fakeContext({ answers: [ok(stored)] });

		const updated = await api.updateQr(ctx, {
			id: 'qr_1',
			stored,
			changes: { qrRedirectUrl: 'https://example.com' },
		});

		expect(updated.qrRedirectUrl).toBe('https://example.com/');
		expect(sent.map(route)).toEqual(['PUT /api/qrs-api/qr_1']);
	});

	it('an old value that is not the written one in any form fails, even when another written field moved', async () => {
		const partly = { ...stored, name: 'Renamed', updatedAt: code.createdAt + 60_000 };
		const { ctx, sent } = fakeContext({ answers: [ok(partly), ok(partly)] });

		const failed = await api
			.updateQr(ctx, {
				id: 'qr_1',
				stored,
				changes: { qrRedirectUrl: 'https://other.example/', name: 'Renamed' },
			})
			.catch((error: unknown) => error as Error & { description?: string });

		expect(failed.message).toMatch(/Update QR Code.*does not show the change/);
		expect(failed.description).toContain('"qrRedirectUrl":"https://example.com/"');
		expect(sent.map(route)).toEqual(['PUT /api/qrs-api/qr_1', 'GET /api/qrs-api/teams/qr_1']);
	});
});
