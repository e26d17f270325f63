import { randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Deterministic PRNG (mulberry32): same seed, same sequence, so seeded scans and probabilistic faults repeat. */
export function createPrng(seed: number): () => number {
	let a = seed >>> 0;
	return () => {
		a = (a + 0x6d2b79f5) >>> 0;
		let t = a;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

export function pick<T>(random: () => number, values: readonly T[]): T {
	return values[Math.floor(random() * values.length)];
}

/** Unpredictable identifiers and secrets, like the service issues: `prefix` + base62 characters. */
export function randomId(prefix: string, length = 12): string {
	const bytes = randomBytes(length);
	let out = prefix;
	for (const byte of bytes) out += ALPHABET[byte % ALPHABET.length];
	return out;
}

export function randomSecret(prefix: string): string {
	return prefix + randomBytes(24).toString('hex');
}
