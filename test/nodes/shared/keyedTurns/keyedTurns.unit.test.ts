import { KeyedTurns } from '../../../../nodes/shared/keyedTurns';
import { TaskPool } from '../../../../nodes/shared/taskPool';

describe('KeyedTurns', () => {
	it('sends the first row of each key at once and holds the later ones', () => {
		const turns = new KeyedTurns<string, Promise<string>>();
		const sent: string[] = [];
		for (const [key, row] of [
			['a', 'a1'],
			['b', 'b1'],
			['a', 'a2'],
		])
			turns.take(key, row, () => {
				sent.push(row);
				return Promise.resolve(row);
			});
		expect(sent).toEqual(['a1', 'b1']);
		expect(turns.holds('a')).toBe(true);
		expect(turns.holds('b')).toBe(false);
	});

	it('sends held rows after the pool drains, in input order, each from what the row before left', async () => {
		const pool = new TaskPool(2);
		const turns = new KeyedTurns<string, Promise<string>>();
		const log: string[] = [];
		const first = pool.run(async () => {
			log.push('first a1 done');
			return 'a1';
		});
		turns.take('a', 'a1', () => first);
		turns.take('a', 'a2', () => Promise.resolve('never'));
		turns.take('a', 'a3', () => Promise.resolve('never'));
		await turns.sendHeld(pool, async (row, before) => {
			const previous = await before;
			log.push(`${row} after ${previous}`);
			return row;
		});
		expect(log).toEqual(['first a1 done', 'a2 after a1', 'a3 after a2']);
	});

	it('keeps what `leave` replaced for a key with no held rows', async () => {
		const pool = new TaskPool(1);
		const turns = new KeyedTurns<string, string>();
		turns.take('a', 'a1', () => 'big record');
		turns.leave('a', 'id only');
		turns.take('a', 'a2', () => 'unused');
		const seen: string[] = [];
		await turns.sendHeld(pool, (row, before) => {
			seen.push(`${row} from ${before}`);
			return row;
		});
		expect(seen).toEqual(['a2 from id only']);
	});
});
