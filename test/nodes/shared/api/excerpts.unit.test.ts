/**
 * The excerpt of an answer an error quotes (api/answerErrors.ts `excerptOf`): JSON.stringify's text, written only
 * up to the cut (an answer may be megabytes), without the secrets or visitors' addresses.
 */
import { excerptOf } from '../../../../nodes/shared/api/answerErrors';

/** A random value as JSON.parse can make it (no addresses: only letters, digits and punctuation without '.' ':'). */
function randomValue(seed: { n: number }, depth: number): unknown {
	const next = () => (seed.n = (seed.n * 1103515245 + 12345) % 2 ** 31);
	const pick = next() % (depth > 6 ? 4 : 7);
	const word = () =>
		['a', 'é', '"q"', '\\', '\u2028', '\ud800', '__proto__', 'toJSON', '1', '-0', ''][next() % 11] +
		String(next() % 100);
	if (pick === 0) return null;
	if (pick === 1) return next() % 2 === 0;
	if (pick === 2) return (next() % 2000) - 1000 + (next() % 3 === 0 ? 0.5 : 0);
	if (pick === 3) return word();
	if (pick === 4 || pick === 5) {
		const list: unknown[] = [];
		for (let i = next() % 5; i > 0; i--) list.push(randomValue(seed, depth + 1));
		return list;
	}
	const text = `{${Array.from({ length: next() % 5 }, () => `${JSON.stringify(word())}:${JSON.stringify(randomValue(seed, depth + 1))}`).join(',')}}`;
	return JSON.parse(text);
}

describe('excerptOf writes the start of JSON.stringify', () => {
	it('exactly, for 3,000 parsed values, whole and cut', () => {
		const seed = { n: 7 };
		for (let run = 0; run < 3000; run++) {
			const value = JSON.parse(JSON.stringify(randomValue(seed, 0)) ?? 'null');
			const json = JSON.stringify(value);
			expect(excerptOf(value, [], 100_000)).toBe(json);
			const cut = excerptOf(value, [], 20);
			if (json.length > 20) expect(cut.startsWith(`${json.slice(0, 20)}...`)).toBe(true);
			else expect(cut).toBe(json);
		}
	});

	it('a __proto__ key, arrays of arrays, a deep nesting', () => {
		const proto = JSON.parse('{"__proto__":{"x":[1,[2,[3]]]},"a":[[[]],[[{}]]]}');
		expect(excerptOf(proto, [], 10_000)).toBe(JSON.stringify(proto));
		const deep = JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`);
		expect(excerptOf(deep, [], 200)).toBe(`${'['.repeat(200)}...`);
	});

	it('reads only the start of a large answer (the values read are counted)', () => {
		let reads = 0;
		const data = Array.from({ length: 100_000 }, (_, index) => {
			const entry = {};
			Object.defineProperty(entry, 'qrId', {
				enumerable: true,
				get: () => {
					reads++;
					return `qr_${index}`;
				},
			});
			return entry;
		});
		excerptOf({ error: 'Bad Request', data }, [], 200);
		expect(reads).toBeLessThan(200);
	});
});
