import type { HarnessCredentials } from './n8nHarness';
import type { SuiteSimulator } from './simulatorSuite';

/**
 * Fresh organizations for the tests of one file, so that no test sees another's data: one team (Main, an
 * Enterprise-plan client), one team holding WEB codes, or two teams (Main and Sales); the last two on the
 * harness's default plan unless told.
 */
export function organizations(suite: SuiteSimulator, emailDomain: string) {
	let count = 0;
	return {
		withTeam(role: 'owner' | 'admin' | 'editor' = 'owner') {
			count += 1;
			const { org, team } = suite.sim.state.createOrganization(
				`Org ${count}`,
				{ name: 'Olivia Owner', email: `owner${count}@${emailDomain}` },
				'Main',
			);
			const client = suite.sim.state.addApiClient(org.id, role, team.id);
			const credentials: HarnessCredentials = {
				baseUrl: suite.sim.url,
				...client,
				plan: 'Enterprise',
			};
			return { org, team, credentials };
		},
		/** An organization whose Main team holds `codeCount` WEB codes (`Code 0`, `Code 1`, ...). */
		withCodes(
			codeCount: number,
			{ plan, codeName = 'Code' }: { plan?: HarnessCredentials['plan']; codeName?: string } = {},
		) {
			count += 1;
			const { org, team } = suite.sim.state.createOrganization(
				`Org ${count}`,
				{ name: 'Olivia Owner', email: `owner${count}@${emailDomain}` },
				'Main',
			);
			const credentials: HarnessCredentials = {
				baseUrl: suite.sim.url,
				...suite.sim.state.addApiClient(org.id, 'owner', team.id),
				...(plan === undefined ? {} : { plan }),
			};
			const codes = Array.from({ length: codeCount }, (_, index) =>
				suite.sim.state.createQr(team.id, {
					name: `${codeName} ${index}`,
					qrType: 'WEB',
					qrRedirectUrl: `https://example.com/${index}`,
				}),
			);
			return { org, team, codes, credentials };
		},
		withTwoTeams(role: 'owner' | 'admin' = 'owner') {
			count += 1;
			const ownerEmail = `owner${count}@${emailDomain}`;
			const { org, team: main } = suite.sim.state.createOrganization(
				`Org ${count}`,
				{ name: 'Olivia Owner', email: ownerEmail },
				'Main',
			);
			const sales = suite.sim.state.createTeam(org.id, 'Sales');
			const credentials: HarnessCredentials = {
				baseUrl: suite.sim.url,
				...suite.sim.state.addApiClient(org.id, role, main.id),
			};
			return { org, main, sales, ownerEmail, credentials };
		},
	};
}

/** A resource locator set By ID. */
export function byId(id: string) {
	return { __rl: true, mode: 'id', value: id };
}
