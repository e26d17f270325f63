/** The team pickers' search (forms/teamPickers.ts) on a fake context: what a typed filter finds. */
import type { ILoadOptionsFunctions } from 'n8n-workflow';

import { getTeams, getTeamsToJoin, searchTeams } from '../../../../nodes/shared/forms/teamPickers';
import { fakeContext, ok } from '../../../support/fakeContext';

it('finds a team by name or ID, and a team without a name only by its ID', async () => {
	const { ctx } = fakeContext({
		answers: () =>
			ok([
				{ id: 'team_a', name: 'Undefined Ops' },
				{ id: 'team_b' },
				{ id: 'team_c', name: 'Sales' },
			]),
	});
	const search = async (filter: string) =>
		(await searchTeams.call(ctx as unknown as ILoadOptionsFunctions, filter)).results.map(
			(result) => result.value,
		);

	expect(await search('undefined')).toEqual(['team_a']);
	expect(await search('team_b')).toEqual(['team_b']);
	expect(await search('sales')).toEqual(['team_c']);
});

it("marks the credential's team in the search and in the lists, under its own name", async () => {
	const { ctx } = fakeContext({
		answers: () =>
			ok([
				{ id: 'team_1', name: 'Marketing' },
				{ id: 'team_2', name: 'Marketing' },
				{ id: 'team_3', name: 'Sales' },
			]),
	});
	const context = ctx as unknown as ILoadOptionsFunctions;

	expect((await searchTeams.call(context)).results).toEqual([
		{ name: "Marketing (team_1) (credential's team)", value: 'team_1' },
		{ name: 'Marketing (team_2)', value: 'team_2' },
		{ name: 'Sales', value: 'team_3' },
	]);
	expect((await getTeamsToJoin.call(context)).map((entry) => entry.name)).toEqual([
		"Marketing (team_1) (credential's team)",
		'Marketing (team_2)',
		'Sales',
	]);
	expect((await getTeams.call(context)).map((entry) => [entry.name, entry.value])).toEqual([
		["Credential's Team", ''],
		["Marketing (team_1) (credential's team)", 'team_1'],
		['Marketing (team_2)', 'team_2'],
		['Sales', 'team_3'],
	]);
});
