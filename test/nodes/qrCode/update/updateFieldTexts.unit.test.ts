/**
 * Update Fields say what a field does on Update (finding C6): a blank value is not given, so it leaves the code as
 * it is; Create's "when empty" defaults ("Untitled", a generated Display ID, the team's default domain) are
 * Create's only.
 */
import type { INodeProperties } from 'n8n-workflow';

import {
	additionalFieldsCollection,
	nameField,
} from '../../../../nodes/Qrtrac/descriptions/qrCodeFields';
import { updateFieldsCollection } from '../../../../nodes/Qrtrac/descriptions/qrCodeTypeForms';

const optionOf = (collection: INodeProperties, name: string) =>
	(collection.options as INodeProperties[]).find((option) => option.name === name)!;

describe('Update Fields descriptions', () => {
	it.each(['name', 'displayId'])('%s: empty leaves the code as it is', (name) => {
		const description = optionOf(updateFieldsCollection, name).description ?? '';
		expect(description).toContain('Empty leaves it as it is.');
		expect(description).not.toMatch(/when empty/);
	});

	// the contract's Qr record has no baseUrl or templateId: a service that replaces on PUT and does not show them
	// gives its default, so the form does not promise the code keeps them
	it('Custom Domain: empty leaves it as it is only where QRTRAC shows it', () => {
		const description = optionOf(updateFieldsCollection, 'baseUrl').description ?? '';
		expect(description).toContain(
			"Empty leaves it as it is if QRTRAC's records show it (the contract does not promise it), else QRTRAC may set its default.",
		);
		expect(description).not.toMatch(/when empty/);
	});

	it('Design Template names Keep Current Template, not the default design, and what keeping depends on', () => {
		expect(optionOf(updateFieldsCollection, 'templateId').description).toContain(
			"Keep Current Template leaves it as it is if QRTRAC's records show it",
		);
	});

	it("Create keeps its defaults' words", () => {
		expect(nameField.description).toContain('"Untitled" when empty');
		expect(optionOf(additionalFieldsCollection(true), 'baseUrl').description).toContain(
			"the team's default domain when empty",
		);
	});
});
