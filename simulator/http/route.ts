import type { Actor } from '../domain/access';
import type { QueryValues } from '../domain/qrQueries';
import type { SimulatorState } from '../state';

export interface ApiRequest {
	state: SimulatorState;
	actor: Actor;
	params: Record<string, string>;
	query: QueryValues;
	body: unknown;
}

export interface ApiAnswer {
	/** Default 200. */
	status?: number;
	body: unknown;
}

/**
 * One operation of the primary API (paths relative to `/api`). `team` says whether x-request-team-id is
 * required (the contract lists it) or optional (the client's default team stands in).
 */
export interface ApiRoute {
	method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
	path: string;
	operationId: string;
	team: 'required' | 'optional';
	handle(request: ApiRequest): ApiAnswer | Promise<ApiAnswer>;
}

export const ok = (data?: unknown): ApiAnswer => ({
	body: data === undefined ? { success: true } : { success: true, data },
});
export const created = (data: unknown): ApiAnswer => ({
	status: 201,
	body: { success: true, data },
});
