import type { TaskPool } from './taskPool';

/**
 * Rows of the same key in input order, without a chain of promises: the first row of each key is sent as it is
 * read; later rows of a key are held until every task in the pool has settled, then sent one after another, each
 * from what the row before it left. Keys never wait for each other.
 */
export class KeyedTurns<Row, Left> {
	private readonly left = new Map<string, Left>();
	private readonly held = new Map<string, Row[]>();

	/** Sends the row now when it is the first of its key (`send` answers what it leaves), else holds it. */
	take(key: string, row: Row, send: () => Left): void {
		if (!this.left.has(key)) {
			this.left.set(key, send());
			return;
		}
		const group = this.held.get(key);
		if (group) group.push(row);
		else this.held.set(key, [row]);
	}

	/** Whether later rows of the key are held (what its first row left is still needed). */
	holds(key: string): boolean {
		return this.held.has(key);
	}

	/** Replaces what the key's last row left (e.g. with something smaller once no row waits for it). */
	leave(key: string, left: Left): void {
		this.left.set(key, left);
	}

	/** After the first rows: the held rows of each key in input order, each sent from what the one before left. */
	async sendHeld(pool: TaskPool, send: (row: Row, before: Left) => Left): Promise<void> {
		await pool.drain();
		await Promise.all(
			[...this.held].map(async ([key, group]) => {
				for (const row of group) {
					const sent = send(row, this.left.get(key)!);
					this.left.set(key, sent);
					await sent;
				}
			}),
		);
	}
}
