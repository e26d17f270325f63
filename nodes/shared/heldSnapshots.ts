/**
 * What a node holds of QRTRAC between its runs within one execution (a Loop Over Items around it runs it once
 * per batch): one entry per execution, Base URL, credential identity and team, so that nothing read with one
 * credential or for one execution is served to another. Entries expire after their age bound, and the entries
 * together hold at most `ceiling` records: the least recently used go first. Pure: the caller gives the time;
 * teamReads.ts is how one run of a node uses it. Stores of other kinds of entry (`alongside`) share one budget.
 */

export interface HeldKey {
	executionId: string;
	baseUrl: string;
	/** The credential's identity (connection.ts): the client id and a hash of the secrets, never a secret. */
	identity: string;
	teamId: string;
}

interface Entry {
	value: unknown;
	size: number;
	/** Local time (ms) of the read the entry started from: its age is measured from there. */
	readAtMs: number;
	/** An entry of a store that yields (`alongside`): let go of before any entry of a store that does not. */
	yields: boolean;
}

/** The entries of every kind sharing one budget, and the records they hold together. */
export interface HeldBudget {
	limits: { ceiling: number; maxAgeMs: number };
	/** A Map keeps insertion order: the first entry is the least recently used. */
	entries: Map<string, Entry>;
	held: number;
}

export class HeldSnapshots<T> {
	private readonly budget: HeldBudget;

	constructor(
		limits: { ceiling: number; maxAgeMs: number },
		private readonly kind = '',
		budget?: HeldBudget,
		private readonly yields = false,
	) {
		this.budget = budget ?? { limits, entries: new Map(), held: 0 };
	}

	/**
	 * A store of another kind of entry under this one's ceiling and age bound: the least recently used entry of
	 * either kind goes first, and an entry of one kind is never served as the other. With `yields`, its entries go
	 * before any of the stores that do not yield, so that a helper's reads never push out what they serve.
	 */
	alongside<U>(kind: string, { yields = false }: { yields?: boolean } = {}): HeldSnapshots<U> {
		if (kind === this.kind) throw new Error(`HeldSnapshots: kind "${kind}" is taken`);
		return new HeldSnapshots<U>(this.budget.limits, kind, this.budget, yields);
	}

	/** The entry of this key while it is younger than the age bound; using it makes it the most recent. */
	get(key: HeldKey, nowMs: number): T | undefined {
		this.expire(nowMs);
		const id = this.keyOf(key);
		const entry = this.budget.entries.get(id);
		if (!entry) return undefined;
		this.budget.entries.delete(id);
		this.budget.entries.set(id, entry);
		return entry.value as T;
	}

	/** The entry of this key as it is, without making it the most recent (it may be past its age bound). */
	peek(key: HeldKey): T | undefined {
		return this.budget.entries.get(this.keyOf(key))?.value as T | undefined;
	}

	/** Holds a fresh read (of `size` records), then lets go of the least recently used beyond the ceiling. */
	set(key: HeldKey, value: T, size: number, readAtMs: number): void {
		this.delete(key);
		this.budget.entries.set(this.keyOf(key), { value, size, readAtMs, yields: this.yields });
		this.budget.held += size;
		this.trim();
	}

	/** The entry's new size after records were added or removed in place. */
	resize(key: HeldKey, size: number): void {
		const entry = this.budget.entries.get(this.keyOf(key));
		if (!entry) return;
		this.budget.held += size - entry.size;
		entry.size = size;
		this.trim();
	}

	delete(key: HeldKey): void {
		const id = this.keyOf(key);
		if (this.budget.entries.has(id)) this.drop(id);
	}

	/** Lets go of every team's entry of this execution, Base URL and identity (a change that reaches every team). */
	deleteAllTeams(scope: Omit<HeldKey, 'teamId'>): void {
		const prefix = this.keyOf({ ...scope, teamId: '' }).slice(0, -'""]'.length);
		for (const id of this.budget.entries.keys()) if (id.startsWith(prefix)) this.drop(id);
	}

	/** Records held across all entries of the budget, of every kind. */
	get size(): number {
		return this.budget.held;
	}

	private expire(nowMs: number): void {
		const { maxAgeMs } = this.budget.limits;
		for (const [id, entry] of this.budget.entries)
			if (nowMs - entry.readAtMs > maxAgeMs || nowMs < entry.readAtMs) this.drop(id);
	}

	private trim(): void {
		for (const yielding of [true, false])
			for (const [id, entry] of this.budget.entries) {
				if (this.budget.held <= this.budget.limits.ceiling) return;
				if (entry.yields === yielding) this.drop(id);
			}
	}

	private drop(id: string): void {
		this.budget.held -= this.budget.entries.get(id)?.size ?? 0;
		this.budget.entries.delete(id);
	}

	private keyOf(key: HeldKey): string {
		return JSON.stringify([this.kind, key.executionId, key.baseUrl, key.identity, key.teamId]);
	}
}
