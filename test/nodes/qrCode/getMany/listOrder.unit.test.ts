/**
 * Get Many with a Limit keeps the first codes QRTRAC lists, which are the most recently changed (what its tool
 * description promises an agent) only when the service sorted the list as asked. A list in another order fails the
 * item; one in the order asked, with ties and codes without a time of change, is output.
 */
import type { IDataObject } from 'n8n-workflow';

import { runAction, STORED_CODE } from '../../../support/actionRequests';
import { ok, type SentRequest } from '../../../support/fakeContext';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

const code = (n: number, fields: IDataObject = {}) => ({
	...STORED_CODE,
	id: `qr_${n}`,
	displayId: `d${n}`,
	name: `Code ${n}`,
	updatedAt: 1_732_000_000_000 + n * 1000,
	...fields,
});

/** A service that lists these codes in this order, whatever the query asks. */
const listing = (codes: IDataObject[]) => (request: SentRequest) => {
	const limit = Number(request.qs?.limit);
	const page = Number(request.qs?.page);
	return ok({
		qrs: codes.slice((page - 1) * limit, page * limit),
		totalCount: codes.length,
		page,
		limit,
	});
};

it('fails a list the service gave oldest change first when asked for the newest first, outputting nothing', async () => {
	const run = await runAction(
		'qrCode',
		'getMany',
		{ returnAll: false, limit: 2 },
		listing([code(1), code(2), code(3)]),
	);

	expect(run.output).toBeUndefined();
	expect(run.error?.message).toBe(
		"QRTRAC's list of codes is not in the order asked (updatedAt newest first)",
	);
	expect((run.error as Error & { description?: string }).description).toMatch(
		/^Get Many QR Codes .*sortBy=updatedAt&sortOrder=desc but listed code qr_2 \(updatedAt 1732000002000\) after code qr_1 \(updatedAt 1732000001000\)/,
	);
});

it('checks the order asked in Options (created, oldest first) across pages', async () => {
	const codes = [1, 2, 4, 3].map((n) => code(n, { createdAt: 1_731_000_000_000 + n }));
	const run = await runAction(
		'qrCode',
		'getMany',
		{
			returnAll: false,
			limit: 4,
			options: { pageSize: 2, sortBy: 'createdAt', sortOrder: 'asc' },
		},
		listing(codes),
	);

	expect(run.error?.message).toBe(
		"QRTRAC's list of codes is not in the order asked (createdAt oldest first)",
	);
});

it('outputs a list in the order asked, with ties and codes never changed (no or 0 updatedAt) anywhere', async () => {
	const codes = [
		code(5),
		code(9, { updatedAt: undefined }),
		code(4),
		code(7, { updatedAt: 1_732_000_004_000 }),
		code(8, { updatedAt: 0 }),
		code(3),
	];
	const run = await runAction('qrCode', 'getMany', { returnAll: false, limit: 6 }, listing(codes));

	expect(run.error).toBeUndefined();
	expect(run.output?.[0].map((item) => item.json.id)).toEqual(codes.map((entry) => entry.id));
});

it("leaves a name order to the service's own way of comparing names", async () => {
	const codes = [code(1, { name: 'apple' }), code(2, { name: 'Banana' })];
	const run = await runAction(
		'qrCode',
		'getMany',
		{ returnAll: false, limit: 2, options: { sortBy: 'name', sortOrder: 'asc' } },
		listing(codes),
	);

	expect(run.error).toBeUndefined();
	expect(run.output?.[0]).toHaveLength(2);
});

it('reads each time in the unit its size shows: seconds beside milliseconds in the order asked pass', async () => {
	const inSeconds = code(3, { updatedAt: 1_732_000_003 });
	const run = await runAction(
		'qrCode',
		'getMany',
		{ returnAll: false, limit: 2 },
		listing([inSeconds, code(2), code(1)]),
	);

	expect(run.error).toBeUndefined();
	expect(run.output?.[0].map(({ json }) => json.id)).toEqual(['qr_3', 'qr_2']);
});
