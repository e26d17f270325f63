/**
 * QR Code > Update answered without saying whether it succeeded (a 204, `{}`), or whose retry after a lost answer
 * was refused: the code read by its ID settles it only when it shows every field the change changes. A field the
 * read need not echo (`folderId`, `settings.password`) or leaves out cannot tell, so such a PUT is never reported
 * `updated` while QRTRAC still holds the old value.
 */
import { runNode } from '../../../support/n8nHarness';
import { useSimulator } from '../../../support/simulatorSuite';

const suite = useSimulator();

async function update(qrCodeId: string, parameters: Record<string, unknown>) {
	return await runNode({
		nodeType: 'qrtrac',
		credentials: suite.credentials,
		parameters: {
			resource: 'qrCode',
			operation: 'update',
			qrCodeId: { __rl: true, mode: 'id', value: qrCodeId },
			...parameters,
		},
	});
}

function newCode() {
	return suite.sim.state.createQr(suite.credentials.teamId!, {
		qrType: 'WEB',
		name: 'Poster',
		qrRedirectUrl: 'https://example.com/x',
		folderId: 'folder-a',
		settings: { passwordEnabled: true, password: 'secret' },
	});
}

/** Every PUT of the code answered 204 with no body; `afterWrite`: the change made first. */
function answerPutsWith204(id: string, afterWrite = false): void {
	suite.sim.faults.add({
		kind: 'status',
		status: 204,
		body: '',
		method: 'PUT',
		path: `/api/qrs-api/${id}`,
		afterWrite,
	});
}

const puts = () => suite.sim.requestLog.filter((entry) => entry.method === 'PUT').length;
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
});
