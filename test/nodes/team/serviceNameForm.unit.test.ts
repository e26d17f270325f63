/**
 * A service may store a team's name in its own form: runs of spaces squeezed, Unicode composed (NFC). Create Team
 * and Rename take such an answer as the name asked; before, Create failed a team it had made as "names another
 * team" (a re-run would make a second), and Rename failed "not done as asked" after sending the PUT again. Case
 * counts, and so do spaces a rename cleans: such a rename is sent, and checked (fake context, no sockets).
 */
import { STORED_TEAM, answering, runAction } from '../../support/actionRequests';
import { ok } from '../../support/fakeContext';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

const DECOMPOSED = 'Cafe\u0301 team';

it.each([
	['New  team', 'New team'],
	[DECOMPOSED, DECOMPOSED.normalize('NFC')],
])('Create Team "%s" answered as "%s": the team made, once', async (asked, stored) => {
	const run = await runAction(
		'team',
		'create',
		{ name: asked },
		answering({ 'POST /api/teams-api': ok({ id: 'team_9', name: stored }) }),
	);

	expect(run.error).toBeUndefined();
	expect(run.output?.[0][0].json).toMatchObject({ id: 'team_9', name: stored });
	expect(run.sent).toHaveLength(1);
});

/** Rename of a team named `stored` to `asked`, which QRTRAC, once sent, holds as `held`. */
async function renamed(stored: string, asked: string, held: string) {
	let name = stored;
	return await runAction('team', 'rename', { teamId: 'team_1', name: asked }, (request) => {
		if (request.method === 'PUT') name = held;
		return ok({ ...STORED_TEAM, name });
	});
}

it('Rename to "Sales  EU" answered as "Sales EU": renamed, one PUT', async () => {
	const run = await renamed(STORED_TEAM.name, 'Sales  EU', 'Sales EU');

	expect(run.error).toBeUndefined();
	expect(run.sent.map((request) => request.method)).toEqual(['GET', 'PUT']);
	expect(run.output?.[0][0].json).toMatchObject({ name: 'Sales EU' });
});

it('Rename that changes only the case is sent', async () => {
	const run = await renamed('sales eu', 'Sales EU', 'Sales EU');

	expect(run.error).toBeUndefined();
	expect(run.sent.map((request) => request.method)).toEqual(['GET', 'PUT']);
});

it('Rename that cleans spaces is sent, and a team left as it was fails it', async () => {
	const run = await renamed('Sales  Team', 'Sales Team', 'Sales  Team');

	expect(run.sent.map((request) => request.method)).toEqual(['GET', 'PUT', 'GET']);
	expect(run.error?.message).toContain('does not show the change');
});
