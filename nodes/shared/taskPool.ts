/** A task that was never started because the run stopped at a failure. */
export class NotStarted extends Error {}

/**
 * Runs tasks at most `width` at a time, in the order they were handed over. After `stop()` no waiting task
 * starts (each rejects with NotStarted). `drain()` resolves when every task handed over has settled.
 */
export class TaskPool {
	private active = 0;
	private stopped = false;
	private readonly waiting: Array<() => void> = [];
	/** Tasks handed over and not settled yet, and who waits for that number to reach 0. */
	private unsettled = 0;
	private readonly drained: Array<() => void> = [];

	constructor(private readonly width: number) {}

	run<T>(task: () => Promise<T>): Promise<T> {
		const promise = new Promise<T>((resolve, reject) => {
			const start = () => {
				if (this.stopped) {
					reject(new NotStarted());
					this.startNext();
					return;
				}
				this.active++;
				task()
					.then(resolve, reject)
					.finally(() => {
						this.active--;
						this.startNext();
					});
			};
			if (this.active < this.width && this.waiting.length === 0) start();
			else this.waiting.push(start);
		});
		this.unsettled++;
		const settled = () => {
			if (--this.unsettled === 0) for (const resolve of this.drained.splice(0)) resolve();
		};
		promise.then(settled, settled);
		return promise;
	}

	stop(): void {
		this.stopped = true;
	}

	/** Whether a task is running or waiting to start. */
	get busy(): boolean {
		return this.active > 0 || this.waiting.length > 0;
	}

	/** Tasks handed over that have not started yet. */
	get waitingCount(): number {
		return this.waiting.length;
	}

	/** Resolves once every task handed over has settled (tasks handed over meanwhile included). */
	async drain(): Promise<void> {
		if (this.unsettled === 0) return;
		await new Promise<void>((resolve) => this.drained.push(resolve));
	}

	private startNext(): void {
		if (this.active < this.width) this.waiting.shift()?.();
	}
}

/**
 * Every task's result in order, like Promise.all, but a failure (the first in the tasks' order) is thrown only once
 * every task has settled: a walk that fails leaves none of its requests under way, waiting for slots or sending,
 * after the item has failed. The one owner of that rule: the page walks, the team reads and the scan walks use it.
 */
export async function allSettledFirst<T>(tasks: ReadonlyArray<Promise<T>>): Promise<T[]> {
	const settled = await Promise.allSettled(tasks);
	const failed = settled.find((outcome) => outcome.status === 'rejected');
	if (failed) throw failed.reason;
	return settled.map((outcome) => (outcome as PromiseFulfilledResult<T>).value);
}

/**
 * Runs `work` on every part, at most `width` at a time (a TaskPool), started in the parts' order. After a
 * failure no part starts and the running ones stop at their next step (`stopped`); the failure is thrown once
 * every part has settled (`allSettledFirst`), so no request of the walk is still under way when it ends.
 */
export async function eachAtOnce<T>(
	parts: readonly T[],
	width: number,
	work: (part: T, stopped: () => boolean) => Promise<void>,
): Promise<void> {
	const pool = new TaskPool(Math.max(1, Math.floor(width)));
	let failed = false;
	const stopped = () => failed;
	// Parts start in order, so those a failure left unstarted (NotStarted) come after it: the first failure in
	// the parts' order, the one thrown, is a part's own.
	await allSettledFirst(
		parts.map(
			async (part) =>
				await pool.run(async () => {
					let done = false;
					try {
						await work(part, stopped);
						done = true;
					} finally {
						if (!done) {
							failed = true;
							pool.stop();
						}
					}
				}),
		),
	);
}
