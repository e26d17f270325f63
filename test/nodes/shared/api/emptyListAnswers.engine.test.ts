/**
 * List answers `{success: true}` without `data` (NOTES: some success answers carry only `success`). Where the
 * list may be empty and nothing else can be meant, that answer is the empty list: the updated-after answers when
 * nothing changed (every idle trigger poll and Get Updated Since), a team's design templates, scan events of a
 * range without scans. An answer that does
 * not say it succeeded (`{}`) still fails, and so do lists that are never empty (the organization's teams).
 */
import type { IDataObject } from 'n8n-workflow';

import { pollTrigger, runNode } from '../../../support/n8nHarness';
import { useSimulator } from '../../../support/simulatorSuite';

const suite = useSimulator();

let orgId: string;

beforeAll(() => {
	orgId = suite.sim.state.teams.get(suite.credentials.teamId!)!.orgId;
});

afterEach(() => suite.sim.setAnswerModes({}));

async function run(resource: string, operation: string, parameters: Record<string, unknown>) {
	return await runNode({
		nodeType: 'qrtrac',
		credentials: suite.credentials,
		parameters: { resource, operation, ...parameters },
		continueOnFail: true,
	});
}

describe('a list answered with `success` alone', () => {
	it('Get Updated Since, this team and all teams: nothing changed, no item and no error', async () => {
		suite.sim.setAnswerModes({ omitEmptyLists: true });
		const since = Date.UTC(2090, 0, 1);

		const team = await run('qrCode', 'getUpdatedSince', { since });
		const organization = await run('qrCode', 'getUpdatedSince', { since, scope: 'organization' });

		expect([team.error, team.items]).toEqual([undefined, []]);
		expect([organization.error, organization.items]).toEqual([undefined, []]);
		expect(suite.sim.requestLog.map((entry) => [entry.path, entry.status])).toEqual([
			[`/api/qrs-api/teams/fromTime/${since}`, 200],
			[`/api/qrs-api/all/fromTime/${since}`, 200],
		]);
	});

	it('an idle trigger poll (nothing changed since the last): no event and no error', async () => {
		const { org } = suite.sim.state.createOrganization('Idle Org', {
			name: 'Owner',
			email: 'owner@idle.example',
		});
		const credentials = {
			baseUrl: suite.sim.url,
			...suite.sim.state.addApiClient(org.id),
			plan: 'Enterprise',
		};
		let staticData: IDataObject = {};
		const poll = async () => {
			const result = await pollTrigger({ parameters: {}, credentials, staticData });
			staticData = JSON.parse(JSON.stringify(result.staticData)) as IDataObject;
			return result.items ?? [];
		};
		await poll();
		suite.sim.setAnswerModes({ omitEmptyLists: true });
		suite.sim.clearRequestLog();

		expect(await poll()).toEqual([]);
		expect(await poll()).toEqual([]);
		expect(suite.sim.requestLog.some((entry) => entry.path.includes('/fromTime/'))).toBe(true);
	});

	it('Design Template > Get Many of a team without templates: no item and no error', async () => {
		const team = suite.sim.state.createTeam(orgId, 'No templates');
		for (const template of suite.sim.state.templates.values())
			if (template.teamId === team.id) suite.sim.state.templates.delete(template.id);
		suite.sim.setAnswerModes({ omitEmptyLists: true });

		const result = await run('designTemplate', 'getMany', {
			returnAll: true,
			options: { teamOverride: team.id },
		});

		expect([result.error, result.items]).toEqual([undefined, []]);
	});

	it('Scan > Get for a Code and Get for Codes of codes without scans: no item and no error', async () => {
		const code = suite.sim.state.createQr(suite.credentials.teamId!, {
			qrType: 'WEB',
			name: 'Never scanned',
			qrRedirectUrl: 'https://example.com/never',
		});
		suite.sim.setAnswerModes({ omitEmptyLists: true });
		suite.sim.clearRequestLog();

		const one = await run('analytics', 'getScans', {
			qrCodeId: { __rl: true, mode: 'id', value: code.id },
		});
		const many = await run('analytics', 'getScansForCodes', {
			codeSelection: 'list',
			qrCodeIds: code.id,
			timeRange: 'last30Days',
		});

		expect([one.error, one.items]).toEqual([undefined, []]);
		expect([many.error, many.items]).toEqual([undefined, []]);
		expect(suite.sim.requestLog.map((entry) => entry.operationId)).toEqual(
			expect.arrayContaining(['getQrAnalytics', 'getBulkQrAnalytics']),
		);
	});

	it('an answer that does not say it succeeded (`{}`) still fails, naming the operation', async () => {
		suite.sim.setAnswerModes({ omitEmptyLists: true, noSuccessFlag: true });

		const result = await run('qrCode', 'getUpdatedSince', { since: Date.UTC(2090, 0, 1) });

		expect(String(result.items[0].json.error)).toContain('without saying whether it succeeded');
	}); // a GET with such an answer is retried with backoff first
});
