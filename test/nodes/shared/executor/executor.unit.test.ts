/**
 * The executor with a fake context: item operations (order, pairing, concurrency, Continue On Fail, bad input
 * before anything is sent, what a stopped run says), batch operations (rows handed over, outcomes recorded), and
 * the task pool. No sockets, no n8n engine; waits cost nothing.
 */
import { NodeOperationError, type IExecuteFunctions } from 'n8n-workflow';

import {
	executeOperation,
	NotStarted,
	TaskPool,
	type BatchOperation,
	type ItemOperation,
} from '../../../../nodes/shared/executor';
import { fakeContext } from '../../../support/fakeContext';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

function items(count: number) {
	return Array.from({ length: count }, (_, index) => ({ n: index }));
}

/** Item operation that reads `n` and answers after a delay that makes later items finish first. */
function echo(
	options: { failAt?: number; badAt?: number; log?: number[] } = {},
): ItemOperation<number> {
	return {
		parse(this: IExecuteFunctions, itemIndex: number) {
			if (itemIndex === options.badAt)
				throw new NodeOperationError(this.getNode(), `Item ${itemIndex}: "N" is bad`, {
					itemIndex,
				});
			return itemIndex;
		},
		async execute(this: IExecuteFunctions, n: number, itemIndex: number) {
			options.log?.push(n);
			await new Promise((resolve) => setTimeout(resolve, (10 - (n % 10)) * 2));
			if (itemIndex === options.failAt)
				throw new NodeOperationError(this.getNode(), `failed ${n}`, { itemIndex });
			return { n };
		},
	};
}

describe('item operations', () => {
	it('keeps input order and pairs each output with its item, however the answers arrive', async () => {
		const { ctx } = fakeContext({ items: items(25) });
		const output = await executeOperation.call(ctx, echo());
		expect(output.map((item) => item.json.n)).toEqual(items(25).map((item) => item.n));
		expect(output.map((item) => item.pairedItem)).toEqual(
			items(25).map((_, index) => ({ item: index })),
		);
	});

	it('refuses bad input before anything runs when Continue On Fail is off', async () => {
		const log: number[] = [];
		const { ctx } = fakeContext({ items: items(5) });
		await expect(executeOperation.call(ctx, echo({ badAt: 3, log }))).rejects.toThrow(
			'Item 3: "N" is bad',
		);
		expect(log).toEqual([]);
	});

	it('with Continue On Fail, turns bad input and failures into error items in place', async () => {
		const { ctx } = fakeContext({ items: items(5), continueOnFail: true });
		const output = await executeOperation.call(ctx, echo({ badAt: 1, failAt: 3 }));
		expect(output.map((item) => item.json.error ?? item.json.n)).toEqual([
			0,
			'Item 1: "N" is bad',
			2,
			'failed 3',
			4,
		]);
		expect(output.map((item) => item.pairedItem)).toEqual(
			items(5).map((_, index) => ({ item: index })),
		);
	});

	it('names what else happened when a failure stops the run, and says nothing extra for a single item', async () => {
		const { ctx } = fakeContext({ items: items(300), credentials: { plan: 'Business Plus' } });
		const error = await executeOperation.call(ctx, echo({ failAt: 2 })).then(
			() => undefined,
			(caught: NodeOperationError) => caught,
		);
		if (!error) throw new Error('the run did not fail');
		expect(error.message).toBe('failed 2');
		expect(error.description).toContain('Items 0 to 1 completed before it.');
		expect(error.description).toMatch(/The \d+ item\(s\) after them were not started\./);

		const single = fakeContext({ items: items(1) });
		const alone = await executeOperation.call(single.ctx, echo({ failAt: 0 })).then(
			() => undefined,
			(caught: NodeOperationError) => caught,
		);
		if (!alone) throw new Error('the run did not fail');
		expect(alone.message).toBe('failed 0');
		expect(alone.description ?? '').toBe('');
	});
});

describe('batch operations', () => {
	it('hands every parsed row to one run, which records each outcome; output stays in input order', async () => {
		const seen: number[][] = [];
		const batch: BatchOperation<number> = {
			kind: 'batch',
			parse: (itemIndex) => itemIndex * 10,
			async run(rows, results, pool) {
				const all: number[] = [];
				for await (const { input, itemIndex } of rows) {
					all.push(input);
					void pool.run(async () => input).then((value) => results.succeed(itemIndex, { value }));
				}
				seen.push(all);
				await pool.drain();
				results.append(all.length - 1, { summary: all.length });
			},
		};
		const { ctx } = fakeContext({ items: items(4) });

		const output = await executeOperation.call(ctx, batch);

		expect(seen).toEqual([[0, 10, 20, 30]]);
		expect(output.map((item) => [item.json, item.pairedItem])).toEqual([
			[{ value: 0 }, { item: 0 }],
			[{ value: 10 }, { item: 1 }],
			[{ value: 20 }, { item: 2 }],
			[{ value: 30 }, { item: 3 }],
			[{ summary: 4 }, { item: 3 }],
		]);
	});

	it('a stopped run never counts a row it held back (a later row of the same record) as completed', async () => {
		// row 1 repeats row 0's record, so it is held until the pool drains; row 2 fails meanwhile and stops the run
		const batch: BatchOperation<number> = {
			kind: 'batch',
			parse: (itemIndex) => itemIndex,
			async run(rows, results, pool) {
				for await (const { itemIndex } of rows) {
					if (itemIndex === 1) continue;
					void results.settle(
						itemIndex,
						pool.run(async () => {
							await new Promise((resolve) => setTimeout(resolve, itemIndex === 0 ? 20 : 0));
							if (itemIndex === 2) throw new Error('row 2 refused');
							return { done: itemIndex };
						}),
					);
				}
				await pool.drain();
				await results
					.settle(
						1,
						pool.run(async () => ({ done: 1 })),
					)
					.catch(() => undefined);
			},
		};
		const { ctx } = fakeContext({ items: items(4) });

		const error = await executeOperation.call(ctx, batch).then(
			() => undefined,
			(caught: NodeOperationError) => caught,
		);

		if (!error) throw new Error('the run did not fail');
		expect(error.message).toBe('row 2 refused');
		expect(error.description).toContain(
			'Items 0 to 1 completed before it, except item(s) 1, which were not started.',
		);
		expect(error.context.itemsNotStartedBeforeFailure).toEqual([1]);
	});

	it('with Continue On Fail, receives rows while later ones are still read; a row that fails to parse never arrives', async () => {
		const received: number[] = [];
		const batch: BatchOperation<number> = {
			kind: 'batch',
			parse(this: IExecuteFunctions, itemIndex) {
				if (itemIndex === 2) throw new NodeOperationError(this.getNode(), 'bad row', { itemIndex });
				return itemIndex;
			},
			async run(rows, results) {
				for await (const { input, itemIndex } of rows) {
					received.push(input);
					results.succeed(itemIndex, { input });
				}
			},
		};
		const { ctx } = fakeContext({ items: items(4), continueOnFail: true });

		const output = await executeOperation.call(ctx, batch);

		expect(received).toEqual([0, 1, 3]);
		expect(output.map((item) => item.json.input ?? item.json.error)).toEqual([0, 1, 'bad row', 3]);
	});
});

describe('TaskPool', () => {
	it('runs at most `width` tasks at once, in the order handed over, and starts no waiting task after stop()', async () => {
		const pool = new TaskPool(2);
		let running = 0;
		let peak = 0;
		const started: number[] = [];
		const task = (n: number) => async () => {
			started.push(n);
			if (n === 1) pool.stop();
			running++;
			peak = Math.max(peak, running);
			await new Promise((resolve) => setTimeout(resolve, 5));
			running--;
			return n;
		};
		const results = [0, 1, 2, 3].map((n) => pool.run(task(n)).catch((error: unknown) => error));
		await pool.drain();

		expect(peak).toBe(2);
		expect(started).toEqual([0, 1]);
		const settled = await Promise.all(results);
		expect(settled.slice(0, 2)).toEqual([0, 1]);
		expect(settled.slice(2).every((value) => value instanceof NotStarted)).toBe(true);
	});
});
