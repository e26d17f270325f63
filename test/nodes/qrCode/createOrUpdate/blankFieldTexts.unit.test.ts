/**
 * Create or Update's blank Name, Custom Domain and Design Template: the form says what blankFields.engine.test.ts
 * shows, a code the row updates keeps its own and only a new code gets Create's default. Create's words alone
 * ("Untitled" when empty) told a person syncing a sheet that blank cells rename their codes.
 */
import type { INodeProperties } from 'n8n-workflow';

import { description } from '../../../../nodes/Qrtrac/actions/qrCode/createOrUpdate/description';

const field = (name: string) => description.find((property) => property.name === name)!;
const additional = (name: string) =>
	(field('additionalFields').options as INodeProperties[]).find((option) => option.name === name)!;

describe("Create or Update's blank fields", () => {
	it.each([
		['Name', () => field('name')],
		['Custom Domain', () => additional('baseUrl')],
		['Design Template', () => additional('templateId')],
	])('%s: a new code gets the default, an updated code keeps its own', (_label, of) => {
		const text = of().description ?? '';
		expect(text).toMatch(/new code/);
		expect(text).toMatch(/updates keeps its/);
		expect(text).not.toMatch(/when empty/);
	});

	// the contract's Qr record has no templateId or baseUrl: a service that replaces on PUT and does not show them
	// gives its default (r228: a design and a domain lost under such a service), so the form does not promise more
	it.each([
		['Custom Domain', () => additional('baseUrl')],
		['Design Template', () => additional('templateId')],
	])("%s: keeping an updated code's own depends on QRTRAC showing it", (_label, of) => {
		expect(of().description).toContain(
			'keeps its ' +
				(_label === 'Custom Domain' ? 'domain' : 'design') +
				" if QRTRAC's records show it",
		);
		expect(of().description).toContain('else QRTRAC may set its default');
	});
});
