/**
 * Code Changes events carry a code's times as the action node's outputs do (records/simplify.ts `withTimesInMs`):
 * epoch ms whatever unit QRTRAC wrote, with ISO twins; a time QRTRAC left out is `null`, its twin too.
 */
import { fakePoller } from './fakePoll';
import { fakeQrtrac, type FakeCode, type FakeQrtrac } from './fakeQrtrac';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: async () => await Promise.resolve(),
}));

async function eventOf(code: (nowSeconds: number) => FakeCode) {
	const service: FakeQrtrac = { codes: [], scans: [] };
	const poller = fakePoller({ triggerOn: 'codeChanges' }, fakeQrtrac(service));
	expect(await poller.poll()).toEqual([]);
	const changed = code(Math.floor(Date.now() / 1000) + 1);
	service.codes = [changed];
	service.changes = () => [changed];
	const items = [...(await poller.poll()), ...(await poller.poll())];
	expect(items).toHaveLength(1);
	return items[0];
}

it('gives times written in epoch seconds in epoch ms, with matching twins', async () => {
	let seconds = 0;
	const event = await eventOf((now) => {
		seconds = now;
		return { id: 'qr_a', teamId: 'team_1', createdAt: now, updatedAt: now };
	});

	expect(event).toMatchObject({
		event: 'created',
		createdAt: seconds * 1000,
		createdAtIso: new Date(seconds * 1000).toISOString(),
		updatedAt: seconds * 1000,
		updatedAtIso: new Date(seconds * 1000).toISOString(),
	});
});

it('gives a createdAt QRTRAC left out as null, its twin too', async () => {
	const event = await eventOf((now) => ({ id: 'qr_a', teamId: 'team_1', updatedAt: now * 1000 }));

	expect(event).toMatchObject({ createdAt: null, createdAtIso: null });
	expect(typeof event.updatedAt).toBe('number');
});
