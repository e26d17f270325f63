/** A refusal the service answers with `{success:false,message}` and the given status. */
export class ApiError extends Error {
	constructor(
		readonly status: number,
		message: string,
		/**
		 * A record that is not there (`unknown`), is another team's or organization's (`foreign`), or is a code of the
		 * team that was deleted (`deleted`).
		 */
		readonly missing?: 'unknown' | 'foreign' | 'deleted',
	) {
		super(message);
		this.name = 'ApiError';
	}
}

export const badRequest = (message: string) => new ApiError(400, message);
export const unauthorized = (message = 'Invalid credentials!') => new ApiError(401, message);
export const forbidden = (message: string) => new ApiError(403, message);
/** 400 "not found", the simulator's default; the answer mode `notFoundStatus` / `foreignRecordStatus` may change it. */
export const notFound = (message: string, missing: 'unknown' | 'foreign' | 'deleted' = 'unknown') =>
	new ApiError(400, message, missing);
