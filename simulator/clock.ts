/**
 * The simulator's notion of "now" for records (createdAt, updatedAt, scan days). Real time by default;
 * `set` freezes it at a moment, `advance` moves it (frozen or not), `useRealTime` goes back to the wall clock.
 * Rate-limit windows never use it: they follow the wall clock, as the service's do.
 */
export interface SimulatorClock {
	now(): number;
	set(ms: number): void;
	advance(ms: number): void;
	useRealTime(): void;
}

export function createClock(): SimulatorClock {
	let frozenAt: number | undefined;
	let offset = 0;
	return {
		now: () => frozenAt ?? Date.now() + offset,
		set(ms) {
			frozenAt = ms;
		},
		advance(ms) {
			if (frozenAt === undefined) offset += ms;
			else frozenAt += ms;
		},
		useRealTime() {
			frozenAt = undefined;
			offset = 0;
		},
	};
}
