import type { IDataObject } from 'n8n-workflow';

import { isPlainObject } from '../plainObject';
import type { TransportContext } from '../transport';
import { unexpectedAnswer } from './answers';
import { readCreatedLink } from './created';
import { callEndpoint } from './source';

export interface DynamicLinkRequest {
	destinationUrl: string;
	type: string;
	patternColor?: string;
	logoUrl?: string;
}

/**
 * The simple v1 interface's create (bearer API key). Its answer is not published: the record in `data` is
 * returned as the service sends it (the whole envelope when there is no `data` object); it must name the link's
 * `id`, else the item fails saying the link was probably created. Nothing identifies a
 * link before it exists, so an unknown outcome fails the item rather than risk creating it twice.
 */
export async function simpleCreateDynamic(
	ctx: TransportContext,
	{ request, itemIndex }: { request: DynamicLinkRequest; itemIndex?: number },
): Promise<IDataObject> {
	const design: IDataObject = {};
	if (request.patternColor) design.pattern_color = request.patternColor;
	if (request.logoUrl) design.logo_url = request.logoUrl;
	const { data, body, source } = await callEndpoint(ctx, {
		operation: 'Create Dynamic Link',
		route: 'POST /qr/create',
		api: 'simple',
		body: {
			destination_url: request.destinationUrl,
			type: request.type,
			...(Object.keys(design).length > 0 ? { design } : {}),
		},
		itemIndex,
	});
	if (isPlainObject(data)) return readCreatedLink(source, data);
	if (data === undefined && Object.keys(body).some((key) => key !== 'success'))
		return readCreatedLink(source, body);
	throw unexpectedAnswer(source, 'an object describing the new link', body);
}
