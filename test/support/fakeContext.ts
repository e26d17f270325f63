/**
 * A small stand-in for n8n's execution context, for the fast unit tests of the core (transport, endpoint module,
 * executor): parameters per item, a credential, and HTTP answered from a queue (or a function) instead of sockets.
 * Every request the code sends is recorded. Pair it with `jest.mock('n8n-workflow', ...)` replacing `sleep`, so
 * that waits cost nothing.
 */
import type {
	IDataObject,
	IExecuteFunctions,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
	INode,
	INodeExecutionData,
} from 'n8n-workflow';
import { isDeepStrictEqual } from 'node:util';

export interface FakeAnswer {
	status?: number;
	/** Sent as JSON unless a string or a Buffer (an image). */
	body?: unknown;
	headers?: Record<string, string>;
	/** Instead of an answer: a network error with this code (ECONNRESET, ETIMEDOUT, ...). */
	networkError?: string;
}

export interface SentRequest {
	method: string;
	url: string;
	qs?: IDataObject;
	body?: unknown;
	headers: IDataObject;
	/** True for helpers.httpRequest (no credential), false for httpRequestWithAuthentication. */
	anonymous: boolean;
}

export interface FakeContextOptions {
	/** Parameters of each input item (the node's parameters are the same for all unless they differ here). */
	items?: IDataObject[];
	parameters?: IDataObject | ((itemIndex: number) => IDataObject);
	/**
	 * The parameters as the workflow wrote them, expressions included (n8n's stored `node.parameters`), for
	 * per-item `parameters`: n8n stores an expression whatever each item's value, so a rule reading the stored
	 * field sees it with one item or items alike too. Unless set, guessed from the items' values (`storedAcross`).
	 */
	stored?: IDataObject;
	credentials?: IDataObject;
	continueOnFail?: boolean;
	/** The node's version (its form layout and outputs); 1 unless set. */
	typeVersion?: number;
	/** The node's type; the action node unless set (e.g. its AI tool variant, `n8n-nodes-qrtrac.qrtracTool`). */
	nodeType?: string;
	/** Answers in order, or a function of the request. */
	answers?: FakeAnswer[] | ((request: SentRequest) => FakeAnswer | Promise<FakeAnswer>);
}

export interface FakeContext {
	ctx: IExecuteFunctions;
	sent: SentRequest[];
}

/** The node a fake context runs as (QRTRAC, version 1). */
export const NODE: INode = {
	id: 'fake',
	name: 'QRTRAC',
	type: 'n8n-nodes-qrtrac.qrtrac',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};

let baseUrlCounter = 0;

/** A Base URL no other test uses, so that the process-wide rate limiters never carry over between tests. */
export function uniqueBaseUrl(): string {
	return `https://api${++baseUrlCounter}.qrtrac.test`;
}

export function fakeContext(options: FakeContextOptions = {}): FakeContext {
	const sent: SentRequest[] = [];
	const queue = Array.isArray(options.answers) ? [...options.answers] : undefined;
	const credentials: IDataObject = {
		baseUrl: uniqueBaseUrl(),
		teamId: 'team_1',
		clientId: 'client_1',
		clientSecret: 'secret-value-1',
		apiKey: 'api-key-value-1',
		plan: 'Enterprise',
		...options.credentials,
	};
	const items = (options.items ?? [{}]).map((json) => ({ json }));

	const answer = async (request: SentRequest): Promise<IN8nHttpFullResponse> => {
		sent.push(request);
		const next =
			typeof options.answers === 'function' ? await options.answers(request) : queue?.shift();
		if (!next)
			throw new Error(`fakeContext: no answer queued for ${request.method} ${request.url}`);
		if (next.networkError)
			throw Object.assign(new Error(`socket ${next.networkError}`), { code: next.networkError });
		const text =
			next.body === undefined
				? ''
				: typeof next.body === 'string' || Buffer.isBuffer(next.body)
					? next.body
					: JSON.stringify(next.body);
		return {
			statusCode: next.status ?? 200,
			headers: next.headers ?? {},
			body: text,
			statusMessage: '',
		} as IN8nHttpFullResponse;
	};

	const record = (options: IHttpRequestOptions, anonymous: boolean): SentRequest => ({
		method: String(options.method ?? 'GET'),
		url: options.url,
		qs: options.qs,
		body: options.body,
		headers: (options.headers ?? {}) as IDataObject,
		anonymous,
	});

	const parametersOf = (itemIndex: number): IDataObject =>
		typeof options.parameters === 'function'
			? options.parameters(itemIndex)
			: (options.parameters ?? {});

	const nodeParameters: IDataObject =
		options.stored ??
		(typeof options.parameters === 'function'
			? (storedAcross(items.map((_item, itemIndex) => parametersOf(itemIndex))) as IDataObject)
			: (options.parameters ?? {}));
	const ctx = {
		getNode: () => ({
			...NODE,
			type: options.nodeType ?? NODE.type,
			typeVersion: options.typeVersion ?? NODE.typeVersion,
			parameters: nodeParameters,
		}),
		getInputData: () => items,
		continueOnFail: () => options.continueOnFail === true,
		getTimezone: () => 'UTC',
		getExecutionId: () => 'execution_1',
		getWorkflow: () => ({ id: 'workflow_1', name: 'Fake workflow', active: false }),
		getCredentials: async () => credentials,
		getExecutionCancelSignal: () => undefined,
		getNodeParameter: (
			name: string,
			itemIndex: number,
			fallback?: unknown,
			readOptions?: { extractValue?: boolean },
		) => {
			const value = lookup(parametersOf(itemIndex), name);
			if (value === undefined) return fallback;
			// A resource locator ({__rl, mode, value}) read with extractValue, as n8n does: its value.
			if (readOptions?.extractValue && isLocator(value)) return value.value;
			return value;
		},
		helpers: {
			httpRequestWithAuthentication: async (_type: string, requestOptions: IHttpRequestOptions) =>
				await answer(record(requestOptions, false)),
			httpRequest: async (requestOptions: IHttpRequestOptions) =>
				await answer(record(requestOptions, true)),
			constructExecutionMetaData: (
				executionItems: INodeExecutionData[],
				{ itemData }: { itemData: { item: number } },
			) => executionItems.map((item) => ({ ...item, pairedItem: itemData })),
			prepareBinaryData: async (data: Buffer, fileName: string, mimeType: string) => ({
				data: data.toString('base64'),
				fileName,
				mimeType,
			}),
		},
	};
	return { ctx: ctx as unknown as IExecuteFunctions, sent };
}

/** What n8n stores for an expression; getNodeParameter resolves it per item (here: `parameters(itemIndex)`). */
const PER_ITEM = '={{ per item }}';

/**
 * The parameters as n8n's node holds them when they differ per item, for a caller that does not give them
 * (`stored`): a value the items share as it is, objects (a collection, a picker's `__rl` and mode) and lists of as
 * many rows field by field, row by row, at any depth; an expression only where the items' values differ. A rule
 * reading the stored field (a picker's shape) then sees what n8n gives it, inside a collection too (Options > Team
 * (Override), the picked codes' rows). A guess: where the workflow wrote an expression that gives every item the
 * same value, n8n still stores the expression, so a caller with a template (parseItems.ts) gives it.
 */
function storedAcross(values: unknown[]): unknown {
	const [first] = values;
	if (values.every((value) => isDeepStrictEqual(value, first))) return first;
	if (values.every(Array.isArray)) {
		const lists = values as unknown[][];
		if (lists.some((list) => list.length !== lists[0].length)) return PER_ITEM;
		return lists[0].map((_entry, index) => storedAcross(lists.map((list) => list[index])));
	}
	if (values.every(isFieldObject)) {
		const objects = values as IDataObject[];
		const names = [...new Set(objects.flatMap((object) => Object.keys(object)))];
		return Object.fromEntries(
			names.map((name) => [name, storedAcross(objects.map((object) => object[name]))]),
		);
	}
	return PER_ITEM;
}

function isFieldObject(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `a.b` paths as n8n's getNodeParameter reads them (e.g. `teams.team`). */
function lookup(parameters: IDataObject, path: string): unknown {
	return path
		.split('.')
		.reduce<unknown>(
			(value, key) =>
				value && typeof value === 'object' ? (value as IDataObject)[key] : undefined,
			parameters,
		);
}

function isLocator(value: unknown): value is { __rl: true; value: unknown } {
	return typeof value === 'object' && value !== null && '__rl' in value;
}

/** An answer with the service's envelope. */
export function ok(data?: unknown, headers?: Record<string, string>): FakeAnswer {
	return {
		status: 200,
		body: data === undefined ? { success: true } : { success: true, data },
		headers,
	};
}

export function refused(
	status: number,
	message: string,
	headers?: Record<string, string>,
): FakeAnswer {
	return { status, body: { success: false, message }, headers };
}
