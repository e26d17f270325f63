/**
 * A code read by its ID names its team: one of another team than the one asked for (the service did not keep to
 * the team header) fails the item, and no operation that reads the code first (Update, Update Title, Update
 * Tags, Create or Update) changes it.
 */
import { answering, described, runAction, STORED_CODE } from '../../../support/actionRequests';
import { ok } from '../../../support/fakeContext';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

const otherTeams = answering({
	'GET /api/qrs-api/teams/qr_1': ok({ ...STORED_CODE, teamId: 'team_other' }),
});

it('Get: a code of another team fails, naming both teams', async () => {
	const run = await runAction('qrCode', 'get', { qrCodeId: 'qr_1' }, otherTeams);

	expect(run.output).toBeUndefined();
	expect(run.error?.message).toMatch(
		/^QRTRAC's answer to Get QR Code .*does not have the expected shape$/,
	);
	expect((run.error as { description?: string }).description).toMatch(
		/team asked for, "team_1".*"teamId" is "team_other", another team/,
	);
});

it.each([
	['update', { updateFields: { name: 'New name' } }],
	['updateTitle', { title: 'New name' }],
])('%s: a code of another team is not changed', async (operation, parameters) => {
	const run = await runAction('qrCode', operation, { qrCodeId: 'qr_1', ...parameters }, otherTeams);

	expect(run.error?.message).toMatch(/does not have the expected shape/);
	expect(run.sent.map(described).map((request) => request.method)).toEqual(['GET']);
});

it('Get: a code of the team asked for, or naming no team, is the answer', async () => {
	for (const code of [{ ...STORED_CODE, teamId: 'team_1' }, STORED_CODE]) {
		const run = await runAction(
			'qrCode',
			'get',
			{ qrCodeId: 'qr_1', simplify: false },
			answering({ 'GET /api/qrs-api/teams/qr_1': ok(code) }),
		);

		expect(run.error).toBeUndefined();
		expect(run.output?.[0][0].json).toMatchObject({ id: 'qr_1', name: 'Stored' });
	}
});
