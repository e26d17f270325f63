import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import spec from '../contract/openapi.json';

/**
 * Checks requests and answers against the QRTRAC contract (test/contract/openapi.json), built from the contract
 * itself rather than from the simulator, so the two can disagree and a test notices.
 *
 * Paths are what goes on the wire relative to the credential's base URL: the primary API under `/api`
 * (`/api/qrs-api/v2/teams/`), the simple variant under `/v1` (`/v1/qr/create`). Full URLs are accepted too.
 */

interface Parameter {
	name: string;
	in: 'header' | 'path' | 'query';
	required?: boolean;
	schema: Record<string, unknown>;
}

interface Operation {
	operationId: string;
	method: string;
	/** Contract path without server prefix, e.g. '/qrs-api/{id}'. */
	template: string;
	/** Where the path lives on the wire: '/api' or '/v1'. */
	prefix: '/api' | '/v1';
	/** JSON pointer of the operation inside openapi.json. */
	pointer: string;
	parameters: Parameter[];
	hasBody: boolean;
	bodyRequired: boolean;
	responses: Record<string, { hasSchema: boolean }>;
}

export interface OperationMatch {
	operationId: string;
	pathParams: Record<string, string>;
}

export interface RequestEntry {
	method: string;
	/** Path as sent (percent-encoded), may include the query string; or a full URL. */
	path: string;
	/** When given (e.g. a simulator log entry), preferred over `path`: it is the undecoded target. */
	rawPath?: string;
	headers?: Record<string, string | string[] | undefined>;
	query?: Record<string, string | string[] | undefined>;
	body?: unknown;
}

type Spec = {
	paths: Record<string, Record<string, any>>;
	components: { parameters: Record<string, Parameter> };
	'x-simple-variant': { paths: Record<string, Record<string, any>> };
};
const contract = spec as unknown as Spec;
const SPEC_ID = 'openapi.json';
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema(contract as object, SPEC_ID);

function escapePointer(segment: string): string {
	return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}

function resolveParameter(parameter: Parameter | { $ref: string }): Parameter {
	if ('$ref' in parameter)
		return contract.components.parameters[parameter.$ref.split('/').pop() as string];
	return parameter;
}

function collect(
	paths: Record<string, Record<string, any>>,
	prefix: '/api' | '/v1',
	base: string,
): Operation[] {
	return Object.entries(paths).flatMap(([template, item]) =>
		METHODS.filter((method) => item[method]).map((method) => {
			const operation = item[method];
			return {
				operationId: operation.operationId,
				method: method.toUpperCase(),
				template,
				prefix,
				pointer: `${base}/${escapePointer(template)}/${method}`,
				parameters: (operation.parameters ?? []).map(resolveParameter),
				hasBody: !!operation.requestBody,
				bodyRequired: !!operation.requestBody?.required,
				responses: Object.fromEntries(
					Object.entries(operation.responses ?? {}).map(([status, response]: [string, any]) => [
						status,
						{ hasSchema: !!response.content?.['application/json']?.schema },
					]),
				),
			};
		}),
	);
}

/** Every operation of the contract: the 28 primary ones and the simple variant. */
export const operations: readonly Operation[] = [
	...collect(contract.paths, '/api', '#/paths'),
	...collect(contract['x-simple-variant'].paths, '/v1', '#/x-simple-variant/paths'),
];

const byId = new Map(operations.map((operation) => [operation.operationId, operation]));

function literalCount(template: string): number {
	return template.split('/').filter((part) => part && !part.startsWith('{')).length;
}

function splitTarget(target: string): { pathname: string; search: string } {
	const withoutOrigin = target.replace(/^[a-z]+:\/\/[^/]+/i, '');
	const index = withoutOrigin.indexOf('?');
	return index < 0
		? { pathname: withoutOrigin, search: '' }
		: { pathname: withoutOrigin.slice(0, index), search: withoutOrigin.slice(index + 1) };
}

/**
 * The operation a request line addresses, with its path parameters decoded. Literal segments must match
 * exactly (the trailing slash of the paginated list included); when two templates fit, the one with more
 * literal segments wins, as in the service's router.
 */
export function findOperation(method: string, path: string): OperationMatch | undefined {
	const { pathname } = splitTarget(path);
	let best: { operation: Operation; params: Record<string, string> } | undefined;
	for (const operation of operations) {
		if (operation.method !== method.toUpperCase() || !pathname.startsWith(`${operation.prefix}/`))
			continue;
		const parts = pathname.slice(operation.prefix.length).split('/');
		const wanted = operation.template.split('/');
		if (parts.length !== wanted.length) continue;
		const params: Record<string, string> = {};
		const fits = wanted.every((segment, index) => {
			const name = /^\{(\w+)\}$/.exec(segment)?.[1];
			if (!name) return segment === parts[index];
			if (parts[index] === '') return false;
			try {
				params[name] = decodeURIComponent(parts[index]);
			} catch {
				return false;
			}
			return true;
		});
		if (fits && (!best || literalCount(operation.template) > literalCount(best.operation.template)))
			best = { operation, params };
	}
	return best && { operationId: best.operation.operationId, pathParams: best.params };
}

const validators = new Map<string, ValidateFunction>();

function validatorFor(pointer: string): ValidateFunction {
	let validate = validators.get(pointer);
	if (!validate) {
		validate = ajv.compile({ $ref: `${SPEC_ID}${pointer}` });
		validators.set(pointer, validate);
	}
	return validate;
}

function schemaErrors(pointer: string, value: unknown, label: string): string[] {
	const validate = validatorFor(pointer);
	if (validate(value)) return [];
	return (validate.errors ?? []).map((error) =>
		`${label}${error.instancePath || ''} ${error.message ?? 'is invalid'}`.trim(),
	);
}

/** A query or path value as the schema's type would read it: integers from their decimal text. */
function typed(value: string, schema: Record<string, unknown>): unknown {
	return schema.type === 'integer' && /^-?\d+$/.test(value) ? Number(value) : value;
}

function headerValue(headers: RequestEntry['headers'], name: string): string | undefined {
	const found = Object.entries(headers ?? {}).find(([key]) => key.toLowerCase() === name);
	const value = found?.[1];
	return Array.isArray(value) ? value[0] : value;
}

function queryOf(entry: RequestEntry, search: string): Record<string, string | string[]> {
	const query: Record<string, string | string[]> = {};
	for (const [name, value] of new URLSearchParams(search)) {
		const existing = query[name];
		query[name] = existing === undefined ? value : ([] as string[]).concat(existing, value);
	}
	for (const [name, value] of Object.entries(entry.query ?? {}))
		if (value !== undefined) query[name] = value;
	return query;
}

function isEmptyBody(body: unknown): boolean {
	return body === undefined || body === null || body === '';
}

/**
 * What is wrong with a request by the contract: unknown path or method, a missing required header (header
 * set A where the contract lists it; `Authorization: Bearer` for the simple variant), path and query
 * parameters against their schemas (unknown query parameters included), and the body against its schema.
 */
export function validateRequest(entry: RequestEntry): string[] {
	const { pathname, search } = splitTarget(entry.rawPath ?? entry.path);
	const match = findOperation(entry.method, pathname);
	if (!match) return [`unknown operation: ${entry.method.toUpperCase()} ${pathname}`];
	const operation = byId.get(match.operationId) as Operation;
	const errors: string[] = [];

	for (const parameter of operation.parameters.filter((p) => p.in === 'header')) {
		const value = headerValue(entry.headers, parameter.name.toLowerCase());
		if (parameter.required && !value) errors.push(`missing required header ${parameter.name}`);
	}
	if (
		operation.prefix === '/v1' &&
		!/^Bearer\s+\S+$/.test(headerValue(entry.headers, 'authorization') ?? '')
	) {
		errors.push('missing Authorization: Bearer <API key> header');
	}

	const pathParameters = operation.parameters.filter((p) => p.in === 'path');
	pathParameters.forEach((parameter) => {
		const index = operation.parameters.indexOf(parameter);
		const value = typed(match.pathParams[parameter.name], parameter.schema);
		errors.push(
			...schemaErrors(
				`${operation.pointer}/parameters/${index}/schema`,
				value,
				`path parameter ${parameter.name}`,
			),
		);
	});

	const query = queryOf(entry, search);
	const queryParameters = operation.parameters.filter((p) => p.in === 'query');
	for (const [name, value] of Object.entries(query)) {
		const parameter = queryParameters.find((p) => p.name === name);
		if (!parameter) {
			errors.push(`unknown query parameter ${name}`);
			continue;
		}
		if (Array.isArray(value)) {
			errors.push(`query parameter ${name} given more than once`);
			continue;
		}
		const index = operation.parameters.indexOf(parameter);
		errors.push(
			...schemaErrors(
				`${operation.pointer}/parameters/${index}/schema`,
				typed(value, parameter.schema),
				`query parameter ${name}`,
			),
		);
	}
	for (const parameter of queryParameters) {
		if (parameter.required && query[parameter.name] === undefined)
			errors.push(`missing required query parameter ${parameter.name}`);
	}

	if (!operation.hasBody) {
		if (!isEmptyBody(entry.body)) errors.push(`${operation.operationId} takes no request body`);
	} else if (isEmptyBody(entry.body)) {
		if (operation.bodyRequired) errors.push('missing request body');
	} else {
		errors.push(
			...schemaErrors(
				`${operation.pointer}/requestBody/content/application~1json/schema`,
				entry.body,
				'body',
			),
		);
	}
	return errors;
}

const ERROR_RESPONSE_POINTER = '#/components/schemas/ErrorResponse';

/** The envelope rule of every answer: errors are `{success:false, message}`; successes say `success`. */
function envelopeErrors(status: number, body: unknown): string[] {
	if (body === null || typeof body !== 'object' || Array.isArray(body))
		return ['body is not a JSON object'];
	const envelope = body as { success?: unknown; message?: unknown };
	if (status >= 400) {
		const errors: string[] = [];
		if (envelope.success !== false) errors.push('error body must have success: false');
		if (typeof envelope.message !== 'string' || envelope.message === '')
			errors.push('error body must have a message');
		return errors;
	}
	return typeof envelope.success === 'boolean' ? [] : ['body must have a boolean success'];
}

/**
 * What is wrong with an answer by the contract. A declared status is checked against its schema; an
 * undeclared error status against the error envelope (the contract documents 400/401/403/429 for the whole
 * API, not for every operation); an undeclared success status is an error. Every answer must keep the envelope.
 */
export function validateResponse(operationId: string, status: number, body: unknown): string[] {
	const operation = byId.get(operationId);
	if (!operation) return [`unknown operationId ${operationId}`];
	const declared = operation.responses[String(status)];
	if (!declared && status < 400) return [`status ${status} is not declared for ${operationId}`];
	const errors = envelopeErrors(status, body);
	if (declared?.hasSchema) {
		errors.push(
			...schemaErrors(
				`${operation.pointer}/responses/${status}/content/application~1json/schema`,
				body,
				'body',
			),
		);
	} else if (!declared) {
		errors.push(...schemaErrors(ERROR_RESPONSE_POINTER, body, 'body'));
	}
	return errors;
}
