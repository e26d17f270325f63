/**
 * A change of one code (Update, Update Tags, Update Title) answered with the asked code's ID but another team's
 * `teamId`: that record is not the team's code, so it is never output as the change made. The code is read by its
 * ID: the team's code holding the change is the output; a read naming the other team fails the item.
 */
import { STORED_CODE, answering, runAction } from '../../support/actionRequests';
import { ok } from '../../support/fakeContext';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

const CHANGES = [
	[
		'update',
		{ qrCodeId: 'qr_1', updateFields: { name: 'Renamed' } },
		'PUT /api/qrs-api/qr_1',
		{ name: 'Renamed' },
	],
	[
		'updateTags',
		{ qrCodeId: 'qr_1', mode: 'replace', tags: 'b, c' },
		'PUT /api/qrs-api/qr_1/tags',
		{ tags: ['b', 'c'] },
	],
	[
		'updateTitle',
		{ qrCodeId: 'qr_1', title: 'Renamed' },
		'PATCH /api/qrs-api/qr_1/title',
		{ name: 'Renamed' },
	],
] as const;

describe.each(CHANGES)('%s', (operation, parameters, route, change) => {
	/** The change answered with team_9's record; the code read by its ID after it names `readTeam`. */
	async function changeAnsweredTeam9(readTeam: string) {
		const reads = { count: 0 };
		const run = await runAction(
			'qrCode',
			operation,
			{ ...parameters },
			answering({
				[route]: ok({ ...STORED_CODE, ...change, teamId: 'team_9' }),
				get 'GET /api/qrs-api/teams/qr_1'() {
					reads.count += 1;
					return ok(
						reads.count === 1 ? STORED_CODE : { ...STORED_CODE, ...change, teamId: readTeam },
					);
				},
			}),
		);
		return { run, reads: reads.count };
	}

	it("answered with another team's record: the team's code read by its ID is the output", async () => {
		const { run, reads } = await changeAnsweredTeam9('team_1');

		expect(run.error).toBeUndefined();
		expect(run.output?.[0][0].json).toMatchObject({ id: 'qr_1', teamId: 'team_1', ...change });
		expect(reads).toBe(2);
	});

	it("answered with another team's record that the read confirms: fails, never `updated`", async () => {
		const { run } = await changeAnsweredTeam9('team_9');

		expect(run.output).toBeUndefined();
		expect(run.error?.message).toContain('could not be read afterwards to confirm the change');
		expect((run.error as { description?: string }).description).toContain('team_9');
	});
});
