/**
 * A changes answer may hold one code more than once (a feed of versions, or a capped answer completed from a list
 * that lags) and in any order: the contract promises neither one record per code nor an order. The trigger must
 * apply a code's versions in the order they were made, whatever order they come in (a poll on a fake context).
 */
import { fakePoller } from './fakePoll';
import { fakeQrtrac, type FakeCode, type FakeQrtrac } from './fakeQrtrac';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: async () => await Promise.resolve(),
}));

describe('New Scans, a code whose versions the changes answer gives newest first', () => {
	const now = Date.now();
	const tagged: FakeCode = {
		id: 'qr_a',
		teamId: 'team_1',
		name: 'Spring',
		tags: ['promo'],
		createdAt: now - 100_000,
		updatedAt: now - 100_000,
	};

	it('stops watching a code whose tag was removed after an earlier change', async () => {
		const service: FakeQrtrac = { codes: [tagged], scans: [] };
		const poller = fakePoller(
			{ triggerOn: 'newScans', filters: { tag: 'promo' } },
			fakeQrtrac(service),
		);
		expect(await poller.poll()).toEqual([]);
		const renamed = { ...tagged, name: 'Spring 2', updatedAt: now + 500 };
		const untagged = { ...renamed, tags: [], updatedAt: now + 1_000 };
		service.codes = [untagged];
		service.changes = (fromTime) => [untagged, renamed].filter((code) => code.updatedAt > fromTime);
		service.scans.push({ qrId: 'qr_a', scanTime: now + 2_000, device: 'mobile' });
		expect([...(await poller.poll()), ...(await poller.poll())]).toEqual([]);
	});

	it('watches a code whose tag was added back after it was removed', async () => {
		const service: FakeQrtrac = { codes: [tagged], scans: [] };
		const poller = fakePoller(
			{ triggerOn: 'newScans', filters: { tag: 'promo' } },
			fakeQrtrac(service),
		);
		expect(await poller.poll()).toEqual([]);
		const untagged = { ...tagged, tags: [], updatedAt: now + 500 };
		const retagged = { ...tagged, updatedAt: now + 1_000 };
		service.codes = [retagged];
		service.changes = (fromTime) =>
			[retagged, untagged].filter((code) => code.updatedAt > fromTime);
		service.scans.push({ qrId: 'qr_a', scanTime: now + 2_000, device: 'mobile' });
		const items = [...(await poller.poll()), ...(await poller.poll())];
		expect(items.map((item) => [item.qrId, item.scanTime])).toEqual([['qr_a', now + 2_000]]);
	});
});

describe('Code Changes, a code updated and deleted in one second, the deletion listed first', () => {
	it('reports the update before the deletion, so a workflow ends with the code deleted', async () => {
		const now = Date.now();
		const before: FakeCode = {
			id: 'qr_a',
			teamId: 'team_1',
			name: 'Spring',
			createdAt: now - 100_000,
			updatedAt: now - 100_000,
		};
		const service: FakeQrtrac = { codes: [before], scans: [] };
		const poller = fakePoller({ triggerOn: 'codeChanges' }, fakeQrtrac(service));
		expect(await poller.poll()).toEqual([]);
		const second = Math.ceil(now / 1_000) * 1_000 + 1_000;
		const renamed = { ...before, name: 'Spring 2', updatedAt: second };
		const deleted = { ...renamed, deleted: true };
		service.codes = [deleted];
		service.changes = (fromTime) => [deleted, renamed].filter((code) => code.updatedAt > fromTime);
		const items = [...(await poller.poll()), ...(await poller.poll())];
		expect(items.map((item) => `${String(item.event)} ${String(item.name)}`)).toEqual([
			'updated Spring 2',
			'deleted Spring 2',
		]);
	});
});

describe('Fetch Test Event against a list QRTRAC does not sort as asked', () => {
	it('reads the whole list and samples the newest change, not the first code listed', async () => {
		const now = Date.now();
		const made = (id: string, ago: number): FakeCode => ({
			id,
			teamId: 'team_1',
			name: id,
			createdAt: now - 200_000,
			updatedAt: now - ago,
		});
		const service: FakeQrtrac = {
			codes: [made('qr_old', 100_000), made('qr_new', 1_000), made('qr_mid', 50_000)],
			scans: [],
			unsorted: true,
		};
		const poller = fakePoller({ triggerOn: 'codeChanges' }, fakeQrtrac(service));

		const [sample] = await poller.poll('manual');

		expect(sample?.id).toBe('qr_new');
	});
});
