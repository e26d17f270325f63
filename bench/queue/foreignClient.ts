/**
 * Another tool of the team (a script, another integration): it spends `perSecond` of the team's budget with
 * evenly spaced requests, reads no answer and never retries. Its requests are the simulator's cheapest read
 * (the team's design templates) with the team's credentials.
 */
export interface ForeignClient {
	stop(): Promise<void>;
	sent(): number;
}

export function startForeignClient(
	baseUrl: string,
	headers: Record<string, string>,
	perSecond: number,
): ForeignClient {
	const intervalMs = 1000 / perSecond;
	const startedAt = Date.now();
	let count = 0;
	let stopped = false;
	const inFlight = new Set<Promise<void>>();
	let timer: NodeJS.Timeout | undefined;
	const tick = () => {
		if (stopped) return;
		const request = fetch(`${baseUrl}/api/qr-templates-api`, {
			headers,
			signal: AbortSignal.timeout(30_000),
		})
			.then((response) => response.arrayBuffer())
			.then(
				() => undefined,
				() => undefined,
			);
		inFlight.add(request);
		void request.finally(() => inFlight.delete(request));
		count++;
		// on an absolute schedule, so that late timers do not lower the rate
		timer = setTimeout(tick, Math.max(0, startedAt + count * intervalMs - Date.now()));
	};
	tick();
	return {
		sent: () => count,
		async stop() {
			stopped = true;
			clearTimeout(timer);
			await Promise.all(inFlight);
		},
	};
}
