import type { IHttpRequestOptions } from 'n8n-workflow';

import type { AttemptFailure } from './attemptFailure';
import { redactHost } from './redaction';
import { classifyFailure, isIdempotentMethod } from './retryPolicy';

/**
 * Which redirects a request carrying credentials may follow. Rule: only within the origin (scheme, host, port)
 * the credentials were meant for, and below the Base URL's path when it has one (a gateway may mount other
 * services beside QRTRAC on its host), at most MAX_REDIRECTS hops. 307 and 308 repeat the request as it was; 301,
 * 302 and 303 are followed only by reads (GET), as a browser would turn any other method into a GET that
 * would not do what was asked.
 */

/** Same-origin redirects followed before giving up (a loop, or a service that keeps moving). */
export const MAX_REDIRECTS = 5;

/**
 * Why this redirect is not followed, or undefined when it may be. The target is service text: only an http(s)
 * target's scheme and host are shown, the host without the secrets (`secretForms`).
 */
export function refuseRedirect(
	options: IHttpRequestOptions,
	status: number,
	target: URL | undefined,
	hop: number,
	within: { baseUrl: string; secretForms: readonly string[] },
): AttemptFailure | undefined {
	const from = new URL(options.url);
	// A POST answered 301, 302 or 303 may have been done (303 See Other points to what it made): not followed, its
	// outcome is unknown, so it is never sent again blindly (a 3xx's kind, retryPolicy.ts). 307/308 ask to repeat it.
	const mayBeDone =
		status !== 307 && status !== 308 && !isIdempotentMethod(options.method ?? 'GET');
	const fail = (message: string): AttemptFailure => ({
		kind: mayBeDone ? classifyFailure(status, undefined) : 'clientError',
		status,
		message,
	});
	if (!target) return fail(`QRTRAC answered HTTP ${status} (a redirect) without a usable Location`);
	if (target.origin !== from.origin) {
		// Only http(s) is shown, host blanked: any other scheme is the service's own text (a secret as the scheme).
		const where =
			target.protocol === 'http:' || target.protocol === 'https:'
				? `another host (${target.protocol}//${redactHost(target.host, within.secretForms)})`
				: 'an address that is not http(s)';
		return fail(
			`QRTRAC answered with a redirect to ${where}; it was not followed, so the credentials were not sent there. Check the credential's Base URL (${from.origin}).`,
		);
	}
	const basePath = new URL(within.baseUrl).pathname.replace(/\/+$/, '');
	if (basePath !== '' && !normalPath(target.pathname).startsWith(`${normalPath(basePath)}/`)) {
		// The path it named is service text: left out.
		return fail(
			`QRTRAC answered with a redirect out of the credential's Base URL (${basePath}) to another path of its host; it was not followed, so the credentials were not sent there.`,
		);
	}
	if (hop >= MAX_REDIRECTS)
		return fail(`QRTRAC redirected more than ${MAX_REDIRECTS} times; the request was given up`);
	if (status !== 307 && status !== 308 && (options.method ?? 'GET') !== 'GET') {
		return fail(
			`QRTRAC answered a ${String(options.method)} with HTTP ${status} (a redirect that would turn it into a GET); it was not followed`,
		);
	}
	return undefined;
}

/**
 * A path as RFC 3986 (6.2.2.1, 6.2.2.2) compares it: escapes of unreserved characters decoded (`%7E` is `~`), the
 * others' hex in upper case; a reserved one (`%2F`) stays an escape, not a separator.
 */
function normalPath(path: string): string {
	return path.replace(/%([0-9a-fA-F]{2})/g, (_, hex: string) => {
		const character = String.fromCharCode(parseInt(hex, 16));
		return /[A-Za-z0-9\-._~]/.test(character) ? character : `%${hex.toUpperCase()}`;
	});
}

export function isRedirect(status: number): boolean {
	return status >= 300 && status < 400 && status !== 304;
}

export function redirectTarget(from: string, location: string | undefined): URL | undefined {
	if (!location) return undefined;
	try {
		return new URL(location, from);
	} catch {
		return undefined;
	}
}
