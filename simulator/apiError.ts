/** A refusal the service answers with `{success:false,message}` and the given status. */
export class ApiError extends Error {
	constructor(
		readonly status: number,
		message: string,
	) {
		super(message);
		this.name = 'ApiError';
	}
}

export const badRequest = (message: string) => new ApiError(400, message);
export const unauthorized = (message = 'Invalid credentials!') => new ApiError(401, message);
export const forbidden = (message: string) => new ApiError(403, message);
