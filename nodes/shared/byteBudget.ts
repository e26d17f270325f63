/**
 * A process-wide allowance of bytes held at once (image downloads in memory). A holder reserves its whole
 * amount before reading anything, so no two holders can each hold part and wait for the other: waiting never
 * deadlocks. Waiters are served first come, first served; a waiter gives up when its signal aborts.
 */
export class ByteBudget {
	private used = 0;
	private readonly waiting: Array<{ bytes: number; grant: () => void }> = [];

	constructor(readonly total: number) {}

	/** Bytes reserved now. */
	get inUse(): number {
		return this.used;
	}

	/**
	 * Reserves `bytes` (at most `total`), waiting for room until `signal` aborts (then it rejects with the
	 * signal's reason). Resolves to the release, which may be called more than once.
	 */
	async reserve(bytes: number, signal: AbortSignal): Promise<() => void> {
		if (bytes > this.total)
			throw new RangeError(`${bytes} bytes exceed the budget of ${this.total}`);
		if (this.waiting.length > 0 || this.used + bytes > this.total) {
			await new Promise<void>((resolve, reject) => {
				const waiter = {
					bytes,
					grant: () => {
						signal.removeEventListener('abort', giveUp);
						resolve();
					},
				};
				const giveUp = () => {
					const index = this.waiting.indexOf(waiter);
					if (index >= 0) this.waiting.splice(index, 1);
					this.serveWaiting();
					reject(signal.reason);
				};
				if (signal.aborted) return reject(signal.reason);
				signal.addEventListener('abort', giveUp, { once: true });
				this.waiting.push(waiter);
			});
		} else {
			this.used += bytes;
		}
		let released = false;
		return () => {
			if (released) return;
			released = true;
			this.used -= bytes;
			this.serveWaiting();
		};
	}

	private serveWaiting(): void {
		while (this.waiting.length > 0 && this.used + this.waiting[0].bytes <= this.total) {
			const next = this.waiting.shift()!;
			this.used += next.bytes;
			next.grant();
		}
	}
}
