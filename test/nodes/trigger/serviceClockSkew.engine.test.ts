/**
 * QRTRAC Trigger against a service whose clock (its records' times and its `Date` header alike) is minutes off
 * n8n's: nothing written after activation may be lost, whichever way the clocks differ. The first poll learns
 * where "now" is from the service's answer, not from n8n's clock (engine test: n8n-core against the simulator).
 * Build first (`npm run build`).
 */
import type { IDataObject } from 'n8n-workflow';

import { pollTrigger, type HarnessCredentials } from '../../support/n8nHarness';
import { useSimulator } from '../../support/simulatorSuite';

const suite = useSimulator({ seed: false });

let accounts = 0;

function newAccount() {
	accounts += 1;
	const { org, team } = suite.sim.state.createOrganization(`Skew Org ${accounts}`, {
		name: 'Owner',
		email: `owner${accounts}@skew.example`,
	});
	const client = suite.sim.state.addApiClient(org.id);
	const credentials: HarnessCredentials = {
		baseUrl: suite.sim.url,
		teamId: client.teamId,
		clientId: client.clientId,
		clientSecret: client.clientSecret,
		plan: 'Enterprise',
	};
	return { teamId: team.id, credentials };
}

function createCode(teamId: string, name: string) {
	return suite.sim.state.createQr(teamId, {
		qrType: 'WEB',
		qrRedirectUrl: 'https://example.com/',
		name,
	});
}

function trigger(credentials: HarnessCredentials, parameters: Record<string, unknown> = {}) {
	let staticData: IDataObject = {};
	return async (): Promise<IDataObject[]> => {
		const result = await pollTrigger({ parameters, credentials, staticData });
		staticData = JSON.parse(JSON.stringify(result.staticData)) as IDataObject;
		return (result.items ?? []).map((item) => item.json);
	};
}

describe.each([-20 * 60_000, 20 * 60_000, 2 * 3_600_000])(
	"QRTRAC Trigger: service clock %i ms off n8n's, its Date header too",
	(skewMs) => {
		beforeEach(() => {
			suite.sim.clock.advance(skewMs);
			suite.sim.setChangeDrift({ clockOffsetMs: skewMs });
		});

		afterEach(() => {
			suite.sim.clock.useRealTime();
			suite.sim.setChangeDrift({ clockOffsetMs: 0 });
		});

		it('reports a code change made right after activation', async () => {
			const account = newAccount();
			createCode(account.teamId, 'Before activation');
			const poll = trigger(account.credentials);
			expect(await poll()).toEqual([]);

			const created = createCode(account.teamId, 'Right after activation');

			expect((await poll()).map((event) => event.id)).toEqual([created.id]);
			expect(await poll()).toEqual([]);
		});

		it('reports a scan made right after activation', async () => {
			const account = newAccount();
			const code = createCode(account.teamId, 'Scanned');
			suite.sim.state.addScan(code.id, { city: 'Before activation' });
			const poll = trigger(account.credentials, { triggerOn: 'newScans' });
			expect(await poll()).toEqual([]);

			suite.sim.state.addScan(code.id, { city: 'Right after activation' });

			expect((await poll()).map((scan) => scan.city)).toEqual(['Right after activation']);
			expect(await poll()).toEqual([]);
		});
	},
);
