/**
 * The Create form marks what a new code of its type cannot work without (QR_TYPE_ESSENTIALS) as n8n shows it: a
 * single top-level field is required, so the editor flags it before a run; a list or one of several alternatives
 * says so in its description. Create or Update and Update keep them optional (their rows may update a code), and
 * nodes saved with the first layout keep theirs as they were saved.
 */
import {
	NodeHelpers,
	type INode,
	type INodeParameters,
	type INodeProperties,
	type INodeTypeDescription,
} from 'n8n-workflow';

import { Qrtrac } from '../../../../nodes/Qrtrac/Qrtrac.node';
import { operationProperties } from '../../../support/operationForm';

const description: INodeTypeDescription = new Qrtrac().description;

/** The fields n8n's editor reports as required and empty for an untouched node of this type and operation. */
function missingRequired(operation: string, qrType: string, version = 1.2): string[] {
	const node = {
		name: 'QRTRAC',
		type: 'n8n-nodes-qrtrac.qrtrac',
		typeVersion: version,
		position: [0, 0],
		parameters: {},
	} as unknown as INode;
	const properties = operationProperties(description.properties, 'qrCode', operation);
	const parameters = NodeHelpers.getNodeParameters(
		properties,
		{ resource: 'qrCode', operation, qrType } as INodeParameters,
		true,
		false,
		node,
		description,
	)!;
	const issues = NodeHelpers.getNodeParametersIssues(
		properties,
		{ ...node, parameters },
		description,
	);
	return Object.keys(issues?.parameters ?? {}).sort();
}

/** The Create property of this name shown at version 1.2. */
function createProperty(name: string): INodeProperties {
	const shown = description.properties.filter(
		(property) =>
			property.name === name &&
			property.displayOptions?.show?.operation?.includes('create') &&
			JSON.stringify(property.displayOptions?.show?.['@version'] ?? []).match(/gte|^\[\]$/),
	);
	expect(shown).toHaveLength(1);
	return shown[0];
}

describe('essential fields on the Create form', () => {
	it.each([
		['COUPON_CODE', ['couponCode', 'couponDiscount']],
		['PDF', ['pdfUrl']],
		['VIDEO_PREVIEW', ['videoUrl']],
		['MULTI_LOCALE', ['defaultQrRedirectUrl']],
		['WEB', ['qrRedirectUrl']],
		['VCARD', []],
		['APP_DOWNLOAD', []],
		['LINK_LIST', []],
	])('Create %s: the editor flags %j when empty', (qrType, fields) => {
		expect(missingRequired('create', qrType)).toEqual(fields);
	});

	it.each(['COUPON_CODE', 'PDF', 'VIDEO_PREVIEW', 'MULTI_LOCALE'])(
		'Create or Update %s (only its Display ID key) and Create at version 1 flag none of its typed fields',
		(qrType) => {
			expect(missingRequired('createOrUpdate', qrType)).toEqual(['displayId']);
			expect(missingRequired('create', qrType, 1)).toEqual([]);
		},
	);

	it('says "Required for this type" of a list, and names the alternatives of vCard and App Download', () => {
		expect(createProperty('linkListLinks').description).toMatch(/Required for this type\.$/);
		expect(createProperty('galleryImages').description).toMatch(/Required for this type\.$/);
		expect(createProperty('vcardFirstName').description).toMatch(
			/Required for this type: First Name, Last Name or Company\.$/,
		);
		expect(createProperty('appFallbackUrl').description).toMatch(
			/Required for this type: iOS URL, Android URL or Fallback URL\.$/,
		);
		expect(createProperty('pdfUrl')).toMatchObject({ required: true });
	});
});
