/** Marks on errors, by identity, of what their request did or may have done: one rule for every reader. */

/** The errors of requests that may have been carried out (a lost answer, a success that names nothing made). */
const unknownOutcomes = new WeakSet<object>();

/** Marks `error` as the failure of a request that may have been carried out all the same. */
export function markOutcomeUnknown<E extends object>(error: E): E {
	unknownOutcomes.add(error);
	return error;
}

/** Whether `error` leaves open that its request was carried out (api/createTries.ts sends nothing again then). */
export function isOutcomeUnknown(error: unknown): boolean {
	return typeof error === 'object' && error !== null && unknownOutcomes.has(error);
}

/** The errors of requests that surely did nothing: never sent, or refused by every answer (a 4xx, a 429). */
const nothingDone = new WeakSet<object>();

/** Marks `error` as the failure of a request that went out to no effect or never went out (transport.ts). */
export function markNothingWentOut<E>(error: E): E {
	if (typeof error === 'object' && error !== null) nothingDone.add(error);
	return error;
}

/**
 * Whether `error`'s request surely did nothing (Resend Invite sends a later row of the person then). Any failure
 * not marked so may have been carried out: a lost or unreadable answer, a 5xx, a 2xx saying `success: false`.
 */
export function nothingWentOut(error: unknown): boolean {
	return typeof error === 'object' && error !== null && nothingDone.has(error);
}
