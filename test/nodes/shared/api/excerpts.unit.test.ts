/**
 * The excerpt of an answer an error quotes (api/answerErrors.ts `excerptOf`): JSON.stringify's text, written only
 * up to the cut (an answer may be megabytes), without the secrets or visitors' addresses.
 */
import { excerptOf, sentence } from '../../../../nodes/shared/api/answerErrors';

describe('excerptOf writes the start of JSON.stringify', () => {
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

describe("excerptOf leaves out visitors' addresses", () => {
	it('a field name that is an address (a rate-limit map keyed by client address), whole and in the field list', () => {
		const body = { statusCode: 429, blocked: { '203.0.113.9': 'too many requests' } };
		expect(excerptOf(body, [], 200)).toBe(
			'{"statusCode":429,"blocked":{"(withheld)":"too many requests"}}',
		);
		const cut = excerptOf({ '2001:db8::1': 'x'.repeat(500), other: 1 }, [], 50);
		expect(cut).toContain('(its fields: (withheld), other)');
		expect(cut).not.toContain('2001:db8');
	});

	it('a huge text of addresses, cut where it passes the excerpt, is withheld as their start', () => {
		const shown = excerptOf({ forwardedFor: `${'203.0.113.9, '.repeat(100_000)}proxy` }, [], 200);
		expect(shown).not.toContain('203.0.113');
	});
});

describe('excerptOf of one huge text', () => {
	it('neither writes nor scans it whole: what is written of it is cut to the room left', () => {
		const written: number[] = [];
		const stringify = JSON.stringify;
		const spy = jest.spyOn(JSON, 'stringify').mockImplementation(((
			value: unknown,
			...rest: never[]
		) => {
			if (typeof value === 'string') written.push(value.length);
			return stringify(value, ...rest);
		}) as typeof JSON.stringify);
		try {
			const shown = excerptOf(
				{ error: `<a href="x">${'y'.repeat(60)}</a> `.repeat(200_000) },
				[],
				200,
			);
			expect(shown.startsWith('{"error":"<a href=\\"x\\">yyy')).toBe(true);
		} finally {
			spy.mockRestore();
		}
		expect(Math.max(...written)).toBeLessThan(10_000);
	});
});

describe('excerptOf of a secret straddling the cut', () => {
	it('blanks one longer than the fixed margin (1,024 characters) too', () => {
		const secret = `S${'k'.repeat(1100)}Z`;
		const shown = excerptOf({ error: `${'x'.repeat(150)}${secret}` }, [secret], 200);
		expect(shown).not.toContain('kkkkkkkkkk');
		expect(shown).toContain('[redacted]');
	});
});

describe('sentence', () => {
	it('ends a sentence with a cut excerpt\'s "..." or else a full stop, never "...."', () => {
		const cut = excerptOf(['x'.repeat(400)], []);
		expect(cut.endsWith('...')).toBe(true);
		expect(sentence(cut)).toBe(cut);
		expect(sentence(excerptOf({ a: 1 }, []))).toBe('{"a":1}.');
	});
});
