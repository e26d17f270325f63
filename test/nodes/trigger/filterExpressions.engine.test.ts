/**
 * QRTRAC Trigger: filters written as expressions. One that reads something (`$vars`) and gives no value fails naming
 * the field, before any request, instead of letting every code through; an empty field (no expression, `=` alone,
 * or an expression of a literal empty value such as the `{{ [] }}` n8n's editor saves) is no filter. Build first.
 */
import { useSimulator } from '../../support/simulatorSuite';
import { codeWriters, polling, triggerAccounts } from '../../support/triggerRuns';

const suite = useSimulator({ seed: false });
const newAccount = triggerAccounts(suite, 'filter-expressions.example');
const { createCode } = codeWriters(suite);

const lastSeq = () => suite.sim.requestLog.at(-1)?.seq ?? 0;
const requestsSince = (seq: number) => suite.sim.requestLog.filter((entry) => entry.seq > seq);

describe('QRTRAC Trigger: filters written as expressions that read something and give no value', () => {
	it.each([
		['QR Types', { qrTypes: '={{ $vars.TYPES }}' }],
		['QR Types', { qrTypes: '={{ $vars.TYPES ?? null }}' }],
		['QR Types', { qrTypes: '={{ $vars.TYPES ?? [] }}' }],
		// an empty variable split: a list of one blank entry, no type
		['QR Types', { qrTypes: '={{ ($vars.TYPES ?? "").split(",") }}' }],
		['QR Types', { qrTypes: '={{ [$vars.TYPE ?? "  "] }}' }],
		['Tag', { tag: '={{ $vars.TAG }}' }],
		['Tag', { tag: '={{ $vars.TAG ?? null }}' }],
		['Tag', { tag: '={{ $vars.TAG ?? "" }}' }],
		['Name or Display ID Contains', { search: '={{ ($vars.SEARCH ?? "") + "  " }}' }],
	])(
		'%s %j fails naming the field, poll and test event, before any request',
		async (label, filters) => {
			const account = newAccount();
			const watcher = polling(account.credentials, { filters });
			const before = lastSeq();
			const message = `"${label}" is an expression that gave no value`;
			await expect(watcher.poll()).rejects.toThrow(message);
			await expect(watcher.poll('manual')).rejects.toMatchObject({ message });
			expect(requestsSince(before)).toEqual([]);
		},
	);

	it('a Tag expression giving true is refused as no text, not taken as the tag "true"', async () => {
		const account = newAccount();
		const watcher = polling(account.credentials, { filters: { tag: '={{ true }}' } });
		await expect(watcher.poll()).rejects.toThrow('"Tag" must be text');
	});

	it.each([
		[
			{ tag: '={{ NaN }}' },
			'"Tag" got NaN, a number no sheet shows (parseInt of an empty cell, or Number of text that is no number?): give text or a number',
			'It is NaN.',
		],
		[
			{ search: '={{ 0.1 + 0.2 }}' },
			'"Name or Display ID Contains" got a number past 15 significant digits (0.30000000000000004), not what the sheet shows: round it or give it as text',
			'It is 0.30000000000000004.',
		],
	])(
		'a number no sheet shows in a text filter, %j, is refused saying why, with the hint of text',
		async (filters, message, given) => {
			const account = newAccount();
			const watcher = polling(account.credentials, { filters });
			const before = lastSeq();
			const failed = await watcher.poll().then(
				() => undefined,
				(error: Error & { description?: string }) => error,
			);
			expect(failed?.message).toBe(message);
			expect(failed?.description).toBe(
				`${given} Write the text, or an expression giving text. Nothing was read from QRTRAC.`,
			);
			expect(requestsSince(before)).toEqual([]);
		},
	);

	it('a number no sheet shows in QR Types is refused by its entry, saying why, with the hint of a list and no number', async () => {
		const account = newAccount();
		const watcher = polling(account.credentials, { filters: { qrTypes: '={{ ["WEB", NaN] }}' } });
		const before = lastSeq();
		const failed = await watcher.poll().then(
			() => undefined,
			(error: Error & { description?: string }) => error,
		);
		expect(failed?.message).toBe(
			'"QR Types" entry 2 got NaN, a number no sheet shows (parseInt of an empty cell, or Number of text that is no number?): give text',
		);
		expect(failed?.description).toBe(
			'Entry 2 is NaN. Choose the values in the field, or write an expression giving a list, for example {{ ["WEB", "PDF"] }}. Nothing was read from QRTRAC.',
		);
		expect(requestsSince(before)).toEqual([]);
	});

	it('a QR Types entry an expression gave nothing for is told as no text by its entry, not as the field missing', async () => {
		const account = newAccount();
		const watcher = polling(account.credentials, {
			filters: { qrTypes: '={{ ["WEB", $vars.NOPE] }}' },
		});
		const before = lastSeq();
		await expect(watcher.poll()).rejects.toThrow('"QR Types" entry 2 must be text');
		expect(requestsSince(before)).toEqual([]);
	});

	it('a QR Types entry of another kind (true) names its entry in the message, as the description does', async () => {
		const account = newAccount();
		const watcher = polling(account.credentials, { filters: { qrTypes: '={{ ["WEB", true] }}' } });
		const failed = await watcher.poll().then(
			() => undefined,
			(error: Error & { description?: string }) => error,
		);
		expect(failed?.message).toBe('"QR Types" entry 2 must be text');
		expect(failed?.description).toMatch(/^Entry 2 is true\. Choose the values in the field/);
	});

	it.each(['[2026]', '["WEB", 7]'])(
		'a number a sheet shows in QR Types (%s) is refused by its entry, poll and test event, never watched as a type',
		async (list) => {
			const account = newAccount();
			const watcher = polling(account.credentials, { filters: { qrTypes: `={{ ${list} }}` } });
			const before = lastSeq();
			const entry = list === '[2026]' ? 1 : 2;
			const message = `"QR Types" entry ${entry} must be text`;
			const failed = await watcher.poll().then(
				() => undefined,
				(error: Error & { description?: string }) => error,
			);
			expect(failed?.message).toBe(message);
			expect(failed?.description).toMatch(
				new RegExp(`^Entry ${entry} is \\d+\\. Choose the values`),
			);
			await expect(watcher.poll('manual')).rejects.toMatchObject({ message });
			expect(requestsSince(before)).toEqual([]);
		},
	);

	it.each([
		['["Website"]', 'entry 1', '"WEB"', '"Website"'],
		['["WEB", "Image Gallery"]', 'entry 2', '"IMAGE_GALLERY"', '"Image Gallery"'],
	])(
		"a QR Types entry that is the form's name of a type (%s) is refused by its entry naming the type, never polling nothing",
		async (list, entry, meant, shown) => {
			const account = newAccount();
			const watcher = polling(account.credentials, {
				filters: { qrTypes: `={{ ${list} }}` },
				options: { includeExisting: true },
			});
			createCode(account.teamId);
			const before = lastSeq();
			const failed = await watcher.poll().then(
				() => undefined,
				(error: Error & { description?: string }) => error,
			);
			expect(failed?.message).toBe(
				`"QR Types" ${entry} is the form's name of a type, not the type: give ${meant}, not ${shown}`,
			);
			expect(failed?.description).toMatch(/^Entry \d is "[\w ]+"\. Choose the values in the field/);
			expect(requestsSince(before)).toEqual([]);
		},
	);

	it('a QR Types entry in another case is that type, as before (`["web"]` watches WEB codes)', async () => {
		const account = newAccount();
		const watcher = polling(account.credentials, {
			filters: { qrTypes: '={{ ["web"] }}' },
			options: { includeExisting: true },
		});
		const code = createCode(account.teamId, { qrType: 'WEB' });
		expect((await watcher.poll()).map((event) => event.id)).toEqual([code.id]);
	});

	it('a long value cut in the error ends its sentence with the cut, never "...."', async () => {
		const account = newAccount();
		const watcher = polling(account.credentials, {
			filters: { tag: `={{ ["${'x'.repeat(200)}"] }}` },
		});
		const failed = await watcher.poll().then(
			() => undefined,
			(error: Error & { description?: string }) => error,
		);
		expect(failed?.message).toBe('"Tag" must be text');
		expect(failed?.description).toMatch(/^It is \["x+\.\.\. Write the text/);
	});

	it('empty fields without an expression filter nothing: every code comes', async () => {
		const account = newAccount();
		const watcher = polling(account.credentials, {
			filters: { qrTypes: [], tag: '', search: '=' },
		});
		expect(await watcher.poll()).toEqual([]);
		const code = createCode(account.teamId, { name: 'Any type' });
		expect((await watcher.poll()).map((event) => event.id)).toEqual([code.id]);
	});
});

describe('QRTRAC Trigger: filters written as an expression of a literal empty value', () => {
	it('an empty QR Types switched to Expression in the editor (saved as `={{ [] }}`) filters nothing, poll and test event', async () => {
		const account = newAccount();
		const watcher = polling(account.credentials, { filters: { qrTypes: '={{ [] }}' } });
		expect(await watcher.poll()).toEqual([]);
		const code = createCode(account.teamId, { name: 'Any type' });
		expect((await watcher.poll()).map((event) => event.id)).toEqual([code.id]);
		expect((await watcher.poll('manual')).length).toBeGreaterThan(0);
	});

	it('`{{ "" }}`, `{{ null }}`, `{{ undefined }}`, any spacing, filter nothing: every code comes', async () => {
		const account = newAccount();
		const watcher = polling(account.credentials, {
			filters: { qrTypes: '={{null}}', tag: "= {{ '' }} ", search: '={{ undefined }}' },
		});
		expect(await watcher.poll()).toEqual([]);
		const code = createCode(account.teamId, { name: 'Any type' });
		expect((await watcher.poll()).map((event) => event.id)).toEqual([code.id]);
	});
});
