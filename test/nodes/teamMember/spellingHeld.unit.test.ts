/**
 * The spelling a row sends for a person a team of it does not list (spellings.ts spellingHeld): spellings told
 * apart as caseTwins (api/listedMembers.ts, the rule's owner) tells them, and an error naming teams as
 * caseTwinsError does.
 */
import type { IExecuteFunctions } from 'n8n-workflow';

import { caseTwins } from '../../../nodes/shared/api/listedMembers';
import { spellingHeld } from '../../../nodes/Qrtrac/actions/teamMember/spellings';

const ctx = {
	getNode: () => ({ name: 'QRTRAC', type: 'qrtrac', typeVersion: 1.2 }),
} as unknown as IExecuteFunctions;

it('a spelling with spaces around it is the same spelling, as caseTwins says', async () => {
	expect(
		caseTwins([{ email: 'grace@x.example ' }, { email: 'grace@x.example' }], 'grace@x.example'),
	).toBeUndefined();
	const held = new Map([
		['team_a', 'grace@x.example '],
		['team_b', 'grace@x.example'],
	]);
	// before: two spellings, none typed: the row failed
	await expect(spellingHeld(ctx, 0, 'Grace@x.example', held)).resolves.toBe('grace@x.example');
});

it("weighs the row's own teams with the earlier rows' and names the teams by label", async () => {
	const heldAs = new Map([['team_a', 'grace@x.example']]);
	const listed = new Map([['team_b', 'Grace@x.example']]);
	const names: Record<string, string> = { team_a: 'Main', team_b: 'Sales' };
	const label = async (teamId: string) => `${names[teamId]} (${teamId})`;

	await expect(spellingHeld(ctx, 0, 'Grace@x.example', heldAs, { listed, label })).resolves.toBe(
		'Grace@x.example',
	);
	await expect(spellingHeld(ctx, 2, 'GRACE@x.example', heldAs, { listed, label })).rejects.toThrow(
		"Item 2: The person's teams hold them as grace@x.example (team Main (team_a)) and Grace@x.example (team Sales (team_b)), e-mails that differ only in case; nothing was sent",
	);
});
