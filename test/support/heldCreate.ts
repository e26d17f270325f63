/**
 * A create held in the simulator so a test can act as another writer while it waits: the next POST of a code is
 * answered 300 ms late, and `sent()` resolves once it has reached the simulator (after at most 3 s, else fails).
 */
import type { Simulator } from '../../simulator';

export function holdNextCreate(sim: Simulator): { sent(): Promise<void> } {
	sim.faults.add({ kind: 'stall', method: 'POST', path: '/api/qrs-api', delayMs: 300, count: 1 });
	return {
		async sent() {
			for (let attempt = 0; attempt < 300; attempt++) {
				if (sim.requestLog.some((entry) => entry.method === 'POST')) return;
				await new Promise((resolve) => setTimeout(resolve, 10));
			}
			throw new Error('holdNextCreate: no create reached the simulator within 3 s');
		},
	};
}
