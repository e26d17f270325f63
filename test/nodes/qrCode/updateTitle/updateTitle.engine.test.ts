/**
 * QR Code > Update Title through n8n's engine against the simulator, as nodes saved with version 1.1 run them (their output
 * stays as it was; 1.2's `result` and re-runs: test/nodes/shared/outcome/reRuns.engine.test.ts).
 */
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
