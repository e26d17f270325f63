/**
 * QR Code > Create answered with a code holding other values than the create sent, where it names the code (its
 * Display ID, name, type, Redirect URL): another code's record (an existing one, say), not the new code. Reporting
 * it as created would send later steps to that code. The service's own form of a sent value (case, a trailing `/`,
 * surrounding space) is still the code sent.
 */
import type { NodeApiError } from 'n8n-workflow';

import { otherThanSent } from '../../../../nodes/shared/records/qrCodeChange';
import { STORED_CODE, answering, runAction } from '../../../support/actionRequests';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

const WEBSITE = {
	qrType: 'WEB',
	name: 'Launch',
	qrRedirectUrl: 'https://example.com/launch',
	additionalFields: { tags: 'Spring, a' },
};

async function createAnswered(data: unknown, parameters: object = WEBSITE) {
	return await runAction(
		'qrCode',
		'create',
		{ ...parameters },
		answering({ 'POST /api/qrs-api': { status: 201, body: { success: true, data } } }),
	);
}

it.each([
	['an existing code of the team', { ...STORED_CODE }, 'name, qrRedirectUrl'],
	[
		'a code of another type and Redirect URL',
		{ id: 'qr_2', name: 'Launch', qrType: 'PDF', qrRedirectUrl: 'https://other.example/' },
		'qrType, qrRedirectUrl',
	],
])(
	'answered with %s: fails saying the code was probably created, never `created` for it',
	async (_case, answered, fields) => {
		const run = await createAnswered(answered);

		expect(run.output).toBeUndefined();
		expect(run.error?.message).toBe(
			`QRTRAC's answer to Create QR Code (POST /qrs-api) names a code with other values than sent: the QR code was probably created`,
		);
		const { description } = run.error as NodeApiError;
		expect(description).toContain(`"${answered.id}"`);
		expect(description).toContain(fields);
		expect(description).toContain('It was: {"id":');
		expect(description).toContain('Get Many');
		expect(run.sent).toHaveLength(1);
	},
);

it('answered with another Display ID than sent: fails, naming both', async () => {
	const run = await createAnswered(
		{ id: 'qr_2', displayId: 'other-1', name: 'Launch' },
		{
			...WEBSITE,
			displayId: 'promo-1',
		},
	);

	expect(run.output).toBeUndefined();
	const { description } = run.error as NodeApiError;
	expect(description).toContain('displayId: sent "promo-1", answered "other-1"');
	expect(description).toContain('Display ID "promo-1"');
});

it("answered in the service's form of what was sent: created", async () => {
	const run = await createAnswered(
		{
			id: 'qr_2',
			displayId: 'promo-1',
			name: ' Launch ',
			qrType: 'web',
			qrRedirectUrl: 'https://EXAMPLE.com/launch/',
			tags: ['a', 'spring'],
		},
		{ ...WEBSITE, displayId: 'Promo-1' },
	);

	expect(run.error).toBeUndefined();
	expect(run.output?.[0][0].json).toMatchObject({ id: 'qr_2', result: 'created' });
});

it('a code named "Untitled" for a create without a name is the code sent', async () => {
	const run = await createAnswered(
		{ id: 'qr_2', name: 'Untitled', qrType: 'WEB' },
		{ ...WEBSITE, name: '' },
	);

	expect(run.error).toBeUndefined();
	expect(run.output?.[0][0].json).toMatchObject({ id: 'qr_2', name: 'Untitled' });
});

it("a Redirect URL counts only for the types that redirect to it: another type's page is the service's", () => {
	const sent = {
		qrType: 'PDF',
		name: 'Brochure',
		qrRedirectUrl: 'https://example.com/brochure.pdf',
	};
	const answered = { ...sent, qrRedirectUrl: 'https://qrtrac.example/p/9f2' };

	expect(otherThanSent(sent, answered)).toEqual([]);
	expect(otherThanSent({ ...sent, qrType: 'WEB' }, { ...answered, qrType: 'WEB' })).toEqual([
		'qrRedirectUrl',
	]);
	expect(
		otherThanSent({ ...sent, qrType: 'SHORT_LINK' }, { ...answered, qrType: 'short_link' }),
	).toEqual(['qrRedirectUrl']);
});

it.each([
	['Summer  Promo', 'Summer Promo'],
	['Cafe\u0301 menu', 'Caf\u00e9 menu'],
])(
	'a name sent as %j answered in its stored form %j (spaces squeezed, Unicode composed): created',
	async (sent, stored) => {
		const run = await createAnswered(
			{ id: 'qr_2', name: stored, qrType: 'WEB', qrRedirectUrl: WEBSITE.qrRedirectUrl },
			{ ...WEBSITE, name: sent },
		);

		expect(run.error).toBeUndefined();
		expect(otherThanSent({ name: stored }, { name: sent })).toEqual(['name']);
	},
);
