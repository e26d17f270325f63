import type { Member } from './answers';

/**
 * Who a team's list of members holds under an e-mail (pure): the one rule of the member operations, the roster
 * reads of the action node, the checks after a refused retry and Delete Completely.
 */

/**
 * An e-mail as the node compares it (rosters, rows of the same person, keys): without case, Unicode composed, the
 * domain as DNS names it. It is never what is sent: a service may hold `Ada@Example.com` and compare exactly, so
 * requests carry the team's own spelling of a listed person, else the one the person's earlier rows used, else the
 * e-mail as typed (trimmed; asListed).
 */
export function normalizeEmail(email: string): string {
	const text = email.trim().normalize('NFC').toLowerCase();
	const at = text.lastIndexOf('@');
	return at < 0 ? text : `${text.slice(0, at)}@${asciiDomain(text.slice(at + 1))}`;
}

/** A domain as DNS names it: one written in Unicode (`bücher.example`) is the same as its punycode form. */
function asciiDomain(domain: string): string {
	if (/^[\x20-\x7e]*$/.test(domain)) return domain;
	try {
		return new URL(`http://${domain}`).hostname;
	} catch {
		return domain;
	}
}

/**
 * A member listed without an e-mail (TeamMember requires no field: a placeholder, a hidden address): nobody the
 * node can name, and possibly anyone it looks for.
 */
export function isUnidentified(member: { email?: string | null }): boolean {
	return typeof member.email !== 'string' || member.email.trim() === '';
}

/**
 * The member a team's list holds under this e-mail, compared without case (a service may hold another case). A
 * person not found is absent (undefined) only when every listed member has an e-mail; otherwise they may be one
 * of those without, and whether they are in the team is not known (null). Not known either where the list holds
 * the e-mail in several spellings (caseTwins).
 */
export function listedMember(
	members: ReadonlyArray<{ email?: string | null }>,
	email: string,
): Member | undefined | null {
	if (caseTwins(members, email)) return null;
	const key = normalizeEmail(email);
	const found = members.find(
		(member) => !isUnidentified(member) && normalizeEmail(member.email as string) === key,
	);
	return (found as Member | undefined) ?? notFound(members.some(isUnidentified));
}

/**
 * The spellings a team's list holds this e-mail under, when it holds more than one: accounts whose e-mails differ
 * only in case, which a service comparing e-mails exactly may keep apart. The node matches e-mails without case, so
 * which of them a row means cannot be told; undefined for one spelling or none. Spellings are trimmed: an account
 * listed with spaces around its e-mail is one spelling.
 */
export function caseTwins(
	members: ReadonlyArray<{ email?: string | null }>,
	email: string,
): string[] | undefined {
	const key = normalizeEmail(email);
	const spellings = new Set<string>();
	for (const { email: listed } of members)
		if (typeof listed === 'string' && normalizeEmail(listed) === key)
			spellings.add(spellingOf(listed));
	return spellings.size > 1 ? [...spellings] : undefined;
}

/** One spelling of an e-mail, as caseTwins tells spellings apart: with its case, without spaces around it. */
export function spellingOf(email: string): string {
	return email.trim();
}

/** A person a list does not hold under their e-mail: absent, unless it lists any member without one (not known). */
export function notFound(listsUnidentified: boolean): undefined | null {
	return listsUnidentified ? null : undefined;
}
