/**
 * What a node holds of QRTRAC between its runs within one execution (a Loop Over Items around it runs it once
 * per batch): one entry per execution, Base URL, credential identity and team, so that nothing read with one
 * credential or for one execution is served to another. Entries expire after their age bound, and the entries
 * together hold at most `ceiling` records: the least recently used go first. Pure: the caller gives the time;
 * teamReads.ts is how one run of a node uses it.
 */

export interface HeldKey {
	executionId: string;
	baseUrl: string;
	/** The credential's identity (connection.ts): the client id and a hash of the secrets, never a secret. */
	identity: string;
	teamId: string;
}

interface Entry<T> {
	value: T;
	size: number;
	/** Local time (ms) of the read the entry started from: its age is measured from there. */
	readAtMs: number;
}

export class HeldSnapshots<T> {
	/** A Map keeps insertion order: the first entry is the least recently used. */
	private readonly entries = new Map<string, Entry<T>>();
	private held = 0;

	constructor(private readonly limits: { ceiling: number; maxAgeMs: number }) {}

	/** The entry of this key while it is younger than the age bound; using it makes it the most recent. */
	get(key: HeldKey, nowMs: number): T | undefined {
		this.expire(nowMs);
		const id = keyOf(key);
		const entry = this.entries.get(id);
		if (!entry) return undefined;
		this.entries.delete(id);
		this.entries.set(id, entry);
		return entry.value;
	}

	/** The entry of this key as it is, without making it the most recent (it may be past its age bound). */
	peek(key: HeldKey): T | undefined {
		return this.entries.get(keyOf(key))?.value;
	}

	/** Holds a fresh read (of `size` records), then lets go of the least recently used beyond the ceiling. */
	set(key: HeldKey, value: T, size: number, readAtMs: number): void {
		this.delete(key);
		this.entries.set(keyOf(key), { value, size, readAtMs });
		this.held += size;
		this.trim();
	}

	/** The entry's new size after records were added or removed in place. */
	resize(key: HeldKey, size: number): void {
		const entry = this.entries.get(keyOf(key));
		if (!entry) return;
		this.held += size - entry.size;
		entry.size = size;
		this.trim();
	}

	delete(key: HeldKey): void {
		const id = keyOf(key);
		const entry = this.entries.get(id);
		if (!entry) return;
		this.held -= entry.size;
		this.entries.delete(id);
	}

	/** Lets go of every team's entry of this execution, Base URL and identity (a change that reaches every team). */
	deleteAllTeams(scope: Omit<HeldKey, 'teamId'>): void {
		const prefix = keyOf({ ...scope, teamId: '' }).slice(0, -'""]'.length);
		for (const [id, entry] of this.entries)
			if (id.startsWith(prefix)) {
				this.held -= entry.size;
				this.entries.delete(id);
			}
	}

	/** Records held across all entries. */
	get size(): number {
		return this.held;
	}

	private expire(nowMs: number): void {
		for (const [id, entry] of this.entries)
			if (nowMs - entry.readAtMs > this.limits.maxAgeMs || nowMs < entry.readAtMs) {
				this.held -= entry.size;
				this.entries.delete(id);
			}
	}

	private trim(): void {
		for (const [id, entry] of this.entries) {
			if (this.held <= this.limits.ceiling) return;
			this.held -= entry.size;
			this.entries.delete(id);
		}
	}
}

function keyOf(key: HeldKey): string {
	return JSON.stringify([key.executionId, key.baseUrl, key.identity, key.teamId]);
}
