import { createPrng } from './random';

/**
 * Injected failures, matched by method and path. Kinds:
 * - `status`: answer `status` (default 500) with `{success:false,message}`, or with `body` as plain text or HTML
 *   (a proxy's or a rate-limit middleware's page), and a `Retry-After` when `retryAfterSeconds` is set, a
 *   `Location` when `location` is (a redirect);
 * - `reset`: destroy the socket without an answer;
 * - `stall`: answer normally after `delayMs`, or never when `delayMs` is absent;
 * - `malformedJson`: 200 with a truncated JSON body;
 * - `softError`: 200 with `{success:false,message}`;
 * - `rateLimit`: a 429 as if the limit were reached (counts against nothing).
 * `afterWrite` runs the operation first (state changes are kept) and then acts out the fault, like a failure
 * after commit; malformedJson then truncates the real answer. A forced 429 never runs the operation.
 */
export type FaultKind = 'status' | 'reset' | 'stall' | 'malformedJson' | 'softError' | 'rateLimit';

export interface FaultRule {
	kind: FaultKind;
	/** HTTP method to match (any when absent). */
	method?: string;
	/** Prefix of the decoded request path, e.g. '/api/qrs-api' (any when absent). */
	path?: string;
	/** Pattern the decoded request path must match (any when absent). */
	pathPattern?: RegExp | string;
	/** Let this many matching requests through before the rule starts firing. */
	skip?: number;
	/** Fire at most this many times (unbounded when absent). */
	count?: number;
	/** Fire only within this many ms of the first time it fired: a penalty the service keeps for that long. */
	forMs?: number;
	/** Chance to fire per matching request, drawn from a PRNG seeded with `seed` (default 1). */
	probability?: number;
	seed?: number;
	/** For kind `status`: the status code (default 500). */
	status?: number;
	/** For `status`: this text instead of the JSON envelope, sent as `contentType` (default `text/html`). */
	body?: string;
	contentType?: string;
	/** For `status`: a `Retry-After` header of this many seconds. */
	retryAfterSeconds?: number;
	/** For `status`: a `Location` header (a 303 See Other to the record a POST made, with `afterWrite`). */
	location?: string;
	/** For `status`/`softError`: the message. */
	message?: string;
	/** For `stall`: answer after this many ms; never when absent. */
	delayMs?: number;
	afterWrite?: boolean;
}

export interface ActiveFault {
	id: string;
	rule: FaultRule;
	/** Matching requests seen and times fired. */
	seen: number;
	fired: number;
}

export interface FaultInjector {
	/** Adds a rule; returns its id. Rules are tried in the order they were added; the first that fires wins. */
	add(rule: FaultRule): string;
	remove(id: string): boolean;
	clear(): void;
	list(): ActiveFault[];
	/** The rule that fires for this request, if any (updates the rule's counters). */
	match(method: string, path: string): ActiveFault | undefined;
}

function matches(rule: FaultRule, method: string, path: string): boolean {
	if (rule.method && rule.method.toUpperCase() !== method.toUpperCase()) return false;
	if (rule.path && !path.startsWith(rule.path)) return false;
	if (rule.pathPattern !== undefined && !new RegExp(rule.pathPattern).test(path)) return false;
	return true;
}

export function createFaultInjector(): FaultInjector {
	let faults: Array<ActiveFault & { random: () => number; firstFiredAt?: number }> = [];
	let nextId = 1;
	return {
		add(rule) {
			const id = `fault-${nextId++}`;
			faults.push({ id, rule: { ...rule }, seen: 0, fired: 0, random: createPrng(rule.seed ?? 1) });
			return id;
		},
		remove(id) {
			const before = faults.length;
			faults = faults.filter((fault) => fault.id !== id);
			return faults.length !== before;
		},
		clear() {
			faults = [];
		},
		list() {
			return faults.map(({ id, rule, seen, fired }) => ({ id, rule, seen, fired }));
		},
		match(method, path) {
			for (const fault of faults) {
				const { rule } = fault;
				if (!matches(rule, method, path)) continue;
				if (rule.count !== undefined && fault.fired >= rule.count) continue;
				const over =
					fault.firstFiredAt !== undefined &&
					Date.now() - fault.firstFiredAt > (rule.forMs ?? Infinity);
				if (over) continue;
				fault.seen += 1;
				if (fault.seen <= (rule.skip ?? 0)) continue;
				if (rule.probability !== undefined && fault.random() >= rule.probability) continue;
				fault.fired += 1;
				fault.firstFiredAt ??= Date.now();
				return { id: fault.id, rule, seen: fault.seen, fired: fault.fired };
			}
			return undefined;
		},
	};
}
