import type { IDataObject } from 'n8n-workflow';

import { qrtracApiRequest, type TransportContext } from '../transport';
import { readTemplates } from './answers';
import { answerSource, type InTeam } from './source';

/** The design templates of the team (the contract's getQrTemplatesByTeam). */
export async function getQrTemplatesByTeam(
	ctx: TransportContext,
	{ teamId, itemIndex }: InTeam = {},
): Promise<IDataObject[]> {
	const { data } = await qrtracApiRequest(ctx, {
		method: 'GET',
		path: '/qr-templates-api',
		teamId,
		itemIndex,
	});
	return readTemplates(
		await answerSource(ctx, 'Get Design Templates (GET /qr-templates-api)', itemIndex),
		data,
	);
}
