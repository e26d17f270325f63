/**
 * The excerpt of an answer an error quotes (api/answerErrors.ts `excerptOf`) against JSON.stringify itself, over
 * 3,000 seeded values as JSON.parse makes them (the unit tests hold the named edge cases).
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
});
