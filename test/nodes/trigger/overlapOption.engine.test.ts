/**
 * QRTRAC Trigger: the Overlap Window written as an expression. A value that is no number fails naming the field,
 * before any request: `""` (an empty variable) was read as 0 and so as 1 second, 15 times less tolerance for late
 * writes than the default, and `"abc"`, null or an unset variable as the default, all without a word. Build first.
 */
import { useSimulator } from '../../support/simulatorSuite';
import { codeWriters, polling, triggerAccounts } from '../../support/triggerRuns';

const suite = useSimulator({ seed: false });
const newAccount = triggerAccounts(suite, 'overlap-option.example');
const { createCode } = codeWriters(suite);

const lastSeq = () => suite.sim.requestLog.at(-1)?.seq ?? 0;
const requestsSince = (seq: number) => suite.sim.requestLog.filter((entry) => entry.seq > seq);

describe('QRTRAC Trigger: an Overlap Window that is no number', () => {
	it.each([
		['codeChanges', '={{ $vars.OVERLAP ?? "" }}', '""'],
		['codeChanges', '={{ "15s" }}', '"15s"'],
		['codeChanges', '={{ "0x10" }}', '"0x10"'],
		['newScans', '={{ "1e3" }}', '"1e3"'],
		['newScans', '={{ true }}', 'true'],
	])(
		'%s, %s, fails naming the field, before any request',
		async (triggerOn, overlapSeconds, shown) => {
			const account = newAccount();
			const watcher = polling(account.credentials, { triggerOn, options: { overlapSeconds } });
			const before = lastSeq();
			await expect(watcher.poll()).rejects.toMatchObject({
				message: '"Overlap Window (Seconds)" must be a number of seconds',
				description: expect.stringContaining(`It is ${shown}. Give a number from 1 to 3600`),
			});
			expect(requestsSince(before)).toEqual([]);
			expect(watcher.staticData).toEqual({});
		},
	);

	it.each([
		['codeChanges', '={{ null }}'],
		['newScans', '={{ $vars.OVERLAP_UNSET }}'],
	])(
		'%s, %s (an expression giving nothing), fails naming the field, before any request',
		async (triggerOn, overlapSeconds) => {
			const account = newAccount();
			const watcher = polling(account.credentials, { triggerOn, options: { overlapSeconds } });
			const before = lastSeq();
			await expect(watcher.poll()).rejects.toMatchObject({
				message: '"Overlap Window (Seconds)" is an expression that gave no value',
				description: expect.stringContaining('Give a number from 1 to 3600'),
			});
			expect(requestsSince(before)).toEqual([]);
			expect(watcher.staticData).toEqual({});
		},
	);

	it('a number given as text is that many seconds', async () => {
		const account = newAccount();
		const watcher = polling(account.credentials, { options: { overlapSeconds: '={{ "20" }}' } });
		expect(await watcher.poll()).toEqual([]);
		const code = createCode(account.teamId);
		expect((await watcher.poll()).map((change) => change.id)).toEqual([code.id]);
		const cursor = (
			watcher.staticData.codeChanges as { cursor: { floor: number; highWater: number } }
		).cursor;
		expect(cursor.highWater - cursor.floor).toBe(20_000);
	});
});
