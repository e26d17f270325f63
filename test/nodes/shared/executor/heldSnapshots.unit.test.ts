import { HeldSnapshots, type HeldKey } from '../../../../nodes/shared/heldSnapshots';

const key = (teamId: string, over: Partial<HeldKey> = {}): HeldKey => ({
	executionId: 'exec-1',
	baseUrl: 'https://api.qrtrac.com',
	identity: 'client-a 0f0f',
	teamId,
	...over,
});

describe('HeldSnapshots: what a node keeps between its runs in one execution', () => {
	it('serves an entry only to the same execution, Base URL, credential identity and team', () => {
		const held = new HeldSnapshots<string>({ ceiling: 100, maxAgeMs: 60_000 });
		held.set(key('t1'), 'codes of t1', 10, 0);

		expect(held.get(key('t1'), 1_000)).toBe('codes of t1');
		expect(held.get(key('t1', { identity: 'client-b 0f0f' }), 1_000)).toBeUndefined();
		expect(held.get(key('t1', { identity: 'client-a 1e1e' }), 1_000)).toBeUndefined();
		expect(held.get(key('t1', { baseUrl: 'https://other.example' }), 1_000)).toBeUndefined();
		expect(held.get(key('t1', { executionId: 'exec-2' }), 1_000)).toBeUndefined();
		expect(held.get(key('t2'), 1_000)).toBeUndefined();
	});

	it('lets go of every team of one execution, Base URL and identity at once, and of nothing else', () => {
		const held = new HeldSnapshots<string>({ ceiling: 100, maxAgeMs: 60_000 });
		held.set(key('t1'), 'a', 10, 0);
		held.set(key('t2'), 'b', 10, 0);
		held.set(key('t1', { identity: 'client-b 0f0f' }), 'other identity', 10, 0);
		held.set(key('t1', { executionId: 'exec-2' }), 'other execution', 10, 0);

		held.deleteAllTeams({
			executionId: 'exec-1',
			baseUrl: 'https://api.qrtrac.com',
			identity: 'client-a 0f0f',
		});

		expect([held.peek(key('t1')), held.peek(key('t2'))]).toEqual([undefined, undefined]);
		expect(held.peek(key('t1', { identity: 'client-b 0f0f' }))).toBe('other identity');
		expect(held.peek(key('t1', { executionId: 'exec-2' }))).toBe('other execution');
		expect(held.size).toBe(20);
	});

	it('lets an entry go once it is older than the age bound, or when the clock went back', () => {
		const held = new HeldSnapshots<string>({ ceiling: 100, maxAgeMs: 60_000 });
		held.set(key('t1'), 'old', 10, 10_000);
		held.set(key('t2'), 'clock', 10, 10_000);

		expect(held.get(key('t1'), 70_000)).toBe('old');
		expect(held.get(key('t1'), 70_001)).toBeUndefined();
		expect(held.get(key('t2'), 9_999)).toBeUndefined();
		expect(held.size).toBe(0);
	});

	it('peeks at an entry without making it the most recent, and sees none once the ceiling let it go', () => {
		const held = new HeldSnapshots<string>({ ceiling: 100, maxAgeMs: 60_000 });
		held.set(key('t1'), 'one', 40, 0);
		held.set(key('t2'), 'two', 40, 0);
		expect(held.peek(key('t1'))).toBe('one');
		held.set(key('t3'), 'three', 40, 0);

		expect(held.peek(key('t1'))).toBeUndefined();
		expect(held.peek(key('t2'))).toBe('two');
	});

	it('holds at most the ceiling of records: the least recently used teams go first', () => {
		const held = new HeldSnapshots<string>({ ceiling: 100, maxAgeMs: 60_000 });
		held.set(key('t1'), 'one', 40, 0);
		held.set(key('t2'), 'two', 40, 0);
		expect(held.get(key('t1'), 1)).toBe('one');
		held.set(key('t3'), 'three', 40, 0);

		expect(held.get(key('t2'), 1)).toBeUndefined();
		expect(held.get(key('t1'), 1)).toBe('one');
		expect(held.get(key('t3'), 1)).toBe('three');
		expect(held.size).toBe(80);

		held.resize(key('t3'), 70);
		expect(held.get(key('t1'), 1)).toBeUndefined();
		expect(held.size).toBe(70);
	});

	it('does not keep a single team larger than the ceiling', () => {
		const held = new HeldSnapshots<string>({ ceiling: 100, maxAgeMs: 60_000 });
		held.set(key('huge'), 'huge', 101, 0);

		expect(held.get(key('huge'), 1)).toBeUndefined();
		expect(held.size).toBe(0);
	});

	it('holds entries of another kind (`alongside`) under the same ceiling: the least recently used of either goes first', () => {
		const codes = new HeldSnapshots<string>({ ceiling: 100, maxAgeMs: 60_000 });
		const walks = codes.alongside<number>('walk');
		codes.set(key('t1'), 'snapshot of t1', 40, 0);
		walks.set(key('t1'), 1, 40, 0);

		// The same team in both kinds: held twice, counted twice, never served as the other kind.
		expect([codes.get(key('t1'), 1), walks.get(key('t1'), 1)]).toEqual(['snapshot of t1', 1]);
		expect([codes.size, walks.size]).toEqual([80, 80]);

		walks.set(key('t2'), 2, 40, 0);
		expect(codes.peek(key('t1'))).toBeUndefined();
		expect([walks.peek(key('t1')), walks.peek(key('t2'))]).toEqual([1, 2]);
		expect(codes.size).toBe(80);
		expect(() => codes.alongside('')).toThrow('taken');
	});

	it('lets go of the entries of a store that yields before any other, however recent', () => {
		const codes = new HeldSnapshots<string>({ ceiling: 100, maxAgeMs: 60_000 });
		const walks = codes.alongside<number>('walk', { yields: true });
		codes.set(key('t1'), 'snapshot of t1', 60, 0);
		walks.set(key('t1'), 1, 30, 0);

		// a walk that would push the older snapshot out goes itself, with the older walk
		walks.set(key('t2'), 2, 30, 0);
		expect(codes.peek(key('t1'))).toBe('snapshot of t1');
		expect([walks.peek(key('t1')), walks.peek(key('t2'))]).toEqual([undefined, 2]);
		expect(codes.size).toBe(90);

		// a snapshot past the ceiling pushes out walks first, then the least recently used snapshot
		codes.set(key('t3'), 'snapshot of t3', 30, 0);
		expect(walks.peek(key('t2'))).toBeUndefined();
		expect([codes.peek(key('t1')), codes.peek(key('t3'))]).toEqual([
			'snapshot of t1',
			'snapshot of t3',
		]);
		codes.set(key('t4'), 'snapshot of t4', 30, 0);
		expect(codes.peek(key('t1'))).toBeUndefined();
		expect(codes.size).toBe(60);
	});
});
