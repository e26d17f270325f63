/**
 * Members listed without an e-mail (TeamMember requires no field): the roster read accepts them, a person not
 * found among the others is not known (null) rather than absent, and an entry that is no member still fails.
 */
import type { INode } from 'n8n-workflow';

import { listedMember } from '../../../../nodes/shared/api';
import { readRoster, readTeam, type AnswerSource } from '../../../../nodes/shared/api/answers';

const source: AnswerSource = {
	node: {
		name: 'QRTRAC',
		type: 'qrtrac',
		typeVersion: 1.2,
		position: [0, 0],
		parameters: {},
	} as INode,
	operation: 'Get Team Members (GET /teams-api/{id})',
};

function thrown(read: () => unknown): { message: string; description?: string } {
	try {
		read();
	} catch (error) {
		return error as { message: string; description?: string };
	}
	throw new Error('the read did not fail');
}

const ada = { name: 'Ada', email: 'ada@example.com', role: 'editor' };

describe('a team listing members without an e-mail', () => {
	it.each([
		['absent', { name: 'Invited', role: 'viewer' }],
		['null', { name: 'Invited', email: null, role: 'viewer' }],
	])('reads a member whose e-mail is %s, as given', (_case, member) => {
		const roster = readRoster(source, { id: 'team_1', members: [ada, member] });
		const team = readTeam(source, { id: 'team_1', members: [ada, member] });

		expect(roster.members).toEqual([ada, member]);
		expect(team.members).toEqual([ada, member]);
	});

	it.each([
		['a member that is no object', 'ada@example.com', /members\.1/],
		['an e-mail that is no text', { name: 'Bo', email: 42 }, /members\.1\.email.*must be text/],
		['an e-mail that is an object', { email: { address: 'bo@example.com' } }, /must be text/],
	])('still fails clearly on %s', (_case, member, issue) => {
		const error = thrown(() => readRoster(source, { id: 'team_1', members: [ada, member] }));

		expect(error.message).toMatch(/Get Team Members.*does not have the expected shape/);
		expect(error.description).toMatch(issue);
	});

	it('finds a listed person; one not found is unknown only while members lack an e-mail', () => {
		const invited: { name: string; role: string; email?: string } = {
			name: 'Invited',
			role: 'viewer',
		};

		expect(listedMember([ada, invited], 'ADA@example.com')).toBe(ada);
		expect(listedMember([ada, invited], 'nobody@example.com')).toBeNull();
		expect(listedMember([ada, { ...invited, email: '  ' }], 'nobody@example.com')).toBeNull();
		expect(listedMember([ada], 'nobody@example.com')).toBeUndefined();
	});
});
