/**
 * Lets the last row of an execution wait until every other row has finished, and tells whether any failed.
 * Delete Missing must run exactly once, after all rows, and only when none failed. The executor starts rows in
 * input order, so once the last row runs, every other row has started and will settle: the wait always ends.
 * (When a failure stops the executor before the last row starts, the last row never runs and nothing is deleted.)
 */
export class RowCompletion {
	private othersPending: number;
	private failures = 0;
	private readonly othersSettled: Promise<void>;
	private resolveOthers: () => void = () => undefined;

	constructor(
		readonly lastItemIndex: number,
		rowCount: number,
	) {
		this.othersPending = Math.max(0, rowCount - 1);
		this.othersSettled = new Promise((resolve) => {
			this.resolveOthers = resolve;
		});
		if (this.othersPending === 0) this.resolveOthers();
	}

	/** Runs one row's work, counting it as settled (and failed when it throws). */
	async track<T>(itemIndex: number, task: () => Promise<T>): Promise<T> {
		let succeeded = false;
		try {
			const result = await task();
			succeeded = true;
			return result;
		} finally {
			if (!succeeded) this.failures++;
			if (itemIndex !== this.lastItemIndex && --this.othersPending === 0) this.resolveOthers();
		}
	}

	/** For the last row: resolves once every other row settled, with how many rows failed. */
	async whenOthersSettled(): Promise<{ failures: number }> {
		await this.othersSettled;
		return { failures: this.failures };
	}
}
