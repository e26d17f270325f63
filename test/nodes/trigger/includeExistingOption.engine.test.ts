/**
 * QRTRAC Trigger: Include Existing Codes on First Poll written as an expression. The text "true" or "false" (a
 * sheet's cell, a variable) is that switch, as in the action node; other text, or an expression giving nothing,
 * fails naming the field, before any request. Before: anything but the boolean true was read as off, without a
 * word. Build first.
 */
import { useSimulator } from '../../support/simulatorSuite';
import { codeWriters, polling, triggerAccounts } from '../../support/triggerRuns';

const suite = useSimulator({ seed: false });
const newAccount = triggerAccounts(suite, 'include-existing.example');
const { createCode } = codeWriters(suite);

const lastSeq = () => suite.sim.requestLog.at(-1)?.seq ?? 0;

describe('QRTRAC Trigger: Include Existing Codes on First Poll given as text', () => {
	it('"TRUE" reports the existing codes on the first poll', async () => {
		const account = newAccount();
		const code = createCode(account.teamId);
		const watcher = polling(account.credentials, { options: { includeExisting: '={{ "TRUE" }}' } });
		expect((await watcher.poll()).map((change) => change.id)).toEqual([code.id]);
	});

	it('"yes" fails naming the field, before any request', async () => {
		const account = newAccount();
		const watcher = polling(account.credentials, { options: { includeExisting: '={{ "yes" }}' } });
		const before = lastSeq();
		await expect(watcher.poll()).rejects.toMatchObject({
			message: expect.stringContaining(
				'"Include Existing Codes on First Poll" must be true or false',
			),
		});
		expect(suite.sim.requestLog.filter((entry) => entry.seq > before)).toEqual([]);
		expect(watcher.staticData).toEqual({});
	});

	// before: read as off, without a word, while every other trigger option fails naming itself
	it.each(['={{ null }}', '={{ $vars.INCLUDE_EXISTING_UNSET }}'])(
		'%s (an expression giving nothing) fails naming the field, before any request',
		async (includeExisting) => {
			const account = newAccount();
			createCode(account.teamId);
			const watcher = polling(account.credentials, { options: { includeExisting } });
			const before = lastSeq();
			await expect(watcher.poll()).rejects.toMatchObject({
				message: '"Include Existing Codes on First Poll" is an expression that gave no value',
				description: expect.stringContaining('Turn the switch on or off'),
			});
			expect(suite.sim.requestLog.filter((entry) => entry.seq > before)).toEqual([]);
			expect(watcher.staticData).toEqual({});
		},
	);
});
