/** Plans and their published limits (openapi.json `x-rate-limits`). */
export type PlanName = 'Business Plus' | 'Legendary' | 'Agency' | 'Premium' | 'Enterprise';
export type SimplePlanName = 'Pro' | 'Agency';

export const REQUESTS_PER_SECOND: Readonly<Record<PlanName, number>> = {
	'Business Plus': 5,
	Legendary: 20,
	Agency: 50,
	Premium: 100,
	Enterprise: 200,
};

export const SIMPLE_REQUESTS_PER_MINUTE: Readonly<Record<SimplePlanName, number>> = {
	Pro: 60,
	Agency: 300,
};

/** A plan name resolves to its published rate; a number is a custom rate. */
export function requestsPerSecond(plan: PlanName | number): number {
	return typeof plan === 'number' ? plan : REQUESTS_PER_SECOND[plan];
}

export function simpleRequestsPerMinute(plan: SimplePlanName | number): number {
	return typeof plan === 'number' ? plan : SIMPLE_REQUESTS_PER_MINUTE[plan];
}

/** Which plan each key (team id or API key) is on: one default for all, overridable per key. */
export class PlanBook<P> {
	private readonly overrides = new Map<string, P>();

	constructor(private fallback: P) {}

	/** With a key: that key only. Without: every key, earlier per-key choices dropped. */
	set(plan: P, key?: string): void {
		if (key === undefined) {
			this.fallback = plan;
			this.overrides.clear();
		} else {
			this.overrides.set(key, plan);
		}
	}

	get(key: string): P {
		return this.overrides.get(key) ?? this.fallback;
	}
}
