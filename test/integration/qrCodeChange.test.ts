/**
 * QR Code > Delete, Duplicate, Update Tags and Update Title through n8n's engine against the simulator.
 */
import { startSimulator, type Simulator } from '../../simulator';
import { validateRequest } from '../support/contract';
import { runNode, type HarnessCredentials } from '../support/n8nHarness';

let sim: Simulator;
let credentials: HarnessCredentials;

beforeAll(async () => {
	sim = await startSimulator({ plan: 'Enterprise' });
	credentials = { baseUrl: sim.url, ...sim.credentials, plan: 'Enterprise' };
});

afterAll(async () => {
	await sim.close();
});

beforeEach(() => sim.clearRequestLog());

async function run(operation: string, parameters: Record<string, unknown>, options: { items?: Array<Record<string, unknown>>; continueOnFail?: boolean } = {}) {
	return await runNode({ nodeType: 'qrtrac', credentials, parameters: { resource: 'qrCode', operation, ...parameters }, ...options });
}

const byId = (id: string) => ({ __rl: true, mode: 'id', value: id });

function newCode(fields: Record<string, unknown> = {}) {
	return sim.state.createQr(credentials.teamId!, { qrType: 'WEB', qrRedirectUrl: 'https://example.com/c', ...fields });
}

function expectRequestsFollowContract(): void {
	expect(sim.requestLog.length).toBeGreaterThan(0);
	for (const entry of sim.requestLog) {
		expect({ request: `${entry.method} ${entry.rawPath}`, violations: validateRequest(entry) }).toEqual({
			request: `${entry.method} ${entry.rawPath}`,
			violations: [],
		});
	}
}

describe('Delete', () => {
	it('soft-deletes: answers {deleted, id}; the code stays visible to Get Updated Since as deleted', async () => {
		const code = newCode({ name: 'To delete' });

		const result = await run('delete', { qrCodeId: byId(code.id) });

		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json)).toEqual([{ deleted: true, id: code.id }]);
		expect(sim.state.getQr(code.id)).toMatchObject({ deleted: true, name: 'To delete' });
		expect(sim.state.listQrs(credentials.teamId!).some((qr) => qr.id === code.id)).toBe(false);
		expectRequestsFollowContract();

		const since = await run('getUpdatedSince', { since: code.createdAt - 1, includeDeleted: true });
		expect(since.items.find((item) => item.json.id === code.id)?.json.deleted).toBe(true);
	});

	it('with Continue On Fail, reports an already deleted code as an error item and deletes the rest', async () => {
		const first = newCode();
		const gone = newCode();
		sim.state.getQr(gone.id)!.deleted = true;
		const third = newCode();

		const result = await run(
			'delete',
			{ qrCodeId: { __rl: true, mode: 'id', value: '={{ $json.id }}' } },
			{ continueOnFail: true, items: [{ id: first.id }, { id: gone.id }, { id: third.id }] },
		);

		expect(result.items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(result.items[0].json).toEqual({ deleted: true, id: first.id });
		expect(result.items[1].json).toMatchObject({ error: `QR code not found: ${gone.id}`, httpCode: '400' });
		expect(result.items[2].json).toEqual({ deleted: true, id: third.id });
		expect(sim.state.getQr(third.id)?.deleted).toBe(true);
	});
});

describe('Duplicate', () => {
	it('answers the copy: a new ID and Display ID, the same content', async () => {
		const code = newCode({ name: 'Original', tags: ['x'], metadata: { note: 'kept' } });

		const result = await run('duplicate', { qrCodeId: byId(code.id), simplify: false });

		expect(result.error).toBeUndefined();
		const copy = result.items[0].json;
		expect(copy.id).not.toBe(code.id);
		expect(copy.displayId).not.toBe(code.displayId);
		expect(copy).toMatchObject({ name: 'Original', tags: ['x'], metadata: { note: 'kept' }, qrRedirectUrl: code.qrRedirectUrl });
		expect(sim.state.getQr(String(copy.id))).toMatchObject({ teamId: credentials.teamId, name: 'Original' });
		expect(sim.requestLog[0]).toMatchObject({ method: 'POST', status: 201 });
		expectRequestsFollowContract();
	});
});

describe('Update Tags', () => {
	it('replaces the tags', async () => {
		const code = newCode({ tags: ['old', 'stale'] });

		const result = await run('updateTags', { qrCodeId: byId(code.id), mode: 'replace', tags: 'fresh, new' });

		expect(result.items[0].json.tags).toEqual(['fresh', 'new']);
		expect(sim.state.getQr(code.id)?.tags).toEqual(['fresh', 'new']);
		expect(sim.requestLog.map((entry) => [entry.method, entry.body])).toEqual([['PUT', { tags: ['fresh', 'new'] }]]);
		expectRequestsFollowContract();
	});

	it('adds tags to the ones the code has, once each', async () => {
		const code = newCode({ tags: ['keep', 'both'] });

		await run('updateTags', { qrCodeId: byId(code.id), mode: 'add', tags: 'both, extra' });

		expect(sim.state.getQr(code.id)?.tags).toEqual(['keep', 'both', 'extra']);
		expect(sim.requestLog.map((entry) => entry.method)).toEqual(['GET', 'PUT']);
		expectRequestsFollowContract();
	});

	it('removes the given tags and keeps the others', async () => {
		const code = newCode({ tags: ['a', 'b', 'c'] });

		await run('updateTags', { qrCodeId: byId(code.id), mode: 'remove', tags: '={{ ["b", "missing"] }}' });

		expect(sim.state.getQr(code.id)?.tags).toEqual(['a', 'c']);
		expectRequestsFollowContract();
	});

	it('clears every tag with Replace and no tags', async () => {
		const code = newCode({ tags: ['a'] });

		await run('updateTags', { qrCodeId: byId(code.id), mode: 'replace', tags: '' });

		expect(sim.state.getQr(code.id)?.tags).toEqual([]);
		expectRequestsFollowContract();
	});
});

describe('Update Title', () => {
	it('renames the code', async () => {
		const code = newCode({ name: 'Old name' });

		const result = await run('updateTitle', { qrCodeId: byId(code.id), title: '  Summer campaign ' });

		expect(result.items[0].json).toMatchObject({ id: code.id, name: 'Summer campaign' });
		expect(sim.state.getQr(code.id)?.name).toBe('Summer campaign');
		expect(sim.requestLog.map((entry) => [entry.method, entry.body])).toEqual([['PATCH', { title: 'Summer campaign' }]]);
		expectRequestsFollowContract();
	});
});
