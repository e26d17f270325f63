/**
 * A process-wide allowance of bytes held at once (image downloads in memory). A holder reserves its whole
 * amount before reading anything, so no two holders can each hold part and wait for the other: waiting never
 * deadlocks. Waiters are served first come, first served; a waiter gives up when its signal aborts.
 */
export class ByteBudget {
	private used = 0;
	private readonly waiting: Array<{ bytes: number; grant: () => void }> = [];
	private readonly byHolder = new Map<string, number>();

	constructor(readonly total: number) {}

	/** Bytes reserved now. */
	get inUse(): number {
		return this.used;
	}

	/** Bytes reserved now under `holder` (what `reserve` was told): whose reservations a failed wait met. */
	heldBy(holder: string): number {
		return this.byHolder.get(holder) ?? 0;
	}

	/**
	 * Reserves `bytes` (at most `total`), waiting for room until `signal` aborts (then it rejects with the
	 * signal's reason). Resolves to the release, which may be called more than once. `holder` tags the bytes
	 * for `heldBy`.
	 */
	async reserve(bytes: number, signal: AbortSignal, holder?: string): Promise<() => void> {
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
		if (holder !== undefined) this.byHolder.set(holder, this.heldBy(holder) + bytes);
		let released = false;
		return () => {
			if (released) return;
			released = true;
			this.used -= bytes;
			if (holder !== undefined) {
				const left = this.heldBy(holder) - bytes;
				if (left > 0) this.byHolder.set(holder, left);
				else this.byHolder.delete(holder);
			}
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
