import type { IDataObject } from 'n8n-workflow';

import { isPlainObject } from '../plainObject';
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
	const { data, body, source } = await callEndpoint(ctx, {
		operation: 'Get Design Templates',
		route: 'GET /qr-templates-api',
		teamId,
		itemIndex,
	});
	const templates = readTemplates(source, data);
	const more = announcedMore(body, templates.length);
	if (more !== undefined)
		throw unexpectedAnswer(
			source,
			"the team's whole list of templates",
			body,
			`it holds ${templates.length} and announces more: ${more}`,
		);
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

/** Where an answer may announce a whole list's size or a next part: beside the envelope, or in a block of its own. */
const ANNOUNCING_PARTS = ['meta', 'pagination'];
const TOTAL_FIELDS = ['totalCount', 'total', 'count'];
const MORE_FIELDS = ['hasMore', 'has_more', 'nextPage', 'next_page', 'next', 'nextCursor'];

/**
 * What an answer of `held` records says of more beyond them (a total above `held`, more to come, a next page), in
 * words; undefined when it says nothing of the kind. The contract's template list has no pages: an answer that
 * announces more is a part, never listed as the whole.
 */
function announcedMore(body: IDataObject, held: number): string | undefined {
	const parts = [body, ...ANNOUNCING_PARTS.map((name) => body[name])].filter(isPlainObject);
	for (const part of parts) {
		const total = TOTAL_FIELDS.find(
			(field) => typeof part[field] === 'number' && part[field] > held,
		);
		if (total !== undefined) return `"${total}" is ${String(part[total])}`;
		const more = MORE_FIELDS.find((field) => Boolean(part[field]));
		if (more !== undefined) return `"${more}" is ${JSON.stringify(part[more])}`;
	}
	return undefined;
}
