/**
 * Update, Update Title and Update Tags answered `{success: true}` alone: the contract's QrResponse does not require
 * `data` (NOTES: some success answers carry only `success`). The change was made, so the item is the code as the
 * service holds it, read back by its ID, never an "unexpected shape" failure.
 */
import type { IDataObject } from 'n8n-workflow';

import { runAction, serviceAnswer, STORED_CODE } from '../../../support/actionRequests';
import { ok, type FakeAnswer, type SentRequest } from '../../../support/fakeContext';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

/** A service holding one code that answers its changes with `success` alone. */
function successOnlyService(): (request: SentRequest) => FakeAnswer {
	let code: IDataObject = { ...STORED_CODE };
	return (request) => {
		const route = `${request.method} ${new URL(request.url).pathname}`;
		if (route === 'GET /api/qrs-api/teams/qr_1') return ok(code);
		if (route === 'PUT /api/qrs-api/qr_1') {
			code = {
				...code,
				...(request.body as IDataObject),
				updatedAt: (code.updatedAt as number) + 1,
			};
			return ok();
		}
		if (route === 'PUT /api/qrs-api/qr_1/tags' || route === 'PATCH /api/qrs-api/qr_1/title') {
			const { title, tags } = request.body as { title?: string; tags?: string[] };
			code = { ...code, ...(title ? { name: title } : {}), ...(tags ? { tags } : {}) };
			return ok();
		}
		return serviceAnswer(request);
	};
}

it('Update: the item is the code read back', async () => {
	const run = await runAction(
		'qrCode',
		'update',
		{ qrCodeId: 'qr_1', updateFields: { name: 'Renamed' }, simplify: false },
		successOnlyService(),
	);

	expect(run.error).toBeUndefined();
	expect(run.output?.[0][0].json).toMatchObject({ id: 'qr_1', name: 'Renamed', result: 'updated' });
});

it('Update Title: the item is the code read back', async () => {
	const run = await runAction(
		'qrCode',
		'updateTitle',
		{ qrCodeId: 'qr_1', title: 'New title', simplify: false },
		successOnlyService(),
	);

	expect(run.error).toBeUndefined();
	expect(run.output?.[0][0].json).toMatchObject({
		id: 'qr_1',
		name: 'New title',
		result: 'updated',
	});
});

it('Update Tags: the item is the code read back', async () => {
	const run = await runAction(
		'qrCode',
		'updateTags',
		{ qrCodeId: 'qr_1', mode: 'replace', tags: 'b, c', simplify: false },
		successOnlyService(),
	);

	expect(run.error).toBeUndefined();
	expect(run.output?.[0][0].json).toMatchObject({
		id: 'qr_1',
		tags: ['b', 'c'],
		result: 'updated',
	});
});

it('Update Title whose read back is answered success without a code: the change was sent, no "check the ID"', async () => {
	const service = successOnlyService();
	let changed = false;
	const run = await runAction(
		'qrCode',
		'updateTitle',
		{ qrCodeId: 'qr_1', title: 'New title', simplify: false },
		(request) => {
			const route = `${request.method} ${new URL(request.url).pathname}`;
			if (route === 'PATCH /api/qrs-api/qr_1/title') changed = true;
			return changed && route === 'GET /api/qrs-api/teams/qr_1' ? ok() : service(request);
		},
	);

	expect(run.error?.message).toMatch(/could not be read afterwards to confirm the change/);
	const description = (run.error as Error & { description?: string }).description;
	expect(description).toMatch(/without a code/);
	expect(description).toMatch(/Check the record in QRTRAC/);
	expect(description).not.toMatch(/Team Override|a typo/);
});
