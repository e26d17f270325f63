import type { IDataObject } from 'n8n-workflow';

import { sectionsFor } from '../../../../nodes/shared/records/menuSections';

const dishes = [
	{ name: 'Soup', section: 'Starters' },
	{ name: 'Steak', section: 'Mains' },
	{ name: 'Fish', section: 'Mains' },
	{ name: 'Bread' },
];
const menu = (metadata: IDataObject): IDataObject => ({ qrType: 'RESTAURANT_MENU', metadata });
const storedMenu = menu({
	restaurantName: 'Diner',
	menuItems: [{ name: 'Starters' }, { name: 'Drinks', description: 'Cold and hot' }],
	items: [{ name: 'Soup', section: 'Starters' }],
});

describe("a restaurant menu's sections (sectionsFor)", () => {
	it('appends the sections dishes name to the sections given, once each, in order', () => {
		const changes = menu({ menuItems: [{ name: 'Starters' }], items: dishes });
		expect(sectionsFor(changes, storedMenu).metadata).toEqual({
			menuItems: [{ name: 'Starters' }, { name: 'Mains' }],
			items: dishes,
		});
		// the change itself is left as it is: a sync row's body is planned again on every version it meets
		expect((changes.metadata as IDataObject).menuItems).toEqual([{ name: 'Starters' }]);
	});

	it("keeps a stored menu's sections when only dishes are given: nothing to send while they name no new one", () => {
		const soup = menu({ items: [{ name: 'Soup', section: 'Starters', price: '$6' }] });
		expect(sectionsFor(soup, storedMenu)).toBe(soup);

		expect(
			(sectionsFor(menu({ items: dishes }), storedMenu).metadata as IDataObject).menuItems,
		).toEqual([
			{ name: 'Starters' },
			{ name: 'Drinks', description: 'Cold and hot' },
			{ name: 'Mains' },
		]);
	});

	it('makes the sections of a new menu, or of a code becoming one, from those the dishes name', () => {
		const expected = [{ name: 'Starters' }, { name: 'Mains' }];
		expect((sectionsFor(menu({ items: dishes })).metadata as IDataObject).menuItems).toEqual(
			expected,
		);
		const web = { qrType: 'WEB', metadata: { menuItems: [{ name: 'Old' }] } };
		expect((sectionsFor(menu({ items: dishes }), web).metadata as IDataObject).menuItems).toEqual(
			expected,
		);
	});

	it('leaves other types alone', () => {
		const changes = { qrType: 'WEB', metadata: { items: dishes } };
		expect(sectionsFor(changes, storedMenu)).toBe(changes);
	});
});
