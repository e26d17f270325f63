import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

/** Requests per second per team for each QRTRAC plan (contract: x-rate-limits.perSecondByPlan). */
export const PLAN_RATE_PER_SECOND: Readonly<Record<string, number>> = {
	'Business Plus': 5,
	Legendary: 20,
	Agency: 50,
	Premium: 100,
	Enterprise: 200,
};

/** What the transport needs from the credential, with secrets left out. */
export interface QrtracConnection {
	baseUrl: string;
	teamId: string;
	ratePerSecond: number;
	timeoutMs: number;
}

/** Reads the non-secret connection settings: base URL without trailing slash, the plan's rate, the timeout. */
export function connectionFromCredentials(credentials: ICredentialDataDecryptedObject): QrtracConnection {
	const plan = String(credentials.plan ?? 'Business Plus');
	const custom = Number(credentials.customRatePerSecond);
	const ratePerSecond =
		plan === 'custom' && Number.isFinite(custom) && custom > 0 ? custom : (PLAN_RATE_PER_SECOND[plan] ?? 5);
	const timeoutSeconds = Number(credentials.timeoutSeconds);
	return {
		baseUrl: String(credentials.baseUrl ?? 'https://api.qrtrac.com')
			.trim()
			.replace(/\/+$/, ''),
		teamId: String(credentials.teamId ?? '').trim(),
		ratePerSecond,
		timeoutMs: (Number.isFinite(timeoutSeconds) && timeoutSeconds > 0 ? timeoutSeconds : 30) * 1000,
	};
}
