/**
 * Scan Rules mapped to a sheet's columns: a cell a sheet node hands over empty ("" from Google Sheets or Excel, left
 * out by Extract From File and Airtable, so the expression gives nothing, or null) gives no value, as every other
 * blank field: the code keeps its own. Before, a missing cell read as the form's default, switching the rule on and
 * setting Minimum Age 18 on codes whose sheet said neither.
 */
import { ok } from '../../../support/fakeContext';
import { STORED_CODE, answering, runAction } from '../../../support/actionRequests';
import { parseItems, VALUE } from '../../../support/parseItems';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

const row = {
	mode: 'sync',
	displayId: 'd1',
	qrType: 'WEB',
	qrRedirectUrl: STORED_CODE.qrRedirectUrl,
};
const BLANK_CELLS = ['', '  ', null, undefined];
const bodies = (parsed: Awaited<ReturnType<typeof parseItems>>) =>
	parsed.map((item) => item.error?.message ?? (item.input as { body: object }).body);

describe('a blank cell in Scan Rules gives no value', () => {
	it("a rule's switch: not sent, neither on nor refused", async () => {
		const parsed = await parseItems(
			'qrCode',
			'createOrUpdate',
			{ ...row, scanRules: { location: { locationEnabled: VALUE } } },
			BLANK_CELLS,
		);

		expect(bodies(parsed)).toEqual(
			BLANK_CELLS.map(() => ({
				qrType: 'WEB',
				displayId: 'd1',
				qrRedirectUrl: STORED_CODE.qrRedirectUrl,
			})),
		);
	});

	it('Minimum Age under a switch that is on: not sent, never 18', async () => {
		const parsed = await parseItems(
			'qrCode',
			'createOrUpdate',
			{ ...row, scanRules: { ageGate: { ageGating: true, minAge: VALUE } } },
			BLANK_CELLS,
		);

		expect(bodies(parsed)).toEqual(
			BLANK_CELLS.map(() => expect.objectContaining({ settings: { ageGating: true } })),
		);
	});

	it('a setting given under a blank switch is sent without it', async () => {
		const [parsed] = await parseItems(
			'qrCode',
			'update',
			{
				qrCodeId: 'qr_1',
				scanRules: { ageGate: { ageGating: VALUE, minAge: 21 } },
			},
			[undefined],
		);

		expect(parsed.error).toBeUndefined();
		expect((parsed.input as { fields: { settings: object } }).fields.settings).toEqual({
			minAge: 21,
		});
	});

	it('a form left at its defaults still reads as the form shows it: the switch on, Minimum Age 18', async () => {
		const [parsed] = await parseItems('qrCode', 'createOrUpdate', {
			...row,
			scanRules: { ageGate: {} },
		});

		expect(parsed.input).toMatchObject({ body: { settings: { ageGating: true, minAge: 18 } } });
	});

	it('a sync leaves a code whose sheet row has those cells empty unchanged, nothing written', async () => {
		// Before: `updated` with settings.locationEnabled and settings.minAge, the code's rule switched on and 21 set to 18.
		const stored = {
			...STORED_CODE,
			settings: { locationEnabled: false, ageGating: true, minAge: 21 },
		};
		const done = await runAction(
			'qrCode',
			'createOrUpdate',
			{
				...row,
				scanRules: {
					location: { locationEnabled: undefined },
					ageGate: { ageGating: true, minAge: undefined },
				},
			},
			answering({ 'GET /api/qrs-api/v2/teams/': ok({ qrs: [stored], totalCount: 1 }) }),
		);

		expect(done.error).toBeUndefined();
		expect(done.output?.[0].map((item) => item.json.result)).toEqual(['unchanged']);
		expect(done.sent.map((request) => request.method)).toEqual(['GET']);
	});
});
