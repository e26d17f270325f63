/**
 * One IPv6 address, however a service writes it (in full, compressed anywhere, upper case, leading zeros,
 * IPv4-mapped), is one text (localAddress.ts `oneIpv6Form`): the quick test for text already written so must agree
 * with the full reading on every spelling.
 */
import { oneIpv6Form } from '../../../../nodes/shared/localAddress';

/** A small deterministic generator, so that a failure names its seed. */
function generator(seed: number): () => number {
	let state = seed;
	return () => {
		state = (state * 1103515245 + 12345) % 2 ** 31;
		return state / 2 ** 31;
	};
}

/** Every way the groups may be written: in full (leading zeros), bare, each run of zeros compressed, upper case. */
function spellings(groups: number[]): string[] {
	const bare = groups.map((group) => group.toString(16));
	const full = groups.map((group) => group.toString(16).padStart(4, '0'));
	const written = [bare.join(':'), full.join(':')];
	for (let from = 0; from < 8; from++)
		for (let to = from + 1; to <= 8 && groups[to - 1] === 0; to++)
			written.push(`${bare.slice(0, from).join(':')}::${bare.slice(to).join(':')}`);
	return [...written, ...written.map((text) => text.toUpperCase())];
}

it('gives one text for every spelling of 2,000 random addresses, zero runs included', () => {
	const random = generator(7);
	for (let round = 0; round < 2000; round++) {
		const groups = Array.from({ length: 8 }, () =>
			random() < 0.4 ? 0 : Math.floor(random() * (random() < 0.5 ? 16 : 65536)),
		);
		if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) continue;
		const forms = new Set(spellings(groups).map(oneIpv6Form));
		expect([groups.join(','), forms.size]).toEqual([groups.join(','), 1]);
		const [form] = forms;
		expect(oneIpv6Form(form!)).toBe(form);
	}
});

it.each([
	['2001:db8::1', '2001:db8::1'],
	['2001:0db8:0000:0000:0000:0000:0000:0001', '2001:db8::1'],
	['2001:DB8:0:0:1:0:0:1', '2001:db8::1:0:0:1'],
	['2001:db8:0:1:1:1:1:1', '2001:db8:0:1:1:1:1:1'],
	['::', '::'],
	['::ffff:192.0.2.1', '192.0.2.1'],
	['::ffff:c000:201', '192.0.2.1'],
	['0:0:0:0:0:FFFF:203.0.113.5', '203.0.113.5'],
])('%s is %s (RFC 5952; IPv4-mapped as IPv4)', (written, form) => {
	expect(oneIpv6Form(written)).toBe(form);
});

it.each([
	'1:2:3:4:5:6:7',
	'1::2::3',
	'g::1',
	'12345::1',
	'1.2.3.4',
	':1:2:3:4:5:6:7:8',
	'1:2:3:4:5:6:7:8:',
	':::1',
])('%s is no IPv6 address', (text) => {
	expect(oneIpv6Form(text)).toBeUndefined();
});
