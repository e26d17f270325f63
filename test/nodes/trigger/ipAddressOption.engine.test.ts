/**
 * QRTRAC Trigger: New Scans' IP Address option written as an expression. A value that is none of Hash, Keep and
 * Remove fails naming the field, before any request, as the Scan operations refuse it: taken silently for the
 * version's default it kept the visitor's address on nodes saved as version 1, and hashed an address the user
 * meant to remove. So does one that gives nothing (null, an unset variable), and an IP Hash Key that is no text,
 * as in the Scan operations. Build first.
 */
import { pollTrigger } from '../../support/n8nHarness';
import { useSimulator } from '../../support/simulatorSuite';
import { codeWriters, polling, triggerAccounts } from '../../support/triggerRuns';

const suite = useSimulator({ seed: false });
const newAccount = triggerAccounts(suite, 'ip-address-option.example');
const { createCode } = codeWriters(suite);

const lastSeq = () => suite.sim.requestLog.at(-1)?.seq ?? 0;
const requestsSince = (seq: number) => suite.sim.requestLog.filter((entry) => entry.seq > seq);

describe('QRTRAC Trigger: New Scans with an IP Address none of Hash, Keep and Remove', () => {
	it.each([
		[1, '={{ "Remove" }}', '"Remove" (the case counts: "remove")'],
		[1, '={{ "hashed" }}', '"hashed"'],
		[1.1, '={{ "Remove" }}', '"Remove" (the case counts: "remove")'],
		[1.1, '={{ $vars.IP_ADDRESS ?? "" }}', '""'],
	])(
		'version %s, %s, fails naming the field, poll and test event, before any request',
		async (typeVersion, ipAddress, given) => {
			const account = newAccount();
			const code = createCode(account.teamId);
			suite.sim.state.addScan(code.id, { ipAddress: '203.0.113.7' });
			const parameters = { triggerOn: 'newScans', options: { ipAddress } };
			const before = lastSeq();
			for (const mode of ['trigger', 'manual'] as const) {
				const poll = pollTrigger({
					parameters,
					typeVersion,
					credentials: account.credentials,
					staticData: {},
					mode,
				});
				await expect(poll).rejects.toMatchObject({
					message: `"IP Address" must be one of "hash", "keep", "remove", not ${given}`,
					description: expect.stringMatching(
						/^It is "(Remove|hashed|)"\. Choose Hash, Keep or Remove/,
					),
				});
			}
			expect(requestsSince(before)).toEqual([]);
		},
	);

	it.each([
		[1, '={{ null }}'],
		[1, '={{ $vars.IP_ADDRESS_UNSET }}'],
		[1, '={{ undefined }}'],
		[1.1, '={{ $vars.IP_ADDRESS_UNSET }}'],
	])(
		'version %s, %s (an expression giving nothing), fails naming the field, before any request',
		async (typeVersion, ipAddress) => {
			const account = newAccount();
			const code = createCode(account.teamId);
			suite.sim.state.addScan(code.id, { ipAddress: '203.0.113.7' });
			const before = lastSeq();
			for (const mode of ['trigger', 'manual'] as const) {
				const poll = pollTrigger({
					parameters: { triggerOn: 'newScans', options: { ipAddress } },
					typeVersion,
					credentials: account.credentials,
					staticData: {},
					mode,
				});
				await expect(poll).rejects.toMatchObject({
					message: '"IP Address" is an expression that gave no value',
					description: expect.stringContaining('Choose Hash, Keep or Remove'),
				});
			}
			expect(requestsSince(before)).toEqual([]);
		},
	);

	it('an IP Hash Key that is no text (an expression giving 12345) fails naming the field, as in the Scan operations', async () => {
		const account = newAccount();
		const code = createCode(account.teamId);
		suite.sim.state.addScan(code.id, { ipAddress: '203.0.113.5' });
		const before = lastSeq();
		const poll = pollTrigger({
			parameters: {
				triggerOn: 'newScans',
				options: { ipAddress: 'hash', ipHashKey: '={{ 12345 }}' },
			},
			typeVersion: 1.1,
			credentials: account.credentials,
			staticData: {},
			mode: 'manual',
		});
		await expect(poll).rejects.toMatchObject({
			message: '"IP Hash Key" must be text',
			description: expect.stringMatching(/^It is 12345\. Write the text/),
		});
		expect(requestsSince(before)).toEqual([]);
	});

	it('an expression giving "remove" removes the address; Code Changes ignores the option', async () => {
		const account = newAccount();
		const code = createCode(account.teamId);
		suite.sim.state.addScan(code.id, { ipAddress: '203.0.113.7' });
		const scans = polling(account.credentials, {
			triggerOn: 'newScans',
			options: { ipAddress: '={{ "remove" }}' },
		});
		const [scan] = await scans.poll('manual');
		expect(scan.qrId).toBe(code.id);
		expect(scan).not.toHaveProperty('ipAddress');

		const changes = polling(account.credentials, { options: { ipAddress: '={{ "Remove" }}' } });
		expect(await changes.poll()).toEqual([]);
	});
});
