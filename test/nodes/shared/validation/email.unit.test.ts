/**
 * The e-mail rule's zero-width joiners (IDNA's CONTEXTJ, RFC 5892 A.1 and A.2): inside a label only where a word
 * of its script holds one, so that one pasted from a web page (`exam\u200Dple`) is refused.
 */
import { emailSchema } from '../../../../nodes/shared/validation';

const ZWNJ = '\u200C';
const ZWJ = '\u200D';
const passes = (email: string) => emailSchema.safeParse(email).success;

describe('zero-width joiners in an e-mail domain', () => {
	it.each([
		[
			'Persian (ZWNJ between Arabic-script letters)',
			`ada@\u0645\u06CC${ZWNJ}\u062E\u0648\u0627\u0647\u0645.ir`,
		],
		['Sinhala (ZWJ after the virama al-lakuna)', `ada@\u0DC1\u0DCA${ZWJ}\u0DBB\u0DD3.lk`],
		['Devanagari (ZWNJ after the virama)', `ada@\u0915\u094D${ZWNJ}\u0937.in`],
		['Arabic letters with a mark (fatha) before the ZWNJ', `ada@\u0645\u064E${ZWNJ}\u062E.ir`],
	])('takes %s', (_case, email) => {
		expect(passes(email)).toBe(true);
	});

	// every script Unicode's ArabicShaping.txt (17.0) gives joining letters, beside Arabic above
	it.each([
		['Syriac', '\u0712\u0713'],
		["N'Ko", '\u07CA\u07CB'],
		['Mandaic', '\u0841\u0842'],
		['Mongolian', '\u1820\u1821'],
		['Phags-pa', '\uA840\uA841'],
		['Manichaean', '\u{10AC0}\u{10AC1}'],
		['Psalter Pahlavi', '\u{10B80}\u{10B81}'],
		['Hanifi Rohingya', '\u{10D00}\u{10D01}'],
		['Sogdian', '\u{10F30}\u{10F31}'],
		['Old Uyghur', '\u{10F70}\u{10F71}'],
		['Chorasmian', '\u{10FB0}\u{10FB1}'],
		['Adlam', '\u{1E900}\u{1E901}'],
	])('takes a ZWNJ between two %s letters (a joining script)', (_script, letters) => {
		const [first, second] = Array.from(letters);
		expect(passes(`ada@${first}${ZWNJ}${second}.com`)).toBe(true);
	});

	it.each([
		['a ZWJ between Latin letters (pasted from a web page)', `ada@exam${ZWJ}ple.com`],
		['a ZWNJ between Latin letters', `ada@exam${ZWNJ}ple.com`],
		['a ZWNJ between Cyrillic letters', `ada@\u043F\u0440\u0438${ZWNJ}\u043C\u0435\u0440.ru`],
		['a ZWJ between Greek letters', `ada@\u03B1\u03B2${ZWJ}\u03B3\u03B4.gr`],
		['a ZWJ between Arabic letters (ZWJ needs a virama)', `ada@\u0645\u06CC${ZWJ}\u062E.ir`],
		['a ZWNJ after an Arabic letter, before a Latin one', `ada@\u0645\u06CC${ZWNJ}x.ir`],
		['a ZWJ after a Latin letter with a combining accent (no virama)', `ada@e\u0301${ZWJ}x.com`],
		['two joiners after a virama', `ada@\u0915\u094D${ZWNJ}${ZWJ}\u0937.in`],
		['a joiner beside a hyphen', `ada@x-${ZWJ}-y.com`],
		['a joiner at the end of a label', `ada@example${ZWNJ}.ir`],
		['a joiner at the start of a label', `ada@${ZWJ}example.lk`],
		['a joiner after a virama at the end of a label', `ada@\u0DC1\u0DCA${ZWJ}.lk`],
	])('refuses %s', (_case, email) => {
		expect(passes(email)).toBe(false);
	});
});
