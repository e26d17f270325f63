/**
 * Finding the nodes in n8n's node panel (issue 25, item 5): n8n reads search aliases from the codex file
 * (`<Node>.node.json`, `alias`) next to the built node; the panel's search matches them as well as the name.
 */
import { loadPackage } from '../../support/harness/loadedPackage';

const SEARCHES = ['qr code', 'dynamic qr', 'short link', 'scan'];

async function aliasesOf(name: string): Promise<string[]> {
	const loaded = await loadPackage();
	const { description } = loaded.nodeTypes.getByNameAndVersion(
		loaded.fullNodeTypeName(name),
		loaded.newestVersion(loaded.fullNodeTypeName(name)),
	);
	return (description.codex?.alias ?? []).map((alias) => alias.toLowerCase());
}

describe('search aliases as n8n loads them', () => {
	it.each(['qrtrac', 'qrtracTrigger'])(
		'%s is found by "qr code", "dynamic qr", "short link" and "scan"',
		async (name) => {
			const aliases = await aliasesOf(name);

			expect(SEARCHES.filter((search) => !aliases.some((alias) => alias.includes(search)))).toEqual(
				[],
			);
		},
	);

	it('the action node is also found by what its other resources are called: "dynamic link", "team member", "invite"', async () => {
		const aliases = await aliasesOf('qrtrac');

		expect(
			['dynamic link', 'team member', 'invite'].filter((search) => !aliases.includes(search)),
		).toEqual([]);
	});
});
