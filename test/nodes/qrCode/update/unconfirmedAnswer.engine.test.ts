/**
 * QR Code > Update answered without saying whether it succeeded (a 204, `{}`), or whose retry after a lost answer
 * was refused: the code read by its ID settles it when it shows some changed field new and none old. A read that
 * cannot tell (every changed field left out, masked, or written as before) fails the item at once, so such a PUT
 * is never reported `updated` while QRTRAC still holds the old value.
 */
import { useSimulator } from '../../../support/simulatorSuite';
import { answerPutsWith204 as answerPuts204, putCount, runUpdate } from '../unconfirmedWrites';

const suite = useSimulator();

const update = async (qrCodeId: string, parameters: Record<string, unknown>) =>
	await runUpdate(suite, qrCodeId, parameters);

function newCode() {
	return suite.sim.state.createQr(suite.credentials.teamId!, {
		qrType: 'WEB',
		name: 'Poster',
		qrRedirectUrl: 'https://example.com/x',
		folderId: 'folder-a',
		tags: ['Promo'],
		settings: { passwordEnabled: true, password: 'secret' },
	});
}

const answerPutsWith204 = (id: string, afterWrite = false) => answerPuts204(suite, id, afterWrite);

const puts = () => putCount(suite);
const errorText = (result: Awaited<ReturnType<typeof update>>) =>
	`${result.error?.message} ${String((result.error as { description?: string } | undefined)?.description)}`;
const passwordOf = (id: string) =>
	(suite.sim.state.getQr(id)?.settings as { password?: string } | undefined)?.password;

describe('Update answered 204 without making the change', () => {
	it('a new Folder ID, which a read need not echo, is not reported updated: the item fails', async () => {
		const code = newCode();
		answerPutsWith204(code.id);

		const result = await update(code.id, { updateFields: { folderId: 'folder-b' } });

		// before: `result: "updated"`, changedFields ["folderId"], after one PUT, the folder still folder-a
		expect(suite.sim.state.getQr(code.id)?.folderId).toBe('folder-a');
		expect(result.error?.message).toMatch(/without saying whether it succeeded/);
	});

	it('a new password, which a read may hide, is not reported updated: the item fails', async () => {
		const code = newCode();
		answerPutsWith204(code.id);

		const result = await update(code.id, {
			scanRules: { password: { passwordEnabled: true, password: 'hunter2' } },
		});

		// before: `result: "updated"`, changedFields ["settings.password"], the password still "secret"
		expect(passwordOf(code.id)).toBe('secret');
		expect(result.error?.message).toMatch(/without saying whether it succeeded/);
	});

	it('a new name the read shows unchanged fails too', async () => {
		const code = newCode();
		answerPutsWith204(code.id);

		const result = await update(code.id, { updateFields: { name: 'Renamed' } });

		expect(suite.sim.state.getQr(code.id)?.name).toBe('Poster');
		expect(result.error?.message).toMatch(/without saying whether it succeeded/);
	});
});

describe('Update whose first PUT was lost before the write and whose retry was refused', () => {
	it('a new password: the refusal stands, not "updated"', async () => {
		const code = newCode();
		const path = `/api/qrs-api/${code.id}`;
		suite.sim.faults.add({ kind: 'reset', method: 'PUT', path, count: 1 });
		suite.sim.faults.add({
			...{ kind: 'status', status: 400, message: 'Request could not be processed' },
			...{ method: 'PUT', path, count: 1 },
		});

		const result = await update(code.id, {
			scanRules: { password: { passwordEnabled: true, password: 'hunter2' } },
		});

		// before: `result: "updated"` after the 2 PUTs (a regression of aedd03c; before it the 400 stood)
		expect(passwordOf(code.id)).toBe('secret');
		expect(puts()).toBe(2);
		expect(result.error?.message).toMatch(/could not be processed/i);
	});
});

describe('Update whose first PUT was lost after the write and whose retry was refused', () => {
	it('a new name and Folder ID the read shows: updated, not "the state read is not what was asked"', async () => {
		const code = newCode();
		const path = `/api/qrs-api/${code.id}`;
		suite.sim.faults.add({ kind: 'reset', method: 'PUT', path, count: 1, afterWrite: true });
		suite.sim.faults.add({
			...{ kind: 'status', status: 400, message: 'Request could not be processed' },
			...{ method: 'PUT', path, count: 1 },
		});

		const result = await update(code.id, {
			updateFields: { name: 'Renamed', folderId: 'folder-b' },
		});

		// before: the 400 stood, "the state read afterwards is not what was asked", though the read showed both
		expect(suite.sim.state.getQr(code.id)?.folderId).toBe('folder-b');
		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({
			result: 'updated',
			verifiedAfterUnknownOutcome: true,
		});
	});

	it('a new password the read masks: the refusal stands, saying the read cannot tell', async () => {
		suite.sim.setAnswerModes({ maskedPasswords: true });
		try {
			const code = newCode();
			const path = `/api/qrs-api/${code.id}`;
			suite.sim.faults.add({ kind: 'reset', method: 'PUT', path, count: 1, afterWrite: true });
			suite.sim.faults.add({
				...{ kind: 'status', status: 400, message: 'Request could not be processed' },
				...{ method: 'PUT', path, count: 1 },
			});

			const result = await update(code.id, {
				scanRules: { password: { passwordEnabled: true, password: 'hunter2' } },
			});

			expect(puts()).toBe(2);
			expect(errorText(result)).toMatch(/cannot show whether Password changed/);
			expect(errorText(result)).not.toMatch(/not what was asked/);
		} finally {
			suite.sim.setAnswerModes({});
		}
	});
});

describe('Update answered 204 without making a change the read cannot tell from the old value', () => {
	it.each([
		['a name changed only in case', { name: 'POSTER' }, 'name', 'Poster'],
		['tags changed only in case', { tags: 'promo' }, 'tags', ['Promo']],
	])(
		'%s is not reported updated: the item fails at the first read',
		async (_name, fields, key, old) => {
			const code = newCode();
			answerPutsWith204(code.id);

			const result = await update(code.id, { updateFields: fields });

			// before: `result: "updated"`, `verifiedAfterUnknownOutcome: true`, while QRTRAC still held the old value
			expect(
				(suite.sim.state.getQr(code.id) as Record<string, unknown> | undefined)?.[key],
			).toEqual(old);
			expect(result.error).toBeDefined();
			expect(puts()).toBe(1);
		},
	);
});

describe('Update answered 204 after making the change', () => {
	it('Update verified after a 204 is marked verifiedAfterUnknownOutcome, the PUT sent once', async () => {
		const code = newCode();
		answerPutsWith204(code.id, true);

		const result = await update(code.id, { updateFields: { name: 'Renamed' } });

		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({
			id: code.id,
			name: 'Renamed',
			result: 'updated',
			verifiedAfterUnknownOutcome: true,
		});
		expect(puts()).toBe(1);
	});

	it.each([
		['a new Folder ID', { folderId: 'folder-b' }],
		['a new name and Folder ID', { name: 'Renamed', folderId: 'folder-b' }],
	])('%s the read shows is reported updated, the PUT sent once', async (_name, fields) => {
		const code = newCode();
		answerPutsWith204(code.id, true);

		const result = await update(code.id, { updateFields: fields });

		// before: the PUT sent 6 times, then the item failed, though every read showed folder-b
		expect(suite.sim.state.getQr(code.id)?.folderId).toBe('folder-b');
		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({
			result: 'updated',
			verifiedAfterUnknownOutcome: true,
		});
		expect(puts()).toBe(1);
	});

	it('a new password the read masks fails at the first read, naming the password, the PUT sent once', async () => {
		suite.sim.setAnswerModes({ maskedPasswords: true });
		try {
			const code = newCode();
			answerPutsWith204(code.id, true);

			const result = await update(code.id, {
				scanRules: { password: { passwordEnabled: true, password: 'hunter2' } },
			});

			// before: the PUT sent 6 times, then "without saying whether it succeeded"
			expect(result.error).toBeDefined();
			expect(errorText(result)).toMatch(
				/cannot show whether Password changed .*: check the code in QRTRAC/,
			);
			expect(puts()).toBe(1);
		} finally {
			suite.sim.setAnswerModes({});
		}
	});
});
