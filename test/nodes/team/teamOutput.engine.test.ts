/**
 * Every team operation puts a team's members out in one shape from 1.2: the shape Team Member > Get Many gives
 * (its team and `status`), so a workflow reading members reads them alike whichever operation gave the team.
 * Nodes saved as 1.1 keep the members as QRTRAC sends them.
 */
import type { IDataObject } from 'n8n-workflow';

import { runNode } from '../../support/n8nHarness';
import { byId as teamRef, organizations } from '../../support/organizations';
import { useSimulator } from '../../support/simulatorSuite';

const suite = useSimulator({ seed: false });

const newOrganization = organizations(suite, 'teamoutput.example').withTeam;

describe('Team operations: members in one shape', () => {
	it('Get, Get Many, Create, Rename and Set Domains show the members as Team Member > Get Many does', async () => {
		const { org, credentials } = newOrganization();
		const sales = suite.sim.state.createTeam(org.id, 'Sales', ['sales.example.com']);
		suite.sim.state.addMember(sales.id, {
			name: 'Ann',
			email: 'ann@teamoutput.example',
			role: 'editor',
		});
		suite.sim.state.addMember(sales.id, {
			name: 'Bo',
			email: 'bo@teamoutput.example',
			role: 'viewer',
		});
		suite.sim.state.setMemberState(sales.id, 'bo@teamoutput.example', 'paused');
		const run = async (parameters: IDataObject, typeVersion?: number) =>
			await runNode({ nodeType: 'qrtrac', parameters, credentials, typeVersion });
		const team = { resource: 'team', teamId: teamRef(sales.id) };

		const listed = await run({
			...team,
			resource: 'teamMember',
			operation: 'getMany',
			returnAll: true,
		});
		const got = await run({ ...team, operation: 'get' });
		const many = await run({ resource: 'team', operation: 'getMany', returnAll: true });
		const renamed = await run({ ...team, operation: 'rename', name: 'Sales EU' });
		const domains = await run({
			...team,
			...{ operation: 'setDomains', domains: 'eu.example.com', defaultDomain: 'eu.example.com' },
		});
		const created = await run({ resource: 'team', operation: 'create', name: 'Events' });

		const members = listed.items.map((item) => item.json);
		expect(members.map(({ email, teamId, status }) => [email, teamId, typeof status])).toEqual(
			suite.sim.state.team(sales.id)!.members.map((member) => [member.email, sales.id, 'string']),
		);
		const salesOfMany = many.items.find((item) => item.json.id === sales.id)?.json;
		for (const output of [
			got.items[0].json,
			salesOfMany,
			renamed.items[0].json,
			domains.items[0].json,
		])
			expect(output?.members).toEqual(members);
		// a new team's members (its creator, where QRTRAC lists one) name the new team
		const newTeam = created.items[0].json;
		for (const member of (newTeam.members ?? []) as IDataObject[])
			expect(member.teamId).toBe(newTeam.id);
		expect([got, many, renamed, domains, created].map((result) => result.error)).toEqual([
			undefined,
			undefined,
			undefined,
			undefined,
			undefined,
		]);
	});

	it('a node saved as 1.1 keeps the members as QRTRAC sends them', async () => {
		const { org, credentials } = newOrganization();
		const sales = suite.sim.state.createTeam(org.id, 'Sales');
		suite.sim.state.addMember(sales.id, {
			name: 'Cy',
			email: 'cy@teamoutput.example',
			role: 'admin',
		});

		const result = await runNode({
			nodeType: 'qrtrac',
			typeVersion: 1.1,
			parameters: { resource: 'team', operation: 'get', teamId: teamRef(sales.id) },
			credentials,
		});

		expect(result.error).toBeUndefined();
		const members = result.items[0].json.members as IDataObject[];
		expect(members.length).toBeGreaterThan(0);
		expect(members.every((member) => member.teamId === undefined)).toBe(true);
	});
});
