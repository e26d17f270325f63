import type { IDataObject } from 'n8n-workflow';

import { isPlainObject } from '../plainObject';
import { changesType } from './qrCode';

/**
 * A restaurant menu lists its sections (`metadata.menuItems`) apart from its dishes (`metadata.items`); a dish
 * names its section. The one rule of which sections a write of a menu sends, for Create, Update and Create or
 * Update alike, once the code it writes is known (`stored`, undefined for a new code):
 * - sections the change gives (the user set them) are sent, with those its dishes name but they lack appended;
 * - else, while the code keeps its type, its stored sections stay: they are sent only when a dish names one they
 *   lack (appended), so that a change of dishes alone never replaces them with those the dishes name;
 * - else (a new code, or one that becomes a menu) the sections are those the dishes name, in the order named.
 * Pure: `changes` is left as it is; the answer is it, or a copy with the sections.
 */
export function sectionsFor(changes: IDataObject, stored?: IDataObject): IDataObject {
	const metadata = changes.metadata;
	if (changes.qrType !== 'RESTAURANT_MENU' || !isPlainObject(metadata)) return changes;
	const given = Array.isArray(metadata.menuItems);
	const kept =
		stored !== undefined && !changesType(stored, changes) && isPlainObject(stored.metadata)
			? stored.metadata.menuItems
			: undefined;
	const sections: unknown[] = given
		? [...(metadata.menuItems as unknown[])]
		: Array.isArray(kept)
			? [...(kept as unknown[])]
			: [];
	const before = sections.length;
	const known = new Set(
		sections.map((section) => (isPlainObject(section) ? section.name : section)),
	);
	const dishes = Array.isArray(metadata.items) ? metadata.items : [];
	for (const dish of dishes) {
		if (!isPlainObject(dish) || typeof dish.section !== 'string' || known.has(dish.section))
			continue;
		known.add(dish.section);
		sections.push({ name: dish.section });
	}
	if (!given && sections.length === before) return changes;
	return { ...changes, metadata: { ...metadata, menuItems: sections as IDataObject[] } };
}
