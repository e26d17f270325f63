import type { IHttpRequestMethods } from 'n8n-workflow';

/** The primary API's four roots: its routes start with one, below `/api`. */
const PRIMARY_ROOTS = ['qrs-api', 'teams-api', 'analytics-api', 'qr-templates-api'] as const;
/** The simple interface's one path, below `/v1`. */
const SIMPLE_ROOTS = ['qr/create'] as const;

/** Where every path of the contract begins: a route must start with one (RouteText). */
export const ROUTE_ROOTS = [...PRIMARY_ROOTS, ...SIMPLE_ROOTS] as const;

/** What a request joins the Base URL and a route with (transport.ts): `{base}/api/qrs-api/...`, `{base}/v1/qr/create`. */
export const INTERFACE_ROOT = { primary: '/api', simple: '/v1' } as const;

/**
 * The contract's paths of more than one segment that hold no `{parameter}`: a Base URL ending with one is an
 * operation's address pasted from the API reference (its paths are written without `/api`).
 */
export const FIXED_PATHS = [
	'/qrs-api/v2/teams',
	'/analytics-api/detailed/all',
	'/analytics-api/overviews',
	'/teams-api/members/bulk',
	'/qr/create',
];

/**
 * Whether a Base URL's path is an operation's address: it holds an interface's join (`/api/teams-api`,
 * `/v1/qr/create`), or ends with one of the contract's fixed paths. A path merely named like a root stays a
 * gateway's own (`/teams-api/qrtrac`, a gateway mounted at `/teams-api`): `{id}` would match any such segment.
 */
export function isOperationPath(pathname: string): boolean {
	const path = pathname.toLowerCase().replace(/\/+$/, '');
	const joins = [
		...PRIMARY_ROOTS.map((root) => `${INTERFACE_ROOT.primary}/${root}`),
		...SIMPLE_ROOTS.map((root) => `${INTERFACE_ROOT.simple}/${root}`),
	];
	return (
		joins.some((join) => `${path}/`.includes(`${join}/`)) ||
		FIXED_PATHS.some((fixed) => path.endsWith(fixed))
	);
}

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
	/** The role the contract says the API client needs for this operation: a 403's hint names it. */
	needsRole?: RoleRule;
	/** What the operation uses up of the plan (a code, a team, a member's seat): its 403 may be that limit's. */
	usesPlan?: PlanCount;
}

/** What a plan may count: codes (a create or a duplicate), teams, the people of the teams. */
export type PlanCount = 'codes' | 'teams' | 'members';

/** The contract's role rules: Update Team needs Admin or Owner, Delete Member (completely) needs Owner. */
export type RoleRule = 'Admin or Owner' | 'Owner';

/** An endpoint with its route's literal type kept, so that a call must name exactly the route's parameters. */
export function endpoint<Route extends RouteText>(
	operation: string,
	route: Route,
	more: { api?: 'simple'; needsRole?: RoleRule; usesPlan?: PlanCount } = {},
): Endpoint<Route> {
	return { operation, route, ...more };
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
 * (`{id}` = `a/b?c` gives `a%2Fb%3Fc`), so that a value can never add a segment or a query. A value no encoding
 * keeps one segment (unsendableParam) throws: callers refuse it first, naming it.
 */
export function fillRoute(route: string, params: Record<string, string | number> = {}): string {
	const unsendable = unsendableParam(route, params);
	if (unsendable !== undefined)
		throw new Error(`The {${unsendable}} of ${route} cannot travel as one path segment`);
	return route
		.slice(route.indexOf(' ') + 1)
		.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params[name])));
}

/**
 * The first `{name}` of the route whose value cannot be one path segment: empty, `.` or `..`. An address reads
 * those two as steps even when escaped (`%2E%2E`), so such an ID (a listed code's, as the service gave it) would
 * send the request to another path of the service; `...` is a segment like any other.
 */
export function unsendableParam(
	route: string,
	params: Record<string, string | number> = {},
): string | undefined {
	return [...route.matchAll(/\{(\w+)\}/g)]
		.map((match) => match[1])
		.find((name) => /^\.{0,2}$/.test(String(params[name] ?? '')));
}

/** The answer's label: the operation, its method and its path as the contract writes them. */
export function labelOf({ operation, route, api }: Endpoint): string {
	const space = route.indexOf(' ');
	const root = api === 'simple' ? '/v1' : '';
	return `${operation} (${route.slice(0, space)} ${root}${route.slice(space + 1)})`;
}
