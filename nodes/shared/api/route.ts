import type { IHttpRequestMethods } from 'n8n-workflow';

/**
 * Where every path of the contract begins: the primary API's four roots and the simple interface's one path. A
 * route must start with one (RouteText), and a Base URL holding one is an operation's address (connection.ts).
 */
export const ROUTE_ROOTS = [
	'qrs-api',
	'teams-api',
	'analytics-api',
	'qr-templates-api',
	'qr/create',
] as const;

/** A route as the contract writes it: the method, a space, the path below the interface root. */
export type RouteText = `${IHttpRequestMethods} /${(typeof ROUTE_ROOTS)[number]}${string}`;

/**
 * A contract operation: its name in the user's words and its route as the contract writes it, method first
 * (`GET /qrs-api/teams/{id}`). The route is the one place its path is written: the request's path is filled from
 * it, and so is the label an answer's errors name (`Get QR Code (GET /qrs-api/teams/{id})`).
 */
export interface Endpoint<Route extends string = string> {
	operation: string;
	route: Route;
	/** The simple v1 interface (bearer API key, below `/v1`) instead of the primary API (below `/api`). */
	api?: 'simple';
}

/** An endpoint with its route's literal type kept, so that a call must name exactly the route's parameters. */
export function endpoint<Route extends RouteText>(
	operation: string,
	route: Route,
	api?: 'simple',
): Endpoint<Route> {
	return api ? { operation, route, api } : { operation, route };
}

type ParamNames<Path extends string> = Path extends `${string}{${infer Name}}${infer Rest}`
	? Name | ParamNames<Rest>
	: never;

/** The values of a route's `{name}` parts: required when it has any, absent when it has none. */
export type RouteParams<Route extends string> = [ParamNames<Route>] extends [never]
	? { params?: undefined }
	: { params: Record<ParamNames<Route>, string | number> };

export function methodOf(route: string): IHttpRequestMethods {
	return route.slice(0, route.indexOf(' ')) as IHttpRequestMethods;
}

/**
 * The request path: the route's path with each `{name}` replaced by its value encoded as ONE path segment
 * (`{id}` = `a/b?c` gives `a%2Fb%3Fc`), so that a value can never add a segment or a query.
 */
export function fillRoute(route: string, params: Record<string, string | number> = {}): string {
	return route
		.slice(route.indexOf(' ') + 1)
		.replace(/\{(\w+)\}/g, (_, name: string) => encodePathSegment(String(params[name])));
}

/** The answer's label: the operation, its method and its path as the contract writes them. */
export function labelOf({ operation, route, api }: Endpoint): string {
	const space = route.indexOf(' ');
	const root = api === 'simple' ? '/v1' : '';
	return `${operation} (${route.slice(0, space)} ${root}${route.slice(space + 1)})`;
}

/** Values made only of dots are encoded too, so `..` can never climb out of the intended route. */
export function encodePathSegment(value: string): string {
	const encoded = encodeURIComponent(value);
	return /^\.+$/.test(encoded) ? encoded.replace(/\./g, '%2E') : encoded;
}
