/**
 * QR Code > Duplicate through n8n's engine against the simulator, as nodes saved with version 1.1 run them (their output
 * stays as it was; 1.2's `result` and re-runs: test/nodes/shared/outcome/reRuns.engine.test.ts).
 */
import { useSimulator } from '../../../support/simulatorSuite';
import { qrCodeRuns } from '../qrCodeRuns';

const suite = useSimulator();

const { run, newCode } = qrCodeRuns(suite);
const byId = (id: string) => ({ __rl: true, mode: 'id', value: id });

describe('Duplicate', () => {
	it('answers the copy: a new ID and Display ID, the same content', async () => {
		const code = newCode({ name: 'Original', tags: ['x'], metadata: { note: 'kept' } });

		const result = await run('duplicate', { qrCodeId: byId(code.id), simplify: false });

		expect(result.error).toBeUndefined();
		const copy = result.items[0].json;
		expect(copy.id).not.toBe(code.id);
		expect(copy.displayId).not.toBe(code.displayId);
		expect(copy).toMatchObject({
			name: 'Original',
			tags: ['x'],
			metadata: { note: 'kept' },
			qrRedirectUrl: code.qrRedirectUrl,
		});
		expect(suite.sim.state.getQr(String(copy.id))).toMatchObject({
			teamId: suite.credentials.teamId,
			name: 'Original',
		});
		expect(suite.sim.requestLog[0]).toMatchObject({ method: 'POST', status: 201 });
		suite.expectRequestsFollowContract();
	});
});
