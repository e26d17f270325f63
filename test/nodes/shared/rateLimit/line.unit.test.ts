/** The line of requests waiting for a slot: first come, first served; told when to ask again. */
import { askInLine, leaveLine, napMs } from '../../../../nodes/shared/rateLimit/line';

const NOW_MS = Date.UTC(2027, 0, 15, 8, 0, 0, 377);

describe('the line', () => {
	it('serves first come first: asking again keeps a place, it does not jump the line', () => {
		let line = askInLine([], 1, NOW_MS, 1000).line;
		line = askInLine(line, 2, NOW_MS, 1000).line;
		const third = askInLine(line, 3, NOW_MS, 1000);
		expect(third.place).toBe(2);
		const again = askInLine(third.line, 3, NOW_MS + 40, 1000);
		expect(again.place).toBe(2);
		expect(askInLine(again.line, 1, NOW_MS + 40, 1000).place).toBe(0);
	});

	it('drops a request that stopped asking, so that it cannot hold up the line', () => {
		const line = askInLine([], 1, NOW_MS, 1000).line;
		expect(askInLine(line, 2, NOW_MS + 2200, 1000).place).toBe(1);
		expect(askInLine(line, 2, NOW_MS + 2300, 1000).place).toBe(0);
	});

	it('lets a request leave (it failed before its slot), and those behind move up', () => {
		const line = askInLine(askInLine([], 1, NOW_MS, 1000).line, 2, NOW_MS, 1000).line;
		expect(askInLine(leaveLine(line, 1), 2, NOW_MS, 1000).place).toBe(0);
	});
});

describe('when to ask again', () => {
	it('when its place comes within reach: one interval per request ahead of it', () => {
		expect(napMs(0, NOW_MS + 40, 100, NOW_MS, 1000)).toBe(40);
		expect(napMs(2, NOW_MS + 40, 100, NOW_MS, 1000)).toBe(240);
	});

	it('never later than a quarter window, and at least a millisecond on', () => {
		expect(napMs(20, NOW_MS + 40, 100, NOW_MS, 1000)).toBe(250);
		expect(napMs(0, NOW_MS - 10, 100, NOW_MS, 1000)).toBe(1);
	});

	it('soon while the first answer is awaited (no slot can be given yet)', () => {
		expect(napMs(0, undefined, 100, NOW_MS, 1000)).toBe(20);
	});
});
