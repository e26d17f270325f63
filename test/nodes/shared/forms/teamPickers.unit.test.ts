/** The team pickers' search (forms/teamPickers.ts) on a fake context: what a typed filter finds. */
import type { ILoadOptionsFunctions } from 'n8n-workflow';

import { searchTeams } from '../../../../nodes/shared/forms/teamPickers';
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
