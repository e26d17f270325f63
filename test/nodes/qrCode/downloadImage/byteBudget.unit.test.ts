import { ByteBudget } from '../../../../nodes/shared/byteBudget';

describe('ByteBudget: bytes held at once across downloads', () => {
	it('grants while there is room, makes the next wait until a release, then serves it', async () => {
		const budget = new ByteBudget(100);
		const first = await budget.reserve(60, new AbortController().signal);
		const second = await budget.reserve(40, new AbortController().signal);
		let thirdGranted = false;
		const third = budget.reserve(30, new AbortController().signal).then((release) => {
			thirdGranted = true;
			return release;
		});
		await Promise.resolve();
		expect([budget.inUse, thirdGranted]).toEqual([100, false]);

		first();
		first();
		const releaseThird = await third;
		expect([budget.inUse, thirdGranted]).toEqual([70, true]);
		second();
		releaseThird();
		expect(budget.inUse).toBe(0);
	});

	it('serves waiters first come, first served (a small one does not overtake a large one)', async () => {
		const budget = new ByteBudget(100);
		const holder = await budget.reserve(90, new AbortController().signal);
		const order: string[] = [];
		const large = budget.reserve(80, new AbortController().signal).then((release) => {
			order.push('large');
			return release;
		});
		const small = budget.reserve(5, new AbortController().signal).then((release) => {
			order.push('small');
			return release;
		});
		await Promise.resolve();
		expect(order).toEqual([]);
		holder();
		(await large)();
		(await small)();
		expect(order).toEqual(['large', 'small']);
	});

	it('gives up when the signal aborts, holding nothing, and lets the next waiter in', async () => {
		const budget = new ByteBudget(100);
		const holder = await budget.reserve(100, new AbortController().signal);
		const impatient = new AbortController();
		const waiting = budget.reserve(50, impatient.signal);
		impatient.abort(new Error('deadline'));
		await expect(waiting).rejects.toThrow('deadline');
		holder();
		expect(budget.inUse).toBe(0);
		const next = await budget.reserve(100, new AbortController().signal);
		expect(budget.inUse).toBe(100);
		next();
	});

	it('refuses more than the whole budget at once', async () => {
		await expect(new ByteBudget(10).reserve(11, new AbortController().signal)).rejects.toThrow(
			RangeError,
		);
	});

	it("counts each holder's bytes while they are held, a waiter's only once granted", async () => {
		const budget = new ByteBudget(100);
		const first = await budget.reserve(30, new AbortController().signal, 'run_1');
		const second = await budget.reserve(50, new AbortController().signal, 'run_1');
		const other = await budget.reserve(20, new AbortController().signal, 'run_2');
		const waiting = budget.reserve(40, new AbortController().signal, 'run_2');
		await Promise.resolve();
		expect([budget.heldBy('run_1'), budget.heldBy('run_2')]).toEqual([80, 20]);

		second();
		second();
		const released = await waiting;
		expect([budget.heldBy('run_1'), budget.heldBy('run_2'), budget.inUse]).toEqual([30, 60, 90]);
		first();
		other();
		released();
		expect([budget.heldBy('run_1'), budget.heldBy('run_2'), budget.inUse]).toEqual([0, 0, 0]);
	});
});
