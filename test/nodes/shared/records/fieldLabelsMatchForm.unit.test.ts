/**
 * Each FIELD_LABELS entry (the names error texts give a code's fields) is the displayName of every form field that
 * sends that field, in every node version's properties, matched by the field's full path in the code record: a
 * form field at the top level or in Additional Fields / Update Fields sends the code's own field (`name`), one in
 * the Scan Rules (the `settings` collection, or a `scanRules` group) sends `settings.<name>`. Other fields of the
 * same name (a menu section's Section Name, a locale's Redirect URL) send something else and are not compared.
 */
import type { INodeProperties } from 'n8n-workflow';

import { Qrtrac } from '../../../../nodes/Qrtrac/Qrtrac.node';
import { FIELD_LABELS } from '../../../../nodes/shared/records/fieldLabels';

/** The path in a code record that the form field at `formPath` sends, or undefined for a path of no code field. */
function recordPath(formPath: string[]): string | undefined {
	const [first, ...rest] = formPath;
	if (rest.length === 0) return first;
	if ((first === 'additionalFields' || first === 'updateFields') && rest.length === 1)
		return rest[0];
	if (first === 'settings' && rest.length === 1) return `settings.${rest[0]}`;
	if (first === 'scanRules' && rest.length === 2) return `settings.${rest[1]}`;
	return undefined;
}

/** Every form field's displayNames by its full path (collections and fixed collections included). */
function displayNames(properties: readonly INodeProperties[]): Map<string, Set<string>> {
	const found = new Map<string, Set<string>>();
	const walk = (props: readonly unknown[], at: string[]) => {
		for (const prop of props as Array<Record<string, unknown>>) {
			if (typeof prop.name !== 'string') continue;
			const path = [...at, prop.name];
			if (typeof prop.displayName === 'string') {
				const key = path.join('.');
				found.set(key, (found.get(key) ?? new Set()).add(prop.displayName));
			}
			if (
				Array.isArray(prop.options) &&
				['collection', 'fixedCollection'].includes(String(prop.type))
			)
				walk(prop.options, path);
			if (Array.isArray(prop.values)) walk(prop.values, path);
		}
	};
	walk(properties, []);
	return found;
}

it('names every field as each form field sending it does', () => {
	const node = new Qrtrac() as unknown as {
		description?: { properties: INodeProperties[] };
		nodeVersions?: Record<string, { description: { properties: INodeProperties[] } }>;
	};
	const versions = node.nodeVersions ? Object.values(node.nodeVersions) : [node];
	const labelsSent = new Map<string, Set<string>>();
	for (const version of versions)
		for (const [formPath, labels] of displayNames(version.description!.properties)) {
			const sent = recordPath(formPath.split('.'));
			if (sent === undefined) continue;
			for (const label of labels)
				labelsSent.set(sent, (labelsSent.get(sent) ?? new Set()).add(label));
		}
	const mismatched = Object.entries(FIELD_LABELS)
		.map(([field, label]) => [field, label, [...(labelsSent.get(field) ?? [])]] as const)
		.filter(([, label, form]) => form.length === 0 || form.some((shown) => shown !== label));
	expect(mismatched).toEqual([]);
});
