/** QR Code > Create or Update: the exact requests the node builds for a typical input (fake context, no sockets). */
import { NODE_VERSIONS } from '../../../../nodes/Qrtrac/descriptions/layoutVersions';
import { Qrtrac } from '../../../../nodes/Qrtrac/Qrtrac.node';
import { fakeContext, ok } from '../../../support/fakeContext';
import {
	STORED_CODE,
	TEAM_HEADERS,
	answering,
	described,
	runAction,
} from '../../../support/actionRequests';
import { parseItems, VALUE, type Refusal } from '../../../support/parseItems';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

/** A team holding the stored code with Display ID d1. */
const listed = answering({
	'GET /api/qrs-api/v2/teams/': ok({ qrs: [STORED_CODE], totalCount: 1 }),
});

it('sync: reads the team once, then reads the code and puts the complete record with the changed fields', async () => {
	const run = await runAction(
		'qrCode',
		'createOrUpdate',
		{
			mode: 'sync',
			displayId: 'd1',
			qrType: 'WEB',
			name: 'New name',
			qrRedirectUrl: 'https://example.com/new',
		},
		listed,
	);

	expect(run.error).toBeUndefined();
	expect(run.sent.map(described)).toEqual([
		{
			method: 'GET',
			path: '/api/qrs-api/v2/teams/',
			qs: { sortBy: 'createdAt', sortOrder: 'asc', limit: 100, page: 1 },
			headers: TEAM_HEADERS,
		},
		{ method: 'GET', path: '/api/qrs-api/teams/qr_1', headers: TEAM_HEADERS },
		{
			method: 'PUT',
			path: '/api/qrs-api/qr_1',
			headers: TEAM_HEADERS,
			body: {
				displayId: 'd1',
				tags: ['a'],
				name: 'New name',
				qrType: 'WEB',
				qrRedirectUrl: 'https://example.com/new',
			},
		},
	]);
});

it('look up each row: searches the Display ID, then reads the code and puts the complete record', async () => {
	const run = await runAction(
		'qrCode',
		'createOrUpdate',
		{
			mode: 'lookUpEachRow',
			displayId: 'd1',
			qrType: 'WEB',
			qrRedirectUrl: 'https://example.com/new',
		},
		listed,
	);

	expect(run.error).toBeUndefined();
	expect(run.sent.map(described)).toEqual([
		{
			method: 'GET',
			path: '/api/qrs-api/v2/teams/',
			qs: { search: 'd1', sortBy: 'createdAt', sortOrder: 'asc', limit: 100, page: 1 },
			headers: TEAM_HEADERS,
		},
		{ method: 'GET', path: '/api/qrs-api/teams/qr_1', headers: TEAM_HEADERS },
		{
			method: 'PUT',
			path: '/api/qrs-api/qr_1',
			headers: TEAM_HEADERS,
			body: {
				displayId: 'd1',
				tags: ['a'],
				name: 'Stored',
				qrType: 'WEB',
				qrRedirectUrl: 'https://example.com/new',
			},
		},
	]);
});

it('sync: a Display ID the team lacks is created with it', async () => {
	const run = await runAction('qrCode', 'createOrUpdate', {
		mode: 'sync',
		displayId: 'd2',
		qrType: 'WEB',
		qrRedirectUrl: 'https://example.com/new',
	});

	expect(run.error).toBeUndefined();
	expect(run.sent.map(described)).toEqual([
		{
			method: 'GET',
			path: '/api/qrs-api/v2/teams/',
			qs: { sortBy: 'createdAt', sortOrder: 'asc', limit: 100, page: 1 },
			headers: TEAM_HEADERS,
		},
		{
			method: 'POST',
			path: '/api/qrs-api',
			headers: TEAM_HEADERS,
			body: { qrType: 'WEB', displayId: 'd2', qrRedirectUrl: 'https://example.com/new' },
		},
	]);
});

describe('parse refuses bad input, naming the field and the item', () => {
	const web = { qrType: 'WEB', qrRedirectUrl: 'https://example.com/ok' };
	const refusals: Refusal[] = [
		{
			rule: 'Create or Update needs a Display ID',
			parameters: { ...web, displayId: VALUE },
			good: 'row-1',
			bad: '',
			message: 'Item 1: "Display ID" must not be empty',
		},
	];

	it.each(refusals.map((refusal) => [refusal.rule, refusal] as const))(
		'%s',
		async (_rule, refusal) => {
			const [good, bad] = await parseItems('qrCode', 'createOrUpdate', refusal.parameters, [
				refusal.good,
				refusal.bad,
			]);

			expect(good.error).toBeUndefined();
			expect(bad.error).toMatchObject({
				name: 'NodeOperationError',
				message: refusal.message,
				itemIndex: 1,
			});
		},
	);
});

/**
 * An AI agent's call is one row: Delete Missing there would take that row for the whole sheet and delete every
 * other code with the tag, on every call. Refused before anything is sent, as inside Loop Over Items.
 */
describe('Delete Missing on the AI tool variant', () => {
	const row = {
		resource: 'qrCode',
		operation: 'createOrUpdate',
		mode: 'sync',
		displayId: 'd1',
		qrType: 'WEB',
		name: 'Poster',
		qrRedirectUrl: 'https://example.com/poster',
		additionalFields: { tags: 'from-agent' },
	};

	it('is refused before anything is sent, saying why', async () => {
		const { ctx, sent } = fakeContext({
			parameters: { ...row, options: { deleteMissing: true, deleteMissingTag: 'from-agent' } },
			typeVersion: NODE_VERSIONS[NODE_VERSIONS.length - 1],
			nodeType: 'n8n-nodes-qrtrac.qrtracTool',
			answers: listed,
		});

		const error = await new Qrtrac().execute.call(ctx).then(
			() => undefined,
			(failed: unknown) => failed as Error,
		);

		expect(error?.message).toBe(
			'"Delete Missing" cannot run as an AI tool: each call holds one row, not the whole sheet',
		);
		expect(sent).toEqual([]);
	});

	it('without Delete Missing the tool writes its row', async () => {
		const { ctx, sent } = fakeContext({
			parameters: row,
			typeVersion: NODE_VERSIONS[NODE_VERSIONS.length - 1],
			nodeType: 'n8n-nodes-qrtrac.qrtracTool',
			answers: listed,
		});

		const [[item]] = await new Qrtrac().execute.call(ctx);

		expect(item.json.result).toBe('updated');
		expect(sent.map((request) => request.method)).toEqual(['GET', 'GET', 'PUT']);
	});
});
