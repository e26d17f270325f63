import { z } from 'zod';

/**
 * The e-mail rule, written once for every e-mail field (a member's Email, a vCard's e-mail). Pure.
 */

/**
 * A zero-width joiner where IDNA's CONTEXTJ (RFC 5892 A.1, A.2) allows it: either joiner right after a virama,
 * approximated as a combining mark of a script's own (generic accents are of the Inherited script), or a ZWNJ
 * between letters of a joining script (a Persian word's), marks between them allowed. Elsewhere (`exam\u200Dple`,
 * pasted from a web page) it is no address's.
 */
const VIRAMA = String.raw`[^\P{M}\p{Script=Inherited}]`;
/** The scripts Unicode's ArabicShaping.txt (17.0) gives joining letters. */
const JOINING_SCRIPTS = [
	'Arabic',
	'Syriac',
	'Nko',
	'Mandaic',
	'Mongolian',
	'Phags_Pa',
	'Manichaean',
	'Psalter_Pahlavi',
	'Hanifi_Rohingya',
	'Sogdian',
	'Old_Uyghur',
	'Chorasmian',
	'Adlam',
];
const JOINING_LETTER = String.raw`(?=\p{L})[${JOINING_SCRIPTS.map((script) => String.raw`\p{Script=${script}}`).join('')}]`;
const JOINER = String.raw`(?:(?<=${VIRAMA})[\u200C\u200D]|(?<=${JOINING_LETTER}\p{M}*)\u200C(?=\p{M}*${JOINING_LETTER}))`;

/**
 * One label of an e-mail's domain: letters (any script: an internationalized domain) or digits, hyphens and
 * joiners (above) inside. No address has a domain with an empty label, a trailing dot or a comma, so a value
 * pasted with one (`ada@x.com,`) is refused here instead of being looked up in a team, not found and reported
 * `unchanged`.
 */
const DOMAIN_LABEL = String.raw`[\p{L}\p{M}\p{N}](?:(?:[\p{L}\p{M}\p{N}-]|${JOINER})*[\p{L}\p{M}\p{N}])?`;

/**
 * An e-mail address, kept to what no address breaks: a local part without spaces, the characters that need quotes
 * (`,;:<>()[]"`) or those a path would read (`/\?#%`, as the e-mail is a path segment), and a domain of two labels
 * or more.
 */
const EMAIL_PATTERN = new RegExp(
	String.raw`^[^\s@/\\?#%,;:<>()[\]"]+@${DOMAIN_LABEL}(?:\.${DOMAIN_LABEL})+$`,
	'u',
);

export const emailSchema = z
	.string()
	.trim()
	.min(1, 'must not be empty')
	.max(254, 'must be at most 254 characters')
	.regex(EMAIL_PATTERN, 'must be an e-mail address such as ada@example.com');
