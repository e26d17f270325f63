/**
 * A change of QR type and the old type's top-level fields (VCARD, PDF and MULTI_LOCALE carry theirs outside
 * `metadata`): the complete PUT body leaves them out, as it starts the metadata afresh, so that a service that
 * replaces the code on PUT does not keep a Website code's old contact card.
 */
import { QR_TYPE_FIELDS } from '../../../../nodes/Qrtrac/descriptions/qrCodeTypeFields';
import type { INode } from 'n8n-workflow';

import { refuseLackingEssentials } from '../../../../nodes/Qrtrac/helpers/qrCodeWriteChecks';
import * as records from '../../../../nodes/shared/records/qrCode';

const { completeUpdateBody } = records;

const vcard = {
	id: 'qr_1',
	teamId: 'team_1',
	displayId: 'card-1',
	qrType: 'VCARD',
	name: 'Ada',
	tags: ['staff'],
	firstName: 'Ada',
	lastName: 'Lovelace',
	email: 'ada@example.com',
	company: 'Acme',
	metadata: {},
	settings: { locationEnabled: true },
	note: 'unknown field',
	updatedAt: 2,
};

describe('completeUpdateBody and a change of type', () => {
	it("leaves the old vCard's top-level fields out when the code becomes a Website, keeping every other field", () => {
		const body = completeUpdateBody(vcard, {
			qrType: 'WEB',
			qrRedirectUrl: 'https://example.com/w',
		});

		expect(body).toEqual({
			displayId: 'card-1',
			qrType: 'WEB',
			name: 'Ada',
			tags: ['staff'],
			qrRedirectUrl: 'https://example.com/w',
			metadata: {},
			settings: { locationEnabled: true },
			note: 'unknown field',
		});
	});

	it('leaves out the PDF and Multi-Language top-level fields of the old type', () => {
		const pdf = { qrType: 'PDF', pdfUrl: 'https://example.com/a.pdf', pdfTitle: 'A', name: 'Doc' };
		expect(completeUpdateBody(pdf, { qrType: 'LINK_LIST', metadata: { title: 'L' } })).toEqual({
			qrType: 'LINK_LIST',
			name: 'Doc',
			metadata: { title: 'L' },
		});
		const locales = {
			qrType: 'MULTI_LOCALE',
			defaultQrRedirectUrl: 'https://example.com/en',
			qrRedirectUrls: [{ locale: 'en', qrRedirectUrl: 'https://example.com/en' }],
		};
		expect(
			completeUpdateBody(locales, { qrType: 'WEB', qrRedirectUrl: 'https://example.com/x' }),
		).toEqual({ qrType: 'WEB', qrRedirectUrl: 'https://example.com/x', metadata: {} });
	});

	it('keeps the top-level fields while the type stays, and sends a field the change itself gives', () => {
		expect(completeUpdateBody(vcard, { company: 'Engines' })).toMatchObject({
			firstName: 'Ada',
			lastName: 'Lovelace',
			company: 'Engines',
		});
		expect(
			completeUpdateBody(vcard, {
				qrType: 'PDF',
				pdfUrl: 'https://example.com/b.pdf',
				email: 'x@example.com',
			}),
		).toMatchObject({ qrType: 'PDF', email: 'x@example.com' });
	});

	it("names the same top-level fields per type as the form's field table places at the top level", () => {
		const placedOnTop: Record<string, string[]> = {};
		for (const field of QR_TYPE_FIELDS) {
			if (field.placement === 'body') (placedOnTop[field.qrType] ??= []).push(field.key);
		}
		const table = (records as { TOP_LEVEL_TYPE_FIELDS?: Record<string, readonly string[]> })
			.TOP_LEVEL_TYPE_FIELDS;
		expect(table).toBeDefined();
		for (const [type, keys] of Object.entries(placedOnTop))
			expect([...(table?.[type] ?? [])].sort()).toEqual([...keys].sort());
		expect(Object.keys(table ?? {}).sort()).toEqual(Object.keys(placedOnTop).sort());
	});
});

describe('the refusal of a type change that lacks the new type’s essentials', () => {
	const node = { name: 'QRTRAC', type: 'n8n-nodes-qrtrac.qrtrac', typeVersion: 1.2 } as INode;

	it('names the old type when the stored code has one', () => {
		const refusal = refuseLackingEssentials(node, 3, { qrType: 'PDF' }, { qrType: 'VCARD' });
		expect(refusal?.message).toBe('Item 3: "PDF URL" is required for QR Type "PDF"');
		expect(refusal?.description).toContain('Changing the vCard code to PDF drops its vCard fields');
	});

	it('never says "undefined" for a stored code without a QR type (the contract leaves it optional)', () => {
		const refusal = refuseLackingEssentials(node, 0, { qrType: 'PDF' }, { name: 'No type' });
		expect(refusal?.description).toBe(
			"Giving a code without a QR type the type PDF starts its type's fields afresh, so give the PDF fields with the change. Nothing was written: the code was only read.",
		);
		expect(refusal?.description).not.toContain('undefined');
	});
});
