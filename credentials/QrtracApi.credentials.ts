import type {
	IAuthenticateRuleResponseCode,
	IAuthenticateRuleResponseSuccessBody,
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';

import {
	API_SUFFIX,
	checkBaseUrl,
	credentialValues,
	DEFAULT_BASE_URL,
	DEFAULT_MAX_WAIT_SECONDS,
	DEFAULT_TIMEOUT_SECONDS,
	requestTimeoutMs,
} from '../nodes/shared/connection';

/**
 * One credential for both QRTRAC interfaces:
 * - the primary API under `{base}/api/...` authenticates with header set A
 *   (`x-request-team-id`, `x-request-client-id`, `x-request-client-secret`);
 * - the simple variant under `{base}/v1/...` authenticates with `Authorization: Bearer <API key>`.
 * Secrets only ever travel in headers, never in a URL or query string, and only over https (plain http only to
 * this machine); every value is trimmed, and a request is never sent to a host other than the Base URL's.
 */
export class QrtracApi implements ICredentialType {
	name = 'qrtracApi';

	displayName = 'QRTRAC API';

	icon = { light: 'file:qrtrac.svg', dark: 'file:qrtrac.dark.svg' } as const;

	documentationUrl = 'https://github.com/n8n-nodes-qrtrac/n8n-nodes-qrtrac#credentials';

	properties: INodeProperties[] = [
		{
			displayName: 'Team ID',
			name: 'teamId',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'e.g. team_1234',
			description:
				"Team the API client acts for, from QRTRAC Settings > API Access. Operations can act in another team with their 'Team (Override)' option ('Team Override Name or ID' in nodes saved before version 1.2).",
		},
		{
			displayName: 'Client ID',
			name: 'clientId',
			type: 'string',
			default: '',
			required: true,
			description: 'API client ID from QRTRAC Settings > API Access',
		},
		{
			displayName: 'Client Secret',
			name: 'clientSecret',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description: 'API client secret from QRTRAC Settings > API Access',
		},
		{
			displayName: 'Plan',
			name: 'plan',
			type: 'options',
			default: 'Business Plus',
			description:
				"Your QRTRAC plan for the Team ID, Client ID and Secret above. The nodes pace requests to the plan's per-team limit.",
			options: [
				{ name: 'Business Plus (5 Requests/s)', value: 'Business Plus' },
				{ name: 'Legendary (20 Requests/s)', value: 'Legendary' },
				{ name: 'Agency (50 Requests/s)', value: 'Agency' },
				{ name: 'Premium (100 Requests/s)', value: 'Premium' },
				{ name: 'Enterprise (200 Requests/s)', value: 'Enterprise' },
				{ name: 'Custom', value: 'custom' },
			],
		},
		{
			displayName: 'Requests per Second',
			name: 'customRatePerSecond',
			type: 'number',
			default: 5,
			typeOptions: { minValue: 1, maxValue: 10000 },
			displayOptions: { show: { plan: ['custom'] } },
			description: 'Per-team request limit agreed with QRTRAC',
		},
		{
			displayName: 'API Key (Simple Interface)',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			description:
				'Only for the Dynamic Link resource (the simple v1 interface); leave empty otherwise. Test does not check this key: the first Dynamic Link run does.',
		},
		{
			displayName: 'Simple Interface Plan',
			name: 'simplePlan',
			type: 'options',
			default: 'Pro',
			description:
				'The plan of the API Key (Simple Interface). Dynamic Link creates are paced to its per-minute limit.',
			options: [
				{ name: 'Pro (60 Requests/min)', value: 'Pro' },
				{ name: 'Agency (300 Requests/min)', value: 'Agency' },
			],
		},
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: 'https://api.qrtrac.com',
			required: true,
			description:
				'Address of the QRTRAC service (a trailing /api, or a /v1 right after the host, is dropped). Keep the default unless you go through a proxy or use the local QRTRAC simulator.',
			// n8n's credential test reports an unreachable address with the network's bare code (ECONNREFUSED, ...),
			// and the Request Timeout's end (the abort signal set in `authenticate`) as ERR_CANCELED; it lets a
			// credential reword only HTTP answers, so the field itself says what such a code means.
			hint: 'If Test answers ECONNREFUSED, ENOTFOUND or ETIMEDOUT, n8n could not reach this Base URL; ERR_CANCELED (after the Request Timeout below): no full answer came in that time; the address may drop connections (firewall, VPN) or answer too slowly. Check it for typos, and that this n8n can reach it (proxy, firewall, VPN)',
		},
		{
			displayName: 'Request Timeout (Seconds)',
			name: 'timeoutSeconds',
			type: 'number',
			default: DEFAULT_TIMEOUT_SECONDS,
			typeOptions: { minValue: 1, maxValue: 600 },
			description:
				'How long one request may take, from sending it to the last byte of its answer, before it counts as failed',
		},
		{
			displayName: 'Maximum Wait (Seconds)',
			name: 'maxWaitSeconds',
			type: 'number',
			default: DEFAULT_MAX_WAIT_SECONDS,
			typeOptions: { minValue: 1, maxValue: 3600 },
			description:
				"Longest a request waits for QRTRAC's rate limit: in line for a slot, and for all its retries together. When QRTRAC asks for a longer wait, the item fails at once, saying until when.",
		},
	];

	authenticate = async (
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> => {
		const checked = checkBaseUrl(credentials.baseUrl);
		if (checked.problem !== undefined) throw new Error(checked.problem);
		const base = checked.url;
		const target = new URL(`${requestOptions.baseURL ?? ''}${requestOptions.url ?? ''}`, base);
		if (target.origin !== new URL(base).origin) {
			throw new Error(
				`QRTRAC credentials are sent only to ${new URL(base).origin}, not to ${target.origin}`,
			);
		}
		const headers = { ...(requestOptions.headers ?? {}) };
		const simple = target.pathname.startsWith(`${new URL(base).pathname.replace(/\/+$/, '')}/v1/`);
		const sendable = credentialValues(credentials, simple ? 'simple' : 'primary');
		if (sendable.problem !== undefined) throw new Error(sendable.problem.message);
		const { values } = sendable;
		if (simple) {
			headers.Authorization = `Bearer ${values.apiKey}`;
		} else {
			// A per-operation team override set by the node wins over the credential's team.
			headers['x-request-team-id'] = headers['x-request-team-id'] ?? values.teamId;
			headers['x-request-client-id'] = values.clientId;
			headers['x-request-client-secret'] = values.clientSecret;
		}
		// n8n gives the credential's test request 5 minutes whatever it asks, and its timeout ends only a silent
		// connection: the Request Timeout bounds the whole exchange, a body trickling in too (the runs' transport
		// keeps the same deadline itself). n8n's Stop, the signal already set, still ends it sooner.
		const deadline = AbortSignal.timeout(requestTimeoutMs(credentials));
		const given = requestOptions.abortSignal;
		const abortSignal =
			given instanceof AbortSignal ? AbortSignal.any([given, deadline]) : deadline;
		return {
			...requestOptions,
			headers,
			abortSignal,
			disableFollowRedirect: true,
			sendCredentialsOnCrossOriginRedirect: false,
		};
	};

	test: ICredentialTestRequest = {
		request: {
			// checkBaseUrl's trimming and default, written as an expression: n8n resolves it before `authenticate` runs.
			baseURL: `={{ String($credentials.baseUrl || "").trim().replace(/\\/+$/, "").replace(/${API_SUFFIX.source}/, "$1$2") || "${DEFAULT_BASE_URL}" }}/api`,
			url: '/qr-templates-api',
			method: 'GET',
			disableFollowRedirect: true,
			sendCredentialsOnCrossOriginRedirect: false,
		},
		// n8n shows a refusal no rule names by its bare status text ("Bad Request"), and takes any 200 as success.
		// Its tester reads each rule by its type, so one list holds both kinds (n8n's type allows only one), in
		// order: the first body rule that matches gives the message.
		rules: [
			{
				type: 'responseCode',
				properties: {
					value: 401,
					message:
						"QRTRAC refused the client credentials: check 'Team ID', 'Client ID' and 'Client Secret'",
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 400,
					message:
						"QRTRAC refused the test request as invalid (HTTP 400): check 'Team ID', a team of the API client's organization (QRTRAC Settings > API Access)",
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 403,
					message:
						"QRTRAC refused the test request (HTTP 403, forbidden): the API client's role may not read the team in 'Team ID'; check the client in QRTRAC Settings > API Access",
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 404,
					// n8n shows no body here: a 404 may be a wrong address or, from some services, a team they do not know.
					message: `The Base URL answered HTTP 404 to QRTRAC's template list of the team: check the Base URL, the service's address (e.g. ${DEFAULT_BASE_URL}) without an operation's path, and then 'Team ID', a team of the API client's organization`,
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 429,
					message:
						"QRTRAC's rate limit refused the test request (HTTP 429), so the credentials were not checked: test again in a moment (other workflows may be using the team's requests)",
				},
			},
			...[500, 502, 503, 504].map((status) => ({
				type: 'responseCode' as const,
				properties: {
					value: status,
					message: `QRTRAC could not answer the test request (HTTP ${status}), so the credentials were not checked: test again later`,
				},
			})),
			// A body that is not JSON reaches the rules as text, and key '0' is its first character: '<' starts a page,
			// white space (a page's leading newline) no JSON answer either (JSON arrives parsed).
			...['<', ' ', '\n', '\r', '\t'].map((first) => ({
				type: 'responseSuccessBody' as const,
				properties: {
					key: '0',
					value: first,
					message: `The Base URL answered HTTP 200 with a web page or other text, not QRTRAC's JSON answer: check the Base URL, the address of QRTRAC's API (e.g. ${DEFAULT_BASE_URL}), not of a web app or a proxy's sign-in page`,
				},
			})),
			// Only `success: false` is a refusal: the contract requires neither `success` nor `data`, and runs take a
			// 200 with `data` alone. n8n's rules each test one key's equality, so "neither of them" cannot be said.
			{
				type: 'responseSuccessBody',
				properties: {
					key: 'success',
					value: false,
					message:
						"QRTRAC refused the test request (HTTP 200 with success: false): check 'Team ID', 'Client ID' and 'Client Secret'",
				},
			},
			...[301, 302, 303, 307, 308].map((status) => ({
				type: 'responseCode' as const,
				properties: {
					value: status,
					message: `The Base URL answered with a redirect (HTTP ${status}); it was not followed, so no credential left for another address. Enter the address QRTRAC answers on directly.`,
				},
			})),
		] as Array<
			IAuthenticateRuleResponseCode | IAuthenticateRuleResponseSuccessBody
		> as ICredentialTestRequest['rules'],
	};
}
