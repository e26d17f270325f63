/**
 * Without Simplify, a 1.2 node gives the whole record plus what Simplify adds (the short link people scan, ISO
 * twins of the times), so one code reads alike in Get, Get Many, a change's answer and the trigger's events;
 * nodes saved with 1 or 1.1 keep the record exactly as QRTRAC sent it.
 */
import type { IDataObject } from 'n8n-workflow';

import { executeOperation } from '../../../../nodes/shared/executor';
import { NODE_VERSIONS } from '../../../../nodes/Qrtrac/descriptions/layoutVersions';
import { RESOURCES, STORED_CODE, answering } from '../../../support/actionRequests';
import { fakeContext, ok } from '../../../support/fakeContext';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

const code = { ...STORED_CODE, baseUrl: 'https://q.example/', metadata: { a: 1 } };
const service = answering({
	'GET /api/qrs-api/teams/qr_1': ok(code),
	'GET /api/qrs-api/v2/teams/': ok({ qrs: [code], totalCount: 1 }),
	'PATCH /api/qrs-api/qr_1/title': ok({ ...code, name: 'New' }),
});

async function whole(
	typeVersion: number,
	operation: string,
	parameters: IDataObject,
): Promise<IDataObject> {
	const { ctx } = fakeContext({
		parameters: { resource: 'qrCode', operation, simplify: false, ...parameters },
		typeVersion,
		answers: service,
	});
	const [item] = await executeOperation.call(ctx, RESOURCES.qrCode().operations[operation]);
	return item.json;
}

const operations: Array<[string, IDataObject]> = [
	['get', { qrCodeId: 'qr_1' }],
	['getMany', { returnAll: true }],
	['updateTitle', { qrCodeId: 'qr_1', title: 'New' }],
];

it.each(operations)(
	'%s (1.2): the whole record with shortUrl and ISO times',
	async (operation, parameters) => {
		const json = await whole(1.2, operation, parameters);

		expect(json).toMatchObject({
			metadata: { a: 1 },
			baseUrl: 'https://q.example/',
			shortUrl: 'https://q.example/d1',
			createdAt: STORED_CODE.createdAt,
			createdAtIso: new Date(STORED_CODE.createdAt).toISOString(),
			updatedAtIso: new Date(STORED_CODE.updatedAt).toISOString(),
		});
	},
);

it.each(NODE_VERSIONS.filter((version) => version < 1.2))(
	'Get (%s): the record as QRTRAC sent it',
	async (version) => {
		expect(await whole(version, 'get', { qrCodeId: 'qr_1' })).toEqual(code);
	},
);
