/**
 * QRTRAC Trigger: Teams to Watch written as an expression. A value none of its options (`"All"`, `"organization"`)
 * fails the poll naming the field, in the words every option field uses, before any request: it was read as One
 * Team and watched only the credential's team, a change in another team never reported. Build first.
 */
import { organizations } from '../../support/organizations';
import { useSimulator } from '../../support/simulatorSuite';
import { codeWriters, polling } from '../../support/triggerRuns';

const suite = useSimulator({ seed: false });
const newOrganization = organizations(suite, 'teams-to-watch.example').withTwoTeams;
const { createCode } = codeWriters(suite);

const lastSeq = () => suite.sim.requestLog.at(-1)?.seq ?? 0;
const requestsSince = (seq: number) => suite.sim.requestLog.filter((entry) => entry.seq > seq);

describe('QRTRAC Trigger: Teams to Watch', () => {
	it.each([
		['={{ "All" }}', '"All" (the case counts: "all")'],
		['={{ "organization" }}', '"organization"'],
	])(
		'%s, none of its options, fails naming the field, before any request',
		async (scope, shown) => {
			const { credentials } = newOrganization();
			const watcher = polling(credentials, { scope, options: { includeExisting: true } });
			const before = lastSeq();
			await expect(watcher.poll()).rejects.toMatchObject({
				message: `"Teams to Watch" must be one of "all", "team", not ${shown}`,
				description: `It is ${shown.split(' (')[0]}. Choose All Teams or One Team in the field, or write an expression giving "all" or "team" (lower case). Nothing was read from QRTRAC.`,
			});
			expect(requestsSince(before)).toEqual([]);
		},
	);

	it('{{ "all" }} watches every team: a code of the other team is reported', async () => {
		const { sales, credentials } = newOrganization();
		const code = createCode(sales.id);
		const watcher = polling(credentials, {
			scope: '={{ "all" }}',
			options: { includeExisting: true },
		});
		const items = await watcher.poll();
		expect(items.map((item) => item.id)).toEqual([code.id]);
	});
});
