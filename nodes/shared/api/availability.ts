import type { IDataObject } from 'n8n-workflow';

import { isPlainObject } from '../plainObject';
import { foldedDisplayId } from '../records/qrCode';
import type { TransportContext } from '../transport';
import { readAvailability, unexpectedAnswer } from './answers';
import { callEndpoint } from './source';

/**
 * Whether a Display ID is free. A taken ID is answered HTTP 200 with `success: false`: that is the answer "taken",
 * not a failure. An answer naming another Display ID (beside the envelope or in `data`, in any case but the asked
 * one's) speaks of another code's ID, so it fails rather than be read as the asked one's.
 */
export async function checkQrAvailability(
	ctx: TransportContext,
	{ displayId, itemIndex }: { displayId: string; itemIndex?: number },
): Promise<{ available: boolean; message?: string }> {
	const { body, source } = await callEndpoint(ctx, {
		operation: 'Check Display ID Availability',
		route: 'GET /qrs-api/availability/{id}',
		params: { id: displayId },
		acceptUnsuccessful: true,
		itemIndex,
	});
	const answered = readAvailability(source, body);
	const other = [body, body.data]
		.map((part) => (isPlainObject(part) ? (part as IDataObject).displayId : undefined))
		.find(
			(named) => typeof named === 'string' && foldedDisplayId(named) !== foldedDisplayId(displayId),
		);
	if (other === undefined) return answered;
	throw unexpectedAnswer(
		source,
		`the availability of the Display ID asked for, "${displayId}"`,
		body,
		`"displayId" is "${String(other)}", another Display ID`,
	);
}
