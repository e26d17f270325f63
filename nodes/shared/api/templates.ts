import type { IDataObject } from 'n8n-workflow';

import type { TransportContext } from '../transport';
import { readTemplates } from './answers';
import { callEndpoint, type InTeam } from './source';

/** The design templates of the team (the contract's getQrTemplatesByTeam). */
export async function getQrTemplatesByTeam(
	ctx: TransportContext,
	{ teamId, itemIndex }: InTeam = {},
): Promise<IDataObject[]> {
	const { data, source } = await callEndpoint(ctx, {
		operation: 'Get Design Templates',
		route: 'GET /qr-templates-api',
		teamId,
		itemIndex,
	});
	return readTemplates(source, data);
}
