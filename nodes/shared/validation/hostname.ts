import { z } from 'zod';

import { hostName } from '../hostName';

/**
 * A domain name as QRTRAC stores it for short links: lower case, at least two labels, each label 1-63 letters,
 * digits or hyphens (not at either end), 253 characters at most. A scheme, port or path is refused, because the
 * service expects the bare host; a Unicode name is sent as its punycode, the root's trailing dot left out (hostName).
 */
export const hostnameSchema = z.string().transform(hostName).pipe(domainSchema());

function domainSchema() {
	return z
		.string()
		.min(1, 'must not be empty')
		.max(253, 'must be at most 253 characters')
		.refine(
			(value) => !/[/:?#@\s]/.test(value),
			'must be a bare host name such as qr.example.com, without https://, port or path',
		)
		.refine(
			isHostname,
			'must be a host name such as qr.example.com (letters, digits, hyphens and dots)',
		);
}

function isHostname(value: string): boolean {
	const labels = value.split('.');
	return (
		labels.length >= 2 &&
		labels.every((label) => /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(label)) &&
		/[a-z]/.test(labels[labels.length - 1])
	);
}
