import type { CheckWait } from '../checkWait';
import { executionNode } from '../executionNode';
import { operationError } from '../nodeErrors';
import { connectionRead, getConnection } from '../readConnection';
import {
	qrtracApiRequest,
	type QrtracRequest,
	type QrtracResponse,
	type TransportContext,
} from '../transport';
import { excerptOf, type AnswerSource } from './answers';
import {
	fillRoute,
	labelOf,
	methodOf,
	type Endpoint,
	type RouteParams,
	type RouteText,
	unsendableParam,
} from './route';

/** Where a request acts and which item it serves: the common parameters of every endpoint function. */
export interface InTeam {
	/** Team Override; undefined is the credential's team. */
	teamId?: string;
	itemIndex?: number;
	/** Set on the reads that check a change whose outcome is unknown: they wait within its Maximum Wait. */
	checking?: CheckWait;
}

/** One request to an endpoint: the endpoint, the values of its route's `{name}` parts, and the rest of the request. */
export type EndpointCall<Route extends string> = Endpoint<Route> &
	RouteParams<Route> &
	Omit<QrtracRequest, 'method' | 'path' | 'api' | 'needsRole' | 'usesPlan'>;

/**
 * Sends a request to an endpoint, its method and path taken from the route, and hands back the answer with its
 * source: the label an answer's errors name, built from the same route.
 */
export async function callEndpoint<Route extends RouteText>(
	ctx: TransportContext,
	call: EndpointCall<Route>,
): Promise<QrtracResponse<unknown> & { source: AnswerSource }> {
	const { operation, route, api, needsRole, usesPlan, params, ...request } = call as Endpoint &
		Omit<QrtracRequest, 'method' | 'path' | 'api' | 'needsRole' | 'usesPlan'> & {
			params?: Record<string, string | number>;
		};
	const unsendable = unsendableParam(route, params);
	if (unsendable !== undefined) {
		const given = await shownExcerpt(ctx, params?.[unsendable] ?? '', 80);
		throw operationError(
			executionNode(ctx),
			`QRTRAC's ${labelOf({ operation, route, api })} was not sent: its {${unsendable}} "${given}" is empty, "." or "..", which an address reads as a step, not as one path segment`,
			{
				itemIndex: request.itemIndex,
				description:
					"Nothing was sent, so no other address of QRTRAC was reached. An ID that QRTRAC itself answered (a listed code's) is not one QRTRAC's contract allows: check the record in QRTRAC's app, or ask its support.",
			},
		);
	}
	const response = await qrtracApiRequest<unknown>(ctx, {
		...request,
		operation,
		method: methodOf(route),
		path: fillRoute(route, params),
		...(api ? { api } : {}),
		...(needsRole ? { needsRole } : {}),
		...(usesPlan ? { usesPlan } : {}),
	});
	return {
		...response,
		source: await answerSource(ctx, { operation, route, api }, request.itemIndex),
	};
}

/** The answer source of an endpoint, with the credential's secrets to keep out of excerpts. */
export async function answerSource(
	ctx: TransportContext,
	endpoint: Endpoint,
	itemIndex?: number,
): Promise<AnswerSource> {
	const { secrets } = await getConnection(ctx);
	return { node: executionNode(ctx), operation: labelOf(endpoint), itemIndex, redact: secrets };
}

/** A value the service sent, fit to show: an excerpt of at most `limit` characters, the credential's secrets blanked. */
export async function shownExcerpt(
	ctx: TransportContext,
	value: unknown,
	limit: number,
): Promise<string> {
	return excerptOf(value, (await getConnection(ctx)).secrets, limit);
}

/** Codes the bulk analytics operations take per request (Get Scans for Codes, Get Scan Totals). */
export const CODES_PER_ANALYTICS_REQUEST = 100;

/** Splits a list into parts of at most `size` (the analytics endpoints take 100 codes per request). */
export function chunk<T>(list: readonly T[], size: number): T[][] {
	const chunks: T[][] = [];
	for (let start = 0; start < list.length; start += size)
		chunks.push(list.slice(start, start + size));
	return chunks;
}

/**
 * Who the credential is (its client id and a SHA-256 of its secrets, connection.ts): key material that no one
 * without the credential can reproduce, and that holds no secret itself.
 */
export async function credentialIdentity(ctx: TransportContext): Promise<string> {
	return (await getConnection(ctx)).identity;
}

/** What operations and the trigger may know of the credential: never a secret. */
export interface ConnectionFacts {
	baseUrl: string;
	/** The credential's team: the team of every request that names none. */
	teamId: string;
	/** Who the credential is, for keys of what is held between runs (no secret in it, see connection.ts). */
	identity: string;
	ratePerSecond: number;
}

/** The credential's connection as operations and the trigger see it (read once per execution context). */
export async function connectionOf(ctx: TransportContext): Promise<ConnectionFacts> {
	const { baseUrl, teamId, identity, ratePerSecond } = await getConnection(ctx);
	return { baseUrl, teamId, identity, ratePerSecond };
}

/**
 * The credential's Base URL for a reader that cannot wait (an item's `parse`, which reads a locator's address):
 * the executor reads the credential before any item, so it is known by then.
 */
export function baseUrlRead(ctx: TransportContext): string {
	const connection = connectionRead(ctx);
	if (!connection)
		throw new Error('The QRTRAC credential is read before the items are (executor.ts)');
	return connection.baseUrl;
}
