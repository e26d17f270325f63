import type { IDataObject } from 'n8n-workflow';

import { isPlainObject } from '../plainObject';
import type { TransportContext } from '../transport';
import { sameAt } from '../records/sameValue';
import { foldedDisplayId } from '../records/qrCode';
import { shortUrlOf } from '../records/simplify';
import { linkedElsewhere, lookBeforeCreatingAgain } from './created';
import { createOnce } from './createTries';
import { callEndpoint } from './source';

export interface DynamicLinkRequest {
	destinationUrl: string;
	type: string;
	patternColor?: string;
	logoUrl?: string;
}

/** Where an answer names the link's destination as the request does, in either style: it must be the one asked. */
const DESTINATION_FIELDS = ['destination_url', 'destinationUrl'];

/**
 * The contract's name of a code's destination (the link is a code, which a service may answer as its primary
 * record): the one asked, or empty or the link itself (a service filling it with the short link).
 */
const CODE_DESTINATION_FIELD = 'qrRedirectUrl';

/** Where an answer may name the link itself (the short link people scan), in either style. */
const SHORT_LINK_FIELDS = ['shortUrl', 'short_url', 'shortLink', 'short_link'];

/** Where an answer may name the link's own ID, the last part of its short link. */
const OWN_ID_FIELDS = ['id', 'displayId', 'display_id', 'qrId', 'qr_id'];

/**
 * Whether a `qrRedirectUrl` is the link itself: the answer's short link (named, or its domain and Display ID), an
 * address on that short link's host ending in the link's own ID, or, on any host, a short link's shape: one path
 * part, the link's own ID (the v1 answer is unpublished and may name no short link). A deeper path elsewhere ending
 * in the ID (`shop.example/products/1042`) may be a destination, so it is not taken as the link.
 */
function isOwnLink(link: IDataObject, answered: string): boolean {
	const named = [...SHORT_LINK_FIELDS.map((field) => link[field]), shortUrlOf(link)].filter(
		(short): short is string => typeof short === 'string' && short !== '',
	);
	if (named.some((short) => sameAt('qrRedirectUrl', short, answered))) return true;
	const address = /^https?:\/\/([^/?#]+)((?:\/[^/?#]+)*)\/([^/?#]+)\/?$/i.exec(answered);
	if (address === null) return false;
	const [, host, between, lastPart] = address;
	const ownId = OWN_ID_FIELDS.some(
		(field) =>
			typeof link[field] === 'string' &&
			foldedDisplayId(link[field] as string) === foldedDisplayId(lastPart),
	);
	if (!ownId) return false;
	return between === '' || named.some((short) => hostOf(short) === host.toLowerCase());
}

function hostOf(url: string): string | undefined {
	return /^https?:\/\/([^/?#]+)/i.exec(url)?.[1].toLowerCase();
}

/** The first destination the answer names that is not the one asked; undefined when there is none. */
function otherDestination(link: IDataObject, destinationUrl: string): string | undefined {
	const asked = (answered: string) => sameAt('qrRedirectUrl', answered, destinationUrl);
	for (const field of DESTINATION_FIELDS) {
		const answered = link[field];
		if (typeof answered === 'string' && !asked(answered)) return answered;
	}
	const code = link[CODE_DESTINATION_FIELD];
	if (typeof code === 'string' && code !== '' && !asked(code) && !isOwnLink(link, code))
		return code;
	return undefined;
}

/**
 * The simple v1 interface's create (bearer API key). Its answer is not published (NOTES: return what the service
 * answers): the record in `data` when there is one, else the whole answer as the service sent it (with or without
 * the `{success, data}` envelope), or `{answer}` holding JSON that is no object; no field of it is demanded, but each destination it names must be the one asked
 * (only the code's `qrRedirectUrl` may also be empty or hold the link itself).
 * Nothing identifies a link before it exists, so an unknown outcome fails the item rather than risk creating it
 * twice, and n8n's Retry On Fail never sends it again for that item (createOnce).
 */
export async function simpleCreateDynamic(
	ctx: TransportContext,
	{ request, itemIndex }: { request: DynamicLinkRequest; itemIndex?: number },
): Promise<IDataObject> {
	const design: IDataObject = {};
	if (request.patternColor) design.pattern_color = request.patternColor;
	if (request.logoUrl) design.logo_url = request.logoUrl;
	const body: IDataObject = {
		destination_url: request.destinationUrl,
		type: request.type,
		...(Object.keys(design).length > 0 ? { design } : {}),
	};
	const create = { operation: 'Create Dynamic Link', kind: 'link' as const, body, itemIndex };
	return await createOnce(ctx, create, async () => {
		const {
			data,
			body: answer,
			bare,
			source,
		} = await callEndpoint(ctx, {
			operation: 'Create Dynamic Link',
			route: 'POST /qr/create',
			usesPlan: 'codes',
			api: 'simple',
			namesRecord: false,
			body,
			unknownOutcomeAdvice: lookBeforeCreatingAgain('link'),
			itemIndex,
		});
		// JSON that is no object (the short link as text, a list) is the answer too, kept in an item as `answer`
		if (bare) return { answer: data } as IDataObject;
		const link = isPlainObject(data) ? data : answer;
		// no field is demanded, but every destination the answer names must be the one asked (in any URL spelling)
		const elsewhere = otherDestination(link, request.destinationUrl);
		if (elsewhere !== undefined)
			throw linkedElsewhere(source, link, request.destinationUrl, elsewhere);
		return link;
	});
}
