import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { apiPath } from '../../shared/apiPath';
import { qrtracApiRequest } from '../../shared/transport';
import { findQrByDisplayId } from './qrCodeLookup';

/** The three writes of Create or Update (create, update, soft delete), each one request through the transport. */

/**
 * Creates the code. When the answer is lost, the code is looked up by its Display ID: found, it is returned as
 * `recovered` (it may not hold this body yet); absent, the create is sent again, so nothing is created twice.
 */
export async function createQrCode(
	ctx: IExecuteFunctions,
	body: IDataObject,
	displayId: string,
	teamId: string | undefined,
	itemIndex: number,
): Promise<{ code: IDataObject; recovered: boolean }> {
	const response = await qrtracApiRequest(ctx, {
		method: 'POST',
		path: '/qrs-api',
		body,
		teamId,
		itemIndex,
		verifyUnknownOutcome: async () => (await findQrByDisplayId(ctx, displayId, teamId, itemIndex)) ?? null,
	});
	return { code: response.data, recovered: response.recovered === true };
}

/** PUT of an UpdateQrRequest; the service answers the code as stored afterwards. */
export async function putQrCode(
	ctx: IExecuteFunctions,
	qrCodeId: string,
	body: IDataObject,
	teamId: string | undefined,
	itemIndex: number,
): Promise<IDataObject> {
	const { data } = await qrtracApiRequest(ctx, { method: 'PUT', path: apiPath`/qrs-api/${qrCodeId}`, body, teamId, itemIndex });
	return data;
}

/** Soft delete; the service answers the code marked deleted. */
export async function deleteQrCode(
	ctx: IExecuteFunctions,
	qrCodeId: string,
	teamId: string | undefined,
	itemIndex: number,
): Promise<IDataObject> {
	const { data } = await qrtracApiRequest(ctx, { method: 'DELETE', path: apiPath`/qrs-api/${qrCodeId}`, teamId, itemIndex });
	return data;
}
