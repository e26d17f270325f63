import type { NodeApiError } from 'n8n-workflow';

import { fakeContext, refused } from './fakeContext';

/** A request through an endpoint function or the transport, on the fake context. */
export type Send = (ctx: never) => Promise<unknown>;

/**
 * The error a request fails with when QRTRAC refuses it so at every attempt (a 5xx is retried): its status and the
 * description, where the hint stands. Rejects when the request does not fail.
 */
export async function refusalOf(
	status: number,
	message: string,
	send: Send,
): Promise<{ httpCode: string | null; hint: string }> {
	const { ctx } = fakeContext({ answers: () => refused(status, message) });
	const error = await send(ctx as never).then(
		() => {
			throw new Error('the request did not fail');
		},
		(thrown: NodeApiError) => thrown,
	);
	return { httpCode: error.httpCode, hint: String(error.description ?? '') };
}

/** The description (where the hint stands) of the error a request refused so fails with. */
export async function hintOf(status: number, message: string, send: Send): Promise<string> {
	return (await refusalOf(status, message, send)).hint;
}
