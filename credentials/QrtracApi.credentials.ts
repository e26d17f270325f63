import type {
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';

/**
 * One credential for both QRTRAC interfaces:
 * - the primary API under `{base}/api/...` authenticates with header set A
 *   (`x-request-team-id`, `x-request-client-id`, `x-request-client-secret`);
 * - the simple variant under `{base}/v1/...` authenticates with `Authorization: Bearer <API key>`.
 * Secrets only ever travel in headers, never in a URL or query string.
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
			description: 'Team the API client acts for, from QRTRAC Settings > API Access. Operations can act in another team.',
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
			displayName: 'API Key (Simple Interface)',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			description: 'Only for the Dynamic Link resource (the simple v1 interface); leave empty otherwise',
		},
		{
			displayName: 'Plan',
			name: 'plan',
			type: 'options',
			default: 'Business Plus',
			description: "Your QRTRAC plan. The nodes pace requests to the plan's per-team limit.",
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
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: 'https://api.qrtrac.com',
			required: true,
			description:
				'Address of the QRTRAC service, without /api. Keep the default unless you go through a proxy or use the local QRTRAC simulator.',
		},
		{
			displayName: 'Request Timeout (Seconds)',
			name: 'timeoutSeconds',
			type: 'number',
			default: 30,
			typeOptions: { minValue: 1, maxValue: 600 },
			description: 'How long to wait for one answer before treating the request as failed',
		},
	];

	authenticate = async (
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> => {
		const headers = { ...(requestOptions.headers ?? {}) };
		if (isSimpleInterfaceRequest(credentials, requestOptions)) {
			requireFields(credentials, { apiKey: 'API Key (Simple Interface)' });
			headers.Authorization = `Bearer ${String(credentials.apiKey)}`;
		} else {
			requireFields(credentials, {
				teamId: 'Team ID',
				clientId: 'Client ID',
				clientSecret: 'Client Secret',
			});
			// A per-operation team override set by the node wins over the credential's team.
			headers['x-request-team-id'] = headers['x-request-team-id'] ?? String(credentials.teamId).trim();
			headers['x-request-client-id'] = String(credentials.clientId).trim();
			headers['x-request-client-secret'] = String(credentials.clientSecret);
		}
		return { ...requestOptions, headers };
	};

	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{ String($credentials.baseUrl).replace(/\\/+$/, "") }}/api',
			url: '/qr-templates-api',
			method: 'GET',
		},
		rules: [
			{
				type: 'responseCode',
				properties: {
					value: 401,
					message: 'QRTRAC refused the client credentials: check Team ID, Client ID and Client Secret',
				},
			},
		],
	};
}

function isSimpleInterfaceRequest(
	credentials: ICredentialDataDecryptedObject,
	requestOptions: IHttpRequestOptions,
): boolean {
	const base = String(credentials.baseUrl ?? '').replace(/\/+$/, '');
	const url = `${requestOptions.baseURL ?? ''}${requestOptions.url ?? ''}`;
	const path = url.startsWith(base) ? url.slice(base.length) : url.replace(/^https?:\/\/[^/]+/, '');
	return path.startsWith('/v1/');
}

function requireFields(credentials: ICredentialDataDecryptedObject, fields: Record<string, string>): void {
	const missing = Object.entries(fields)
		.filter(([key]) => String(credentials[key] ?? '').trim() === '')
		.map(([, label]) => label);
	if (missing.length > 0) {
		throw new Error(`QRTRAC credential is missing: ${missing.join(', ')}`);
	}
}
