/**
 * QRTRAC Trigger when the updated-after answer is larger than the transport reads (64 MB: tens of thousands of
 * codes changed since the last poll, e.g. after the workflow was off for days): the poll reads the changes from
 * the team's list instead of failing on the same answer at every poll (engine test: n8n-core against the
 * simulator, mode `hugeAnswerBytes` on the updated-after operation only). Build first (`npm run build`).
 */
import type { IDataObject } from 'n8n-workflow';

import { pollTrigger, type HarnessCredentials } from '../../support/n8nHarness';
import { useSimulator } from '../../support/simulatorSuite';

const suite = useSimulator({ seed: false });

let accounts = 0;

function newAccount() {
	accounts += 1;
	const { org, team } = suite.sim.state.createOrganization(`Huge Changes Org ${accounts}`, {
		name: 'Owner',
		email: `owner${accounts}@huge-changes.example`,
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
		const result = await pollTrigger({ parameters, credentials, staticData }).catch(
			(error: Error & { staticData?: IDataObject }) => {
				if (error.staticData !== undefined) staticData = error.staticData;
				throw error;
			},
		);
		staticData = JSON.parse(JSON.stringify(result.staticData)) as IDataObject;
		return (result.items ?? []).map((item) => item.json);
	};
}

/** Updated-after answers padded past the transport's 64 MB; list pages and scan answers as usual. */
function hugeChangesAnswers(): void {
	suite.sim.setAnswerModes({
		hugeAnswerBytes: 65 * 1024 * 1024,
		hugeAnswerOperations: ['getTeamQrsFromTime'],
	});
}

afterEach(() => {
	suite.sim.setAnswerModes({});
});

describe('QRTRAC Trigger: an updated-after answer too large to read', () => {
	it('Code Changes reads the changes from the list, each once, instead of failing every poll', async () => {
		const account = newAccount();
		createCode(account.teamId, 'Before activation');
		const poll = trigger(account.credentials);
		expect(await poll()).toEqual([]);

		const created = createCode(account.teamId, 'Created while the answer is huge');
		hugeChangesAnswers();

		expect((await poll()).map((event) => [event.event, event.id])).toEqual([
			['created', created.id],
		]);
		expect(await poll()).toEqual([]);
		suite.sim.setAnswerModes({});
		expect(await poll()).toEqual([]);
	}, 60_000);

	it('New Scans follows a code created meanwhile and reports its scan', async () => {
		const account = newAccount();
		createCode(account.teamId, 'Watched from the start');
		const poll = trigger(account.credentials, { triggerOn: 'newScans' });
		expect(await poll()).toEqual([]);

		const created = createCode(account.teamId, 'Created while the answer is huge');
		suite.sim.state.addScan(created.id, { city: 'Scanned after activation' });
		hugeChangesAnswers();

		expect((await poll()).map((scan) => [scan.qrName, scan.city])).toEqual([
			['Created while the answer is huge', 'Scanned after activation'],
		]);
		expect(await poll()).toEqual([]);
	}, 60_000);
});
