/**
 * QR Code > Update Title through n8n's engine against the simulator, as nodes saved with version 1.1 run them (their output
 * stays as it was; 1.2's `result` and re-runs: test/nodes/shared/outcome/reRuns.engine.test.ts).
 */
import { runNode } from '../../../support/n8nHarness';
import { useSimulator } from '../../../support/simulatorSuite';
import { qrCodeRuns } from '../qrCodeRuns';

const suite = useSimulator();

const { run, newCode } = qrCodeRuns(suite);
const byId = (id: string) => ({ __rl: true, mode: 'id', value: id });

describe('Update Title', () => {
	it('renames the code', async () => {
		const code = newCode({ name: 'Old name' });

		const result = await run('updateTitle', {
			qrCodeId: byId(code.id),
			title: '  Summer campaign ',
		});

		expect(result.items[0].json).toMatchObject({ id: code.id, name: 'Summer campaign' });
		expect(suite.sim.state.getQr(code.id)?.name).toBe('Summer campaign');
		expect(suite.sim.requestLog.map((entry) => [entry.method, entry.body])).toEqual([
			['PATCH', { title: 'Summer campaign' }],
		]);
		suite.expectRequestsFollowContract();
	});
});

/**
 * A Title an expression gives as a number is its text as a sheet shows it (validation/text.ts, as every text field):
 * NaN from an empty cell, 1e+21 or 0.30000000000000004 are JavaScript's, never written as the code's name.
 */
describe('Update Title given a number', () => {
	it('takes a number a sheet shows as its text', async () => {
		const code = newCode({ name: 'Old name' });

		const result = await run('updateTitle', { qrCodeId: byId(code.id), title: '={{ 2026 }}' });

		expect(result.error).toBeUndefined();
		expect(suite.sim.state.getQr(code.id)?.name).toBe('2026');
	});

	it.each(['parseInt($json.year)', '1e21', '0.1 + 0.2'])(
		'refuses {{ %s }} naming the field, before any request',
		async (expression) => {
			const code = newCode({ name: 'Old name' });

			const result = await run(
				'updateTitle',
				{ qrCodeId: byId(code.id), title: `={{ ${expression} }}` },
				{ items: [{ year: '' }] },
			);

			expect(result.error?.message).toMatch(/^Item 0: "Title" /);
			expect(suite.sim.requestLog).toHaveLength(0);
			expect(suite.sim.state.getQr(code.id)?.name).toBe('Old name');
		},
	);
});

/**
 * The contract does not say whether a change's answer shows the code before or after it: an answer that does not
 * show the new title is checked by reading the code, never taken as done.
 */
describe('Update Title, an answer that does not show the new title', () => {
	afterEach(() => suite.sim.setAnswerModes({}));
	const requests = () => suite.sim.requestLog.map((entry) => `${entry.method} ${entry.path}`);

	it('answered with the old title: the code read afterwards holds the new one, so it is the output', async () => {
		const code = newCode({ name: 'Old name' });
		suite.sim.setAnswerModes({ priorCodeAnswers: 'changed' });

		const result = await run('updateTitle', { qrCodeId: byId(code.id), title: 'Summer campaign' });

		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({ id: code.id, name: 'Summer campaign' });
		expect(requests()).toEqual([
			`PATCH /api/qrs-api/${code.id}/title`,
			`GET /api/qrs-api/teams/${code.id}`,
		]);
		suite.expectRequestsFollowContract();
	});

	it('answered with the old title, and the code still holds it: the item fails naming the operation, the title written and the title held', async () => {
		const code = newCode({ name: 'Old name' });
		suite.sim.setAnswerModes({ priorCodeAnswers: 'unchanged' });

		// From 1.2 the code is read first: its old title is known (saved 1.1 nodes cannot tell: changedCode).
		const result = await runNode({
			nodeType: 'qrtrac',
			credentials: suite.credentials,
			parameters: {
				resource: 'qrCode',
				operation: 'updateTitle',
				qrCodeId: byId(code.id),
				title: 'Summer campaign',
			},
			typeVersion: 1.2,
		});

		expect(result.items).toEqual([]);
		expect(result.error?.message).toMatch(/Update QR Code Title.*does not show the change/);
		const description = String((result.error as { description?: string }).description);
		expect(description).toContain('Asked for {"name":"Summer campaign"}');
		expect(description).toContain('QRTRAC holds {"name":"Old name"}');
		expect(suite.sim.state.getQr(code.id)?.name).toBe('Old name');
	});
});
