/**
 * A zero time (`"updatedAt": 0`) is a language's default for a number never set (Go, protobuf): the contract's
 * integer allows it, and no code changed in 1970. It is read as the field left out, as null is: the code's last
 * change is its creation. Before, every New Scans poll failed on such a code, and Code Changes too.
 */
import { answering, runAction } from '../../support/actionRequests';
import { fakePoller } from './fakePoll';
import { fakeQrtrac, type FakeQrtrac } from './fakeQrtrac';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: async () => await Promise.resolve(),
}));

const now = Date.now();
const neverChanged = {
	id: 'qr_a',
	teamId: 'team_1',
	name: 'Spring',
	createdAt: now - 100_000,
	updatedAt: 0,
};

it('New Scans watches a code whose updatedAt is 0 and reports its scans', async () => {
	const service: FakeQrtrac = { codes: [neverChanged], scans: [] };
	const poller = fakePoller({ triggerOn: 'newScans' }, fakeQrtrac(service));

	expect(await poller.poll()).toEqual([]);
	service.scans.push({ qrId: 'qr_a', scanTime: now + 2_000, device: 'mobile' });
	const items = [...(await poller.poll()), ...(await poller.poll())];

	expect(items.map((item) => [item.qrId, item.scanTime])).toEqual([['qr_a', now + 2_000]]);
});

it('Code Changes reports a code created since, whose updatedAt is 0, as created', async () => {
	const service: FakeQrtrac = { codes: [], scans: [] };
	const poller = fakePoller({ triggerOn: 'codeChanges' }, fakeQrtrac(service));
	expect(await poller.poll()).toEqual([]);
	const created = { ...neverChanged, createdAt: Date.now() + 1_000 };
	service.codes = [created];
	service.changes = () => [created];

	const items = [...(await poller.poll()), ...(await poller.poll())];

	expect(items.map((item) => `${String(item.event)} ${String(item.id)}`)).toEqual(['created qr_a']);
});

it('Get Updated Since gives a code created since, whose updatedAt is 0', async () => {
	const since = now - 200_000;
	const run = await runAction(
		'qrCode',
		'getUpdatedSince',
		{ since, scope: 'team', simplify: false },
		answering({
			[`GET /api/qrs-api/teams/fromTime/${since}`]: {
				status: 200,
				body: { success: true, data: [neverChanged] },
			},
		}),
	);

	expect(run.error).toBeUndefined();
	expect(run.output?.[0].map(({ json }) => [json.id, json.createdAt])).toEqual([
		['qr_a', now - 100_000],
	]);
});
