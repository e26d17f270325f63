import type { IDataObject } from 'n8n-workflow';

import { namedTeam, ofOtherTeam } from '../records/qrCode';
import type { TransportContext } from '../transport';
import { readTemplates, unexpectedAnswer } from './answers';
import { callEndpoint, connectionOf, type InTeam } from './source';

/**
 * The design templates of the team (the contract's getQrTemplatesByTeam). The contract's Template names no team;
 * one that names another team shows the service did not keep to the team header: none is listed as the team's.
 */
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
	const templates = readTemplates(source, data);
	const askedTeam = teamId ?? (await connectionOf(ctx)).teamId;
	const foreign = templates.find((template) => ofOtherTeam(template, askedTeam));
	if (foreign === undefined) return templates;
	throw unexpectedAnswer(
		source,
		`the templates of the team asked for, "${askedTeam}"`,
		foreign,
		`"teamId" is ${namedTeam(foreign)}, another team`,
	);
}
