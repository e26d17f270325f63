/**
 * Create or Update whose update is answered 204 (no body) after QRTRAC made it: the code read by its ID settles
 * the row (records/qrCodeChange.ts holdsChange), as it does for QR Code > Update.
 */
import { runNode } from '../../../support/n8nHarness';
import { useSimulator } from '../../../support/simulatorSuite';
import { answerPutsWith204, putCount } from '../unconfirmedWrites';

const suite = useSimulator();

function newCode() {
	return suite.sim.state.createQr(suite.credentials.teamId!, {
		qrType: 'WEB',
		name: 'Poster',
		qrRedirectUrl: 'https://example.com/x',
		folderId: 'folder-a',
	});
}

const answerPutsWith204AfterWrite = (id: string) => answerPutsWith204(suite, id, true);

async function lookUpEachRow(row: Record<string, unknown>, items?: Array<{ row: number }>) {
	return await runNode({
		nodeType: 'qrtrac',
		credentials: suite.credentials,
		parameters: {
			...{ resource: 'qrCode', operation: 'createOrUpdate', mode: 'lookUpEachRow', qrType: 'WEB' },
			qrRedirectUrl: 'https://example.com/x',
			...row,
		},
		items,
	});
}

const puts = () => putCount(suite);

describe('Create or Update: an update answered 204 after QRTRAC made it', () => {
	it('a row giving a new Folder ID the read shows is updated, the PUT sent once', async () => {
		const code = newCode();
		answerPutsWith204AfterWrite(code.id);

		const result = await lookUpEachRow({
			...{ displayId: code.displayId, name: 'Poster' },
			additionalFields: { folderId: 'folder-b' },
		});

		// before: the PUT sent 6 times, then the row failed, though every read showed folder-b
		expect(suite.sim.state.getQr(code.id)?.folderId).toBe('folder-b');
		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({
			result: 'updated',
			verifiedAfterUnknownOutcome: true,
		});
		expect(puts()).toBe(1);
	});

	it('a second identical row after it is unchanged, without the first row verifiedAfterUnknownOutcome mark', async () => {
		const code = newCode();
		answerPutsWith204AfterWrite(code.id);

		const result = await lookUpEachRow({ displayId: code.displayId, name: 'Renamed' }, [
			{ row: 1 },
			{ row: 2 },
		]);

		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({
			result: 'updated',
			verifiedAfterUnknownOutcome: true,
		});
		// before: the second row carried `verifiedAfterUnknownOutcome: true`, though nothing was sent for it
		expect(result.items[1].json.result).toBe('unchanged');
		expect(result.items[1].json.verifiedAfterUnknownOutcome).toBeUndefined();
		expect(puts()).toBe(1);
	});
});
