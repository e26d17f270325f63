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

/**
 * Qr.teamId is text: a team named in another type (a number, an object) is no team asked for, though it may look
 * alike (42 and "42"), so it fails the read as another team's, and nothing reading the code first changes it.
 */
describe('a "teamId" that is no text is not taken as the team asked for', () => {
	const typed = (teamId: unknown) =>
		answering({ 'GET /api/qrs-api/teams/qr_1': ok({ ...STORED_CODE, teamId }) });

	it.each([[42], [{ id: 'team_1' }], [['team_1']]])(
		'Get: a teamId of %j fails, naming it',
		async (teamId) => {
			const run = await runAction('qrCode', 'get', { qrCodeId: 'qr_1' }, typed(teamId));

			expect(run.output).toBeUndefined();
			expect((run.error as { description?: string }).description).toContain(
				`team asked for, "team_1" ("teamId" is ${JSON.stringify(teamId)}, another team)`,
			);
		},
	);

	it.each([
		['update', { updateFields: { name: 'New name' } }],
		['delete', {}],
	])('%s: a code whose teamId is a number is not written', async (operation, parameters) => {
		const run = await runAction(
			'qrCode',
			operation,
			{ qrCodeId: 'qr_1', ...parameters },
			typed(42),
		);

		expect(run.error).toBeDefined();
		expect(run.sent.map(described).map((request) => request.method)).toEqual(['GET']);
	});

	it('Get Many: a listed code whose teamId is a number fails the list', async () => {
		const run = await runAction(
			'qrCode',
			'getMany',
			{ returnAll: true },
			answering({
				'GET /api/qrs-api/v2/teams/': ok({ qrs: [{ ...STORED_CODE, teamId: 42 }], totalCount: 1 }),
			}),
		);

		expect(run.output).toBeUndefined();
		expect(run.error?.message).toBe(
			'QRTRAC answered codes of another team: 1 code(s) of team 42 in the list of team team_1',
		);
	});

	it('Get: a teamId of null names no team, as one left out', async () => {
		const run = await runAction('qrCode', 'get', { qrCodeId: 'qr_1' }, typed(null));

		expect(run.error).toBeUndefined();
		expect(run.output?.[0][0].json).toMatchObject({ id: 'qr_1' });
	});
});
