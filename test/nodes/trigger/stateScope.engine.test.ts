/**
 * What a trigger's saved state is kept for: the organization and service it was read from, and the mode it was
 * read in. A credential switched to another organization, or Trigger On switched away and back, starts over from
 * now rather than resuming a cursor built elsewhere or weeks ago. Build first (`npm run build`).
 */
import { useSimulator } from '../../support/simulatorSuite';
import { codeWriters, polling, triggerAccounts } from '../../support/triggerRuns';

const suite = useSimulator({ seed: false });

const newAccount = triggerAccounts(suite, 'state-scope.example');
const { createCode } = codeWriters(suite);

describe('QRTRAC Trigger: what the saved state is kept for', () => {
	it('starts All Teams over from now when the credential is switched to another organization', async () => {
		const first = newAccount();
		const second = newAccount();
		const watcher = polling(first.credentials, { scope: 'all' });
		await watcher.poll();
		createCode(second.teamId, { name: 'Made before the switch' });

		const switched = polling(second.credentials, { scope: 'all' });
		switched.staticData = watcher.staticData;
		expect(await switched.poll()).toEqual([]);
		const after = createCode(second.teamId, { name: 'Made after the switch' });
		expect((await switched.poll()).map((event) => event.id)).toEqual([after.id]);
	});

	it('starts Code Changes over from now when Trigger On comes back to it from New Scans', async () => {
		const account = newAccount();
		const parameters: Record<string, unknown> = { triggerOn: 'codeChanges' };
		const watcher = polling(account.credentials, parameters);
		await watcher.poll();

		parameters.triggerOn = 'newScans';
		await watcher.poll();
		createCode(account.teamId, { name: 'Made while New Scans was on' });
		await watcher.poll();

		parameters.triggerOn = 'codeChanges';
		expect(await watcher.poll()).toEqual([]);
		const after = createCode(account.teamId, { name: 'Made after the switch back' });
		expect((await watcher.poll()).map((event) => event.id)).toEqual([after.id]);
	});

	it('starts New Scans over from now when Trigger On comes back to it from Code Changes', async () => {
		const account = newAccount();
		const code = createCode(account.teamId, { name: 'Scanned' });
		const parameters: Record<string, unknown> = { triggerOn: 'newScans' };
		const watcher = polling(account.credentials, parameters);
		await watcher.poll();

		parameters.triggerOn = 'codeChanges';
		await watcher.poll();
		suite.sim.state.addScan(code.id, { city: 'While Code Changes was on' });
		await watcher.poll();

		parameters.triggerOn = 'newScans';
		expect(await watcher.poll()).toEqual([]);
		suite.sim.state.addScan(code.id, { city: 'After the switch back' });
		expect((await watcher.poll()).map((event) => event.city)).toEqual(['After the switch back']);
	});

	it('resumes a state saved by an earlier version, which holds both modes and no service', async () => {
		const account = newAccount();
		const watcher = polling(account.credentials, { triggerOn: 'codeChanges' });
		await watcher.poll();
		const saved = JSON.parse(JSON.stringify(watcher.staticData)) as Record<string, unknown>;
		const codeChanges = saved.codeChanges as Record<string, unknown>;
		delete codeChanges.service;
		watcher.staticData = {
			codeChanges,
			newScans: { scope: `team:${account.teamId}`, leftFromAnother: 'mode' },
		};

		const during = createCode(account.teamId, { name: 'Made across the upgrade' });
		expect((await watcher.poll()).map((event) => event.id)).toEqual([during.id]);
		expect(Object.keys(watcher.staticData)).toEqual(['codeChanges']);
	});
});

describe.each([
	['a trailing slash', (url: string) => `${url}/`],
	['the scheme in capitals', (url: string) => url.replace(/^http:/, 'HTTP:')],
])('QRTRAC Trigger: the Base URL re-typed with %s, the same service', (_name, respell) => {
	it.each(['team', 'all'])(
		'resumes Code Changes (%s) with the change made meanwhile',
		async (scope) => {
			const account = newAccount();
			const watcher = polling(account.credentials, { scope });
			expect(await watcher.poll()).toEqual([]);
			const during = createCode(account.teamId, { name: 'Made while the credential was edited' });

			const edited = polling(
				{ ...account.credentials, baseUrl: respell(account.credentials.baseUrl) },
				{ scope },
			);
			edited.staticData = watcher.staticData;
			expect((await edited.poll()).map((event) => event.id)).toEqual([during.id]);
		},
	);

	it('resumes New Scans with the scan made meanwhile', async () => {
		const account = newAccount();
		const code = createCode(account.teamId, { name: 'Scanned' });
		const watcher = polling(account.credentials, { triggerOn: 'newScans' });
		expect(await watcher.poll()).toEqual([]);
		suite.sim.state.addScan(code.id, { city: 'While the credential was edited' });

		const edited = polling(
			{ ...account.credentials, baseUrl: respell(account.credentials.baseUrl) },
			{ triggerOn: 'newScans' },
		);
		edited.staticData = watcher.staticData;
		expect((await edited.poll()).map((scan) => scan.city)).toEqual([
			'While the credential was edited',
		]);
	});
});

it('QRTRAC Trigger: resumes a state saved with the Base URL as typed (scheme in capitals) once spelt one way', async () => {
	const account = newAccount();
	const watcher = polling(account.credentials, { scope: 'all' });
	await watcher.poll();
	const saved = watcher.staticData.codeChanges as Record<string, unknown>;
	expect(saved.service).toMatch(/^http:\/\//);
	// how a version before the Base URL was spelt one way saved it: the text as typed
	saved.service = String(saved.service).replace(/^http:/, 'HTTP:');
	const during = createCode(account.teamId, { name: 'Made across the upgrade' });
	expect((await watcher.poll()).map((event) => event.id)).toEqual([during.id]);
});
