import type {
	IDataObject,
	IExecuteFunctions,
	IHttpRequestMethods,
	ILoadOptionsFunctions,
	IPollFunctions,
} from 'n8n-workflow';

import type { PlanCount, RoleRule } from './api/route';
import type { CheckWait } from './checkWait';

/** What a caller of the transport asks for and gets back (transport.ts sends it). */
export type TransportContext = IExecuteFunctions | IPollFunctions | ILoadOptionsFunctions;

export const CREDENTIAL_TYPE = 'qrtracApi';

export interface QrtracRequest {
	method: IHttpRequestMethods;
	/** The operation in the user's words (api/route.ts `Endpoint`): its errors name it before the request. */
	operation?: string;
	/** Path below the interface root, filled from the endpoint's route (api/route.ts) so that values are encoded. */
	path: string;
	/** `primary` is `{base}/api` with header set A; `simple` is `{base}/v1` with the bearer key. */
	api?: 'primary' | 'simple';
	/** The role the contract says the request needs (api/route.ts `Endpoint`): a 403's hint names it. */
	needsRole?: RoleRule;
	/** What the request uses up of the plan (api/route.ts `Endpoint`): its 403's hint names that limit too. */
	usesPlan?: PlanCount;
	query?: IDataObject;
	body?: IDataObject;
	/** Team for `x-request-team-id` (and the rate limit bucket); defaults to the credential's team. */
	teamId?: string;
	itemIndex?: number;
	/**
	 * A GET with a side effect (Resend Invite sends an e-mail and spends a resend): treated like a POST, so an
	 * unknown outcome is never blindly sent again.
	 */
	hasSideEffects?: boolean;
	/** Sends an invitation (Resend Invite): only its refusals about the invitation get the resend hint. */
	sendsInvitation?: true;
	/** The request names no record by ID or e-mail (the v1 create): no "not found" of it is an ID to check. */
	namesRecord?: false;
	/** Return a 2xx answer with `success: false` as a result instead of failing (Check Display ID Availability). */
	acceptUnsuccessful?: boolean;
	/**
	 * For requests that are not idempotent (POST): called when the outcome is unknown (5xx, reset, timeout,
	 * garbled answer). Return the resource when it was created, `null` when it surely was not (the request is
	 * then sent again), `undefined` when that cannot be told (the item fails instead of risking a duplicate). Its
	 * reads are passed `check` (InTeam's `checking`), so that they wait within the change's Maximum Wait.
	 */
	verifyUnknownOutcome?: (check: CheckWait) => Promise<IDataObject | null | undefined>;
	/**
	 * What the user should do before running the item again when the outcome is unknown and cannot be checked.
	 * Default: the advice for a QR code (look in the team's codes, set a Display ID); a team or a dynamic link
	 * has no Display ID.
	 */
	unknownOutcomeAdvice?: string;
	/**
	 * For state changes (pause, rename, ...): called when a retry after an unknown outcome is refused (4xx), e.g.
	 * "already paused" because the first attempt did go through. Return what was asked for when the state read
	 * now shows it (the request then succeeds, marked `verifiedAfterUnknownOutcome`), `undefined` when it does not
	 * (the refusal stands; an answer that said nothing is sent again), an OutcomeUntold to fail the item at once
	 * when the read cannot tell and sending again cannot settle it either; a read that throws is taken as one,
	 * quoting its error. Never a false success, never a false failure. Its reads are passed `check`, as above.
	 */
	verifyAfterRefusal?: (check: CheckWait) => Promise<IDataObject | OutcomeUntold | undefined>;
	/** A read checking a change whose outcome is unknown: it waits within that change's Maximum Wait (checkWait.ts). */
	checking?: CheckWait;
}

/**
 * What verifyAfterRefusal returns when the state read cannot tell whether the change was made (a Folder ID or a
 * password a read need not show): the item fails at once, its outcome unknown, never sent again to no end.
 */
export class OutcomeUntold {
	constructor(private readonly why: string) {}

	/** The error's detail, after a refused retry or after an answer that said nothing. */
	detail(refused: boolean): string {
		return refused
			? `An earlier attempt had an unknown outcome (its answer was lost), so this refusal may be of a change already made, and ${this.why}`
			: `Whether it was made is not known, and it was not sent again: ${this.why}`;
	}
}

export interface QrtracResponse<T> {
	data: T;
	/** The whole envelope, e.g. `{success, data}` or `{success, message}`. */
	body: IDataObject;
	/** The answer is JSON but no object, in `data` (only where the envelope is optional: the v1 create). */
	bare?: true;
	status: number;
	/** True when the answer was recovered by `verifyUnknownOutcome` after an unknown outcome. */
	recovered?: boolean;
	/** True when a refused retry turned out to be a change already made by an attempt whose answer was lost. */
	verifiedAfterUnknownOutcome?: boolean;
	/**
	 * The service's clock when it answered: epoch ms from the answer's `Date` header; undefined without one or when
	 * serviceClock.ts `believedDate` does not believe it (a broken header), so that readers take n8n's clock.
	 */
	serviceDateMs?: number;
}

/**
 * How errors name a request: the operation in the user's words with the request as sent, so that a user sees
 * which step failed (`Get QR Code (GET /api/qrs-api/teams/qr_1)`) and a support desk which address.
 */
export function requestLabel(
	request: Pick<QrtracRequest, 'operation' | 'method'>,
	pathname: string,
): string {
	const sent = `${request.method} ${pathname}`;
	return request.operation ? `${request.operation} (${sent})` : sent;
}
