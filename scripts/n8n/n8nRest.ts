/** Owner account of a local n8n: its password meets n8n's rules (8+ characters, a digit, an upper-case letter). */
export interface OwnerAccount {
	email: string;
	password: string;
	firstName: string;
	lastName: string;
}

export const DEFAULT_OWNER: OwnerAccount = {
	email: 'owner@qrtrac.local',
	password: 'Qrtrac-Demo-2026',
	firstName: 'QRTRAC',
	lastName: 'Owner',
};

/** A credential as the REST API tests it: an empty id means a credential not saved yet. */
export interface CredentialUnderTest {
	id?: string;
	name: string;
	type: string;
	data: Record<string, unknown>;
}

export interface CredentialTestResult {
	status: 'OK' | 'Error';
	message: string;
}

/** The parts of a node type description the REST helpers read. */
export interface ListedNodeType {
	name: string;
	displayName: string;
	version: number | number[];
	credentials?: Array<{ name: string }>;
	[key: string]: unknown;
}

export interface ListedCredentialType {
	name: string;
	displayName: string;
	[key: string]: unknown;
}

/** Browser id the session is bound to: n8n rejects a session cookie sent without the id it was issued for. */
const BROWSER_ID = 'qrtrac-runtime-driver';

/**
 * A small client for the internal REST API of one local n8n (what the editor uses): owner set-up, login
 * with the `n8n-auth` cookie, node and credential types, credential tests, workflow activation, executions.
 * Only ever talks to the base URL it was given (localhost).
 */
export class N8nRestClient {
	private cookie: string | undefined;

	constructor(readonly baseUrl: string) {
		const host = new URL(baseUrl).hostname;
		if (host !== '127.0.0.1' && host !== 'localhost')
			throw new Error(`Refusing a non-local n8n URL: ${baseUrl}`);
	}

	/** First start only: creates the owner account and keeps its session. */
	async setupOwner(owner: OwnerAccount = DEFAULT_OWNER): Promise<void> {
		await this.request('POST', '/rest/owner/setup', owner);
	}

	async login(email: string, password: string): Promise<void> {
		await this.request('POST', '/rest/login', { emailOrLdapLoginId: email, password });
	}

	/** Every node type the instance serves to the editor (package-qualified names). */
	async nodeTypes(): Promise<ListedNodeType[]> {
		return await this.request<ListedNodeType[]>('GET', '/types/nodes.json');
	}

	async credentialTypes(): Promise<ListedCredentialType[]> {
		return await this.request<ListedCredentialType[]>('GET', '/types/credentials.json');
	}

	/** Runs the credential type's `test` inside n8n, exactly as the editor's credential dialog does. */
	async testCredential(credential: CredentialUnderTest): Promise<CredentialTestResult> {
		return await this.request<CredentialTestResult>('POST', '/rest/credentials/test', {
			credentials: { ...credential, id: credential.id ?? '' },
		});
	}

	/** Publishes (activates) the workflow's current version, so its triggers start running. */
	async activateWorkflow(workflowId: string): Promise<void> {
		const workflow = await this.request<{ versionId: string }>(
			'GET',
			`/rest/workflows/${workflowId}`,
		);
		await this.request('POST', `/rest/workflows/${workflowId}/activate`, {
			versionId: workflow.versionId,
		});
	}

	async deactivateWorkflow(workflowId: string): Promise<void> {
		await this.request('POST', `/rest/workflows/${workflowId}/deactivate`, {});
	}

	/** Executions of one workflow, newest first (summaries without run data). */
	async executions(
		workflowId: string,
	): Promise<Array<{ id: string; status: string; mode: string; [key: string]: unknown }>> {
		const filter = encodeURIComponent(JSON.stringify({ workflowId }));
		const page = await this.request<{
			results: Array<{ id: string; status: string; mode: string }>;
		}>('GET', `/rest/executions?filter=${filter}`);
		return page.results;
	}

	/** One execution with its run data (`data` is n8n's serialised run). */
	async execution(executionId: string): Promise<Record<string, unknown>> {
		return await this.request<Record<string, unknown>>('GET', `/rest/executions/${executionId}`);
	}

	/** Any REST call; n8n's `{ data }` wrapper is removed. Non-2xx answers throw with n8n's message. */
	async request<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
		const response = await fetch(new URL(path, this.baseUrl), {
			method,
			headers: {
				'browser-id': BROWSER_ID,
				accept: 'application/json',
				...(body === undefined ? {} : { 'content-type': 'application/json' }),
				...(this.cookie ? { cookie: this.cookie } : {}),
			},
			body: body === undefined ? undefined : JSON.stringify(body),
			signal: AbortSignal.timeout(60_000),
		});
		this.keepSessionCookie(response);
		const text = await response.text();
		const parsed = text ? (JSON.parse(text) as unknown) : undefined;
		if (!response.ok) {
			const message = (parsed as { message?: string } | undefined)?.message ?? text;
			throw new Error(`n8n ${method} ${path} answered ${response.status}: ${message}`);
		}
		if (parsed && typeof parsed === 'object' && !Array.isArray(parsed) && 'data' in parsed)
			return (parsed as { data: T }).data;
		return parsed as T;
	}

	/** A GET whose answer is a file (e.g. `/rest/binary-data?id=...&action=download`); non-2xx answers throw. */
	async requestBytes(path: string): Promise<Buffer> {
		const response = await fetch(new URL(path, this.baseUrl), {
			headers: { 'browser-id': BROWSER_ID, ...(this.cookie ? { cookie: this.cookie } : {}) },
			signal: AbortSignal.timeout(60_000),
		});
		const bytes = Buffer.from(await response.arrayBuffer());
		if (!response.ok)
			throw new Error(
				`n8n GET ${path} answered ${response.status}: ${bytes.toString('utf8').slice(0, 500)}`,
			);
		return bytes;
	}

	private keepSessionCookie(response: Response): void {
		for (const header of response.headers.getSetCookie()) {
			const [pair] = header.split(';');
			if (pair.startsWith('n8n-auth=')) this.cookie = pair;
		}
	}
}
