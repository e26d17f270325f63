/**
 * A changes answer may give a deleted code without the time of its change (`updatedAt` null, 0 or left out): the
 * contract requires no field of a code. The service listed it for the poll's `fromTime`, so it changed after it,
 * whenever the code was created. Code Changes reports such a deletion once, the first poll that lists it, and
 * remembers it while QRTRAC lists it. Before, one created before the poll's window was skipped, silently.
 */
import type { INode } from 'n8n-workflow';

import { MAX_UNDATED, takeUndated } from '../../../nodes/QrtracTrigger/undatedDeletions';
import { fakePoller } from './fakePoll';
import { fakeQrtrac, type FakeCode, type FakeQrtrac } from './fakeQrtrac';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: async () => await Promise.resolve(),
}));

const now = Date.now();
const made: FakeCode = {
	id: 'qr_a',
	teamId: 'team_1',
	name: 'Spring',
	createdAt: now - 86_400_000,
	updatedAt: now - 86_400_000,
};

/** The deletion as the answer gives it: `updatedAt` as given, or left out. */
function deletion(updatedAt: null | 0 | 'absent'): Record<string, unknown> {
	const rest = Object.fromEntries(Object.entries(made).filter(([key]) => key !== 'updatedAt'));
	return updatedAt === 'absent'
		? { ...rest, deleted: true }
		: { ...rest, deleted: true, updatedAt };
}

const events = (items: Array<Record<string, unknown>>) =>
	items.map((item) => `${String(item.event)} ${String(item.id)}`);

describe.each([
	['One Team', 'team'],
	['All Teams', 'all'],
])('Code Changes of %s, a code created before the window and deleted', (_label, scope) => {
	it.each([null, 0, 'absent'] as const)(
		'with updatedAt %p is reported deleted once, however many polls list it',
		async (updatedAt) => {
			const service: FakeQrtrac = { codes: [made], scans: [], changes: () => [] };
			const poller = fakePoller({ triggerOn: 'codeChanges', scope }, fakeQrtrac(service));
			expect(await poller.poll()).toEqual([]);
			service.changes = () => [deletion(updatedAt)];

			const items = [...(await poller.poll()), ...(await poller.poll()), ...(await poller.poll())];

			expect(events(items)).toEqual(['deleted qr_a']);
			// no time of the deletion: null, as every time QRTRAC left out (README), never the creation's
			expect(items[0]).toMatchObject({ updatedAt: null, updatedAtIso: null });
		},
	);
});

describe('Code Changes, a deletion answered without its time', () => {
	it('is not reported when the first poll already lists it, as other changes before activation', async () => {
		const service: FakeQrtrac = { codes: [made], scans: [], changes: () => [deletion(null)] };
		const poller = fakePoller({ triggerOn: 'codeChanges' }, fakeQrtrac(service));

		expect([...(await poller.poll()), ...(await poller.poll())]).toEqual([]);
	});

	it('is reported by a first poll with Include Existing Codes', async () => {
		const service: FakeQrtrac = { codes: [made], scans: [], changes: () => [deletion(null)] };
		const poller = fakePoller(
			{ triggerOn: 'codeChanges', options: { includeExisting: true } },
			fakeQrtrac(service),
		);

		expect(events([...(await poller.poll()), ...(await poller.poll())])).toEqual(['deleted qr_a']);
	});

	it('comes after an update of the code the same answer gives with its time', async () => {
		const service: FakeQrtrac = { codes: [made], scans: [], changes: () => [] };
		const poller = fakePoller({ triggerOn: 'codeChanges' }, fakeQrtrac(service));
		expect(await poller.poll()).toEqual([]);
		const renamed = { ...made, name: 'Spring 2', updatedAt: Date.now() };
		service.changes = () => [deletion(null), renamed];

		const items = [...(await poller.poll()), ...(await poller.poll())];

		expect(events(items)).toEqual(['updated qr_a', 'deleted qr_a']);
	});

	it('is remembered only while QRTRAC lists it', async () => {
		const service: FakeQrtrac = { codes: [made], scans: [], changes: () => [] };
		const poller = fakePoller({ triggerOn: 'codeChanges' }, fakeQrtrac(service));
		await poller.poll();
		service.changes = () => [deletion(null)];
		expect(events(await poller.poll())).toEqual(['deleted qr_a']);
		expect(JSON.stringify(poller.staticData)).toContain('qr_a');

		service.changes = () => [];
		expect(await poller.poll()).toEqual([]);

		expect(JSON.stringify(poller.staticData)).not.toContain('qr_a');
	});

	it('is still remembered after an answer that looks capped and leaves it out', async () => {
		const service: FakeQrtrac = { codes: [made], scans: [], changes: () => [] };
		const poller = fakePoller({ triggerOn: 'codeChanges' }, fakeQrtrac(service));
		await poller.poll();
		service.changes = () => [deletion(null)];
		expect(events(await poller.poll())).toEqual(['deleted qr_a']);
		const others = Array.from({ length: 10 }, (_, index) => ({
			...made,
			id: `qr_other_${index}`,
			updatedAt: Date.now() - index,
		}));
		service.codes = [...others];
		service.changes = () => others;
		expect(events(await poller.poll())).toHaveLength(10);

		service.changes = () => [deletion(null)];

		expect(await poller.poll()).toEqual([]);
	});

	it('is not reported again by a poll after one that stored its deletion at its creation', async () => {
		const created = { ...made, createdAt: Date.now(), updatedAt: Date.now() };
		const service: FakeQrtrac = { codes: [], scans: [], changes: () => [] };
		const poller = fakePoller({ triggerOn: 'codeChanges' }, fakeQrtrac(service));
		await poller.poll();
		const deleted = { ...created, deleted: true, updatedAt: null };
		service.changes = () => [deleted];
		expect(events(await poller.poll())).toEqual(['deleted qr_a']);
		// as an earlier version stored it: the deletion in `seen` at the code's creation, nothing else
		const state = poller.staticData.codeChanges as Record<string, unknown>;
		delete state.undated;
		const seen = (state.cursor as { seen: Record<string, string[]> }).seen;
		(seen[String(created.createdAt)] ??= []).push('qr_a deleted');

		expect(await poller.poll()).toEqual([]);
	});

	it("is not read or remembered by Fetch Test Event, which leaves the trigger's state as it was", async () => {
		const service: FakeQrtrac = { codes: [made], scans: [], changes: () => [] };
		const poller = fakePoller({ triggerOn: 'codeChanges' }, fakeQrtrac(service));
		await poller.poll();
		service.changes = () => [deletion(null)];
		const before = JSON.stringify(poller.staticData);

		await poller.poll('manual').catch(() => []);

		expect(JSON.stringify(poller.staticData)).toBe(before);
		expect(events(await poller.poll())).toEqual(['deleted qr_a']);
	});
});

describe('the IDs remembered, bounded', () => {
	const node = { name: 'QRTRAC Trigger' } as INode;
	const ids = (count: number, prefix: string) =>
		Array.from({ length: count }, (_, index) => `${prefix}${index}`);
	const deleted = (id: string) => ({ id, deleted: true });
	const never = () => false;

	it('forget first those an answer that may be cut did not list', () => {
		const remembered = ids(MAX_UNDATED, 'qr_old_');
		const listed = ['qr_old_5', 'qr_new'];

		const outcome = takeUndated(
			node,
			listed.map(deleted),
			{ ids: listed, whole: false },
			{
				remembered,
				handled: never,
			},
		);

		expect(outcome.fresh.map((record) => record.id)).toEqual(['qr_new']);
		expect(outcome.remembered).toHaveLength(MAX_UNDATED);
		expect(outcome.remembered).not.toContain('qr_old_0');
		expect(outcome.remembered).toEqual(expect.arrayContaining(listed));
	});

	it('fail the poll, naming the operation, when one answer lists more than can be remembered', () => {
		const listed = ids(MAX_UNDATED + 1, 'qr_');

		expect(() =>
			takeUndated(
				node,
				listed.map(deleted),
				{ ids: listed, whole: true },
				{
					remembered: [],
					handled: never,
				},
			),
		).toThrow(
			`Get QR Codes Updated Since listed ${MAX_UNDATED + 1} deleted codes without the time of their deletion`,
		);
	});
});
