/**
 * Create or Update of a Restaurant Menu whose row gives dishes but no sections: the code's stored sections stay,
 * in both modes, as Update keeps them (records/menuSections.ts), and a re-run of the row changes nothing.
 */
import { runNode } from '../../../support/n8nHarness';
import { useSimulator } from '../../../support/simulatorSuite';

const suite = useSimulator();
const sections = [{ name: 'Starters' }, { name: 'Drinks', description: 'Cold and hot' }];

function storedMenu(displayId: string): string {
	return suite.sim.state.createQr(suite.credentials.teamId!, {
		qrType: 'RESTAURANT_MENU',
		name: 'Menu',
		displayId,
		metadata: {
			restaurantName: 'Diner',
			menuItems: sections,
			items: [{ name: 'Soup', section: 'Starters', price: '$5' }],
		},
	}).id;
}

async function upsert(displayId: string, mode: string, dishes: object[]) {
	const run = await runNode({
		nodeType: 'qrtrac',
		credentials: suite.credentials,
		parameters: {
			resource: 'qrCode',
			operation: 'createOrUpdate',
			mode,
			displayId,
			qrType: 'RESTAURANT_MENU',
			name: 'Menu',
			restaurantName: 'Diner',
			menuDishes: { dish: dishes },
			simplify: false,
		},
	});
	expect(run.error?.message).toBeUndefined();
	return run.items[0].json;
}

const sectionsOf = (id: string) =>
	(suite.sim.state.getQr(id)?.metadata as { menuItems: unknown }).menuItems;

describe.each([['sync'], ['lookUpEachRow']])(
	'Create or Update (%s) of a menu row giving dishes only',
	(mode) => {
		it('keeps the stored sections, and a re-run of the row is unchanged', async () => {
			const id = storedMenu(`menu-${mode}`);
			const soup = [{ name: 'Soup', section: 'Starters', price: '$6' }];

			const first = await upsert(`menu-${mode}`, mode, soup);
			// Before (sync): the sections became [Starters] only, Drinks lost.
			expect(first.result).toBe('updated');
			expect(sectionsOf(id)).toEqual(sections);
			expect((await upsert(`menu-${mode}`, mode, soup)).result).toBe('unchanged');
		});

		it('appends a section a dish names that the stored ones lack', async () => {
			const id = storedMenu(`menu-new-${mode}`);
			await upsert(`menu-new-${mode}`, mode, [
				{ name: 'Soup', section: 'Starters', price: '$5' },
				{ name: 'Pie', section: 'Desserts', price: '$4' },
			]);
			expect(sectionsOf(id)).toEqual([...sections, { name: 'Desserts' }]);
		});
	},
);
