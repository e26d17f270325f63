/** QR Code > Duplicate: the exact requests the node builds for a typical input (fake context, no sockets). */
import type { NodeApiError } from 'n8n-workflow';

import {
	answering,
	described,
	runAction,
	STORED_CODE,
	TEAM_HEADERS,
} from '../../../support/actionRequests';
import { ok } from '../../../support/fakeContext';
import { parseItems, VALUE, type Refusal } from '../../../support/parseItems';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

it('reads the code in the team, then posts its duplicate, no body', async () => {
	const run = await runAction('qrCode', 'duplicate', { qrCodeId: 'qr_1' });

	expect(run.error).toBeUndefined();
	expect(run.sent.map(described)).toEqual([
		{ method: 'GET', path: '/api/qrs-api/teams/qr_1', headers: TEAM_HEADERS },
		{ method: 'POST', path: '/api/qrs-api/duplicate/qr_1', headers: TEAM_HEADERS },
	]);
});

it('an answer naming the code copied is not taken as the copy: the item fails, saying a copy was probably made', async () => {
	const run = await runAction(
		'qrCode',
		'duplicate',
		{ qrCodeId: 'qr_1' },
		answering({ 'POST /api/qrs-api/duplicate/qr_1': ok(STORED_CODE) }),
	);

	expect(run.output).toBeUndefined();
	expect(run.error?.message).toMatch(/Duplicate QR Code .*names the code copied/);
	expect((run.error as { description?: string }).description).toMatch(
		/"id" is "qr_1".*Do not run this item again as it is.*Get Many/,
	);
	expect(run.sent.map(described).map((request) => request.method)).toEqual(['GET', 'POST']);
});

describe('parse refuses bad input, naming the field and the item', () => {
	const refusals: Refusal[] = [
		{
			rule: 'QR code id without #',
			parameters: { qrCodeId: { __rl: true, mode: 'id', value: VALUE } },
			good: 'qr_1',
			bad: 'qr#1',
			message: 'Item 1: "QR Code" must not contain / \\ ? # % or spaces',
		},
	];

	it.each(refusals.map((refusal) => [refusal.rule, refusal] as const))(
		'%s',
		async (_rule, refusal) => {
			const [good, bad] = await parseItems('qrCode', 'duplicate', refusal.parameters, [
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

describe("an answer that is another code's record, not a copy of the code read first", () => {
	const answeredWith = async (data: object) =>
		await runAction(
			'qrCode',
			'duplicate',
			{ qrCodeId: 'qr_1' },
			answering({
				'POST /api/qrs-api/duplicate/qr_1': { status: 201, body: { success: true, data } },
			}),
		);

	it.each([
		['of another type', { ...STORED_CODE, id: 'qr_9', displayId: 'z9', qrType: 'PDF' }, 'qrType'],
		[
			'leading elsewhere',
			{ ...STORED_CODE, id: 'qr_9', displayId: 'z9', qrRedirectUrl: 'https://other.example/x' },
			'qrRedirectUrl',
		],
	])('%s fails the item, a copy probably made (before: `created`)', async (_case, data, field) => {
		const run = await answeredWith(data);

		expect(run.output).toBeUndefined();
		expect(run.error?.message).toBe(
			"QRTRAC's answer to Duplicate QR Code (POST /qrs-api/duplicate/{id}) names a code with other values than the code copied: the copy was probably made",
		);
		const { description } = run.error as NodeApiError;
		expect(description).toContain(`whose ${field} differ from the code copied`);
		expect(description).toContain('Look for the copy in Get Many');
		expect(run.sent.map((request) => request.method)).toEqual(['GET', 'POST']);
	});

	it("holding the code copied's Display ID (in any case) fails the item: Display IDs are unique", async () => {
		const run = await answeredWith({ ...STORED_CODE, id: 'qr_2', displayId: 'D1' });

		expect(run.output).toBeUndefined();
		expect(run.error?.message).toMatch(/Duplicate QR Code .*names the code copied, not a copy/);
		expect((run.error as NodeApiError).description).toMatch(
			/Its "displayId" is "D1", the Display ID of the code copied.*The copy was probably made/,
		);
	});

	it('a copy renamed, with its own Display ID, the type and destination of the code copied, is the item', async () => {
		const run = await answeredWith({
			...STORED_CODE,
			id: 'qr_2',
			displayId: 'd2',
			name: 'Copy of Stored',
			qrType: 'web',
			qrRedirectUrl: 'https://example.com/old/',
		});

		expect(run.error).toBeUndefined();
		expect(run.output?.[0][0].json).toMatchObject({ id: 'qr_2', result: 'created' });
	});

	it('a copy of a code read with a null type and destination is the item: null tells nothing (review r375)', async () => {
		const run = await runAction(
			'qrCode',
			'duplicate',
			{ qrCodeId: 'qr_1' },
			answering({
				'GET /api/qrs-api/teams/qr_1': ok({ ...STORED_CODE, qrType: null, qrRedirectUrl: null }),
				'POST /api/qrs-api/duplicate/qr_1': {
					status: 201,
					body: {
						success: true,
						data: { ...STORED_CODE, id: 'qr_2', displayId: 'd2', qrType: 'URL' },
					},
				},
			}),
		);

		expect(run.error).toBeUndefined();
		expect(run.output?.[0][0].json).toMatchObject({ id: 'qr_2', result: 'created' });
	});
});
