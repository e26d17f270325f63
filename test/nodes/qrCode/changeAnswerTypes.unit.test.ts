/**
 * A change of one code answered with a field the change wrote in another type than the contract's Qr gives it
 * (`name`, `qrType`, `qrRedirectUrl` are text): no service form of the written text, so the item fails naming the
 * field, never `updated` with a name of 42. Null stays a field left out.
 */
import { STORED_CODE, answering, runAction } from '../../support/actionRequests';
import { ok } from '../../support/fakeContext';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

it.each<[string, string, object, string, object]>([
	[
		'update',
		'name',
		{ qrCodeId: 'qr_1', updateFields: { name: 'Renamed' } },
		'PUT /api/qrs-api/qr_1',
		{ name: 42 },
	],
	[
		'updateTitle',
		'name',
		{ qrCodeId: 'qr_1', title: 'Renamed' },
		'PATCH /api/qrs-api/qr_1/title',
		{ name: ['Renamed'] },
	],
	[
		'update',
		'qrRedirectUrl',
		{ qrCodeId: 'qr_1', updateFields: { qrRedirectUrl: 'https://example.com/new' } },
		'PUT /api/qrs-api/qr_1',
		{ qrRedirectUrl: { href: 'https://example.com/new' } },
	],
	[
		'update',
		'qrType',
		{ qrCodeId: 'qr_1', qrType: 'SHORT_LINK', updateFields: {} },
		'PUT /api/qrs-api/qr_1',
		{ qrType: 7 },
	],
])(
	'%s answered with a "%s" that is no text: fails naming it',
	async (operation, field, parameters, route, answered) => {
		const run = await runAction(
			'qrCode',
			operation,
			{ ...parameters },
			answering({ [route]: ok({ ...STORED_CODE, ...answered }) }),
		);

		expect(run.output).toBeUndefined();
		expect(run.error?.message).toContain('does not have the expected shape');
		expect((run.error as { description?: string }).description).toContain(
			`"${field}" must be text`,
		);
	},
);

it('a name answered null is left out: the code read by its ID settles the change', async () => {
	let reads = 0;
	const run = await runAction(
		'qrCode',
		'updateTitle',
		{ qrCodeId: 'qr_1', title: 'Renamed' },
		answering({
			'PATCH /api/qrs-api/qr_1/title': ok({ ...STORED_CODE, name: null }),
			get 'GET /api/qrs-api/teams/qr_1'() {
				reads += 1;
				return ok(reads === 1 ? STORED_CODE : { ...STORED_CODE, name: 'Renamed' });
			},
		}),
	);

	expect(run.error).toBeUndefined();
	expect(run.output?.[0][0].json).toMatchObject({ id: 'qr_1', result: 'updated' });
});
