import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

/** Requests per second per team for each QRTRAC plan (contract: x-rate-limits.perSecondByPlan). */
export const PLAN_RATE_PER_SECOND: Readonly<Record<string, number>> = {
	'Business Plus': 5,
	Legendary: 20,
	Agency: 50,
	Premium: 100,
	Enterprise: 200,
};

export const DEFAULT_BASE_URL = 'https://api.qrtrac.com';

/** What the transport needs from the credential; the secrets only to keep them out of error excerpts. */
export interface QrtracConnection {
	baseUrl: string;
	teamId: string;
	ratePerSecond: number;
	timeoutMs: number;
	/** The credential's secret values: never sent anywhere by the transport, only blanked out of excerpts. */
	secrets: string[];
}

/**
 * Reads the connection settings: base URL without trailing slash, the plan's rate, the timeout. The Base URL must
 * pass checkBaseUrl; `refuse` turns its problem into the caller's error.
 */
export function connectionFromCredentials(
	credentials: ICredentialDataDecryptedObject,
	refuse: (problem: string) => never,
): QrtracConnection {
	const base = checkBaseUrl(credentials.baseUrl);
	if (base.problem !== undefined) refuse(base.problem);
	const plan = String(credentials.plan ?? 'Business Plus');
	const custom = Number(credentials.customRatePerSecond);
	const ratePerSecond =
		plan === 'custom' && Number.isFinite(custom) && custom > 0
			? custom
			: (PLAN_RATE_PER_SECOND[plan] ?? 5);
	const timeoutSeconds = Number(credentials.timeoutSeconds);
	return {
		baseUrl: base.url as string,
		teamId: String(credentials.teamId ?? '').trim(),
		ratePerSecond,
		timeoutMs: (Number.isFinite(timeoutSeconds) && timeoutSeconds > 0 ? timeoutSeconds : 30) * 1000,
		secrets: [credentials.clientSecret, credentials.apiKey, credentials.clientId]
			.map((value) => String(value ?? '').trim())
			.filter((value) => value !== ''),
	};
}

/**
 * The credential's Base URL, trimmed and without trailing slashes, or the problem with it. Rule: secrets travel
 * encrypted, so it must be `https://`; plain `http://` is accepted only for this machine (127.0.0.0/8,
 * `localhost`, `[::1]`), where nothing crosses a network (the local QRTRAC simulator, a local proxy).
 */
export function checkBaseUrl(
	raw: unknown,
): { url: string; problem?: undefined } | { url?: undefined; problem: string } {
	const text =
		String(raw ?? DEFAULT_BASE_URL)
			.trim()
			.replace(/\/+$/, '') || DEFAULT_BASE_URL;
	let url: URL;
	try {
		url = new URL(text);
	} catch {
		return {
			problem: `The QRTRAC credential's Base URL "${text}" is not a URL; it should look like ${DEFAULT_BASE_URL}`,
		};
	}
	if (url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname)))
		return { url: text };
	return {
		problem: `The QRTRAC credential's Base URL must start with https:// so that the client secret travels encrypted (http:// is accepted only for 127.0.0.1, localhost or [::1]); it is "${text}"`,
	};
}

/** 127.0.0.0/8, localhost (and its subdomains) and ::1: names that never leave this machine. */
export function isLoopbackHost(hostname: string): boolean {
	const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
	if (host === 'localhost' || host.endsWith('.localhost') || host === '::1') return true;
	return /^127(?:\.\d{1,3}){3}$/.test(host);
}
