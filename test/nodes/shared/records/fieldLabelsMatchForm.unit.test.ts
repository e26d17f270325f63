/**
 * Each FIELD_LABELS entry (the names error texts give a code's fields) is the displayName of the form field it
 * names, in every node version's properties.
 */
import type { INodeProperties } from 'n8n-workflow';

import { Qrtrac } from '../../../../nodes/Qrtrac/Qrtrac.node';
import { FIELD_LABELS } from '../../../../nodes/shared/records/fieldLabels';

function displayNames(
	properties: readonly INodeProperties[],
	path: string[] = [],
): Map<string, Set<string>> {
	const found = new Map<string, Set<string>>();
	const add = (key: string, label: string) =>
		found.set(key, (found.get(key) ?? new Set()).add(label));
	const walk = (props: readonly unknown[], at: string[]) => {
		for (const prop of props as Array<Record<string, unknown>>) {
			if (typeof prop.name === 'string' && typeof prop.displayName === 'string')
				add([...at, prop.name].join('.'), prop.displayName);
			if (Array.isArray(prop.options))
				walk(prop.options, [
					...at,
					...(prop.type === 'collection' || prop.type === 'fixedCollection' ? [] : []),
				]);
			if (Array.isArray(prop.values)) walk(prop.values, [...at, String(prop.name)]);
		}
	};
	walk(properties, path);
	return found;
}

it('names every field as the form does', () => {
	const node = new Qrtrac() as unknown as {
		description?: { properties: INodeProperties[] };
		nodeVersions?: Record<string, { description: { properties: INodeProperties[] } }>;
	};
	const versions = node.nodeVersions ? Object.values(node.nodeVersions) : [node];
	const names = new Map<string, Set<string>>();
	for (const version of versions)
		for (const [key, labels] of displayNames(version.description!.properties))
			for (const label of labels) names.set(key, (names.get(key) ?? new Set()).add(label));
	const byLeaf = (key: string) => {
		const leaf = key.split('.').at(-1)!;
		return [...names].filter(([k]) => k.split('.').at(-1) === leaf).flatMap(([, v]) => [...v]);
	};
	const mismatched = Object.entries(FIELD_LABELS)
		.map(([field, label]) => [field, label, [...new Set(byLeaf(field))]] as const)
		.filter(([, label, form]) => !form.includes(label));
	expect(mismatched).toEqual([]);
});
