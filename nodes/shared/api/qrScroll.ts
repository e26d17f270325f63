import { executionNode } from '../executionNode';
import { nextPageCursor, pageCursorToken, readPageCursor } from '../pageCursor';
import { MAX_PAGE_SIZE } from '../pagination';
import type { TransportContext } from '../transport';
import type { QrCode } from './answers';
import {
	getTeamQrsPaginated,
	incompleteList,
	refuseForeignCodes,
	type QrListQuery,
} from './qrList';
import type { InTeam } from './source';

/**
 * One page of the team's list as a picker scrolls it (`token`: where the pages before left it, none for page 1),
 * and the token of the next page, none at the end. A page that cannot continue a whole list fails (pageCursor.ts),
 * so that no dropdown shows part of the list as all of it; so does a page holding another team's code.
 */
export async function scrollTeamQrs(
	ctx: TransportContext,
	{ query, token, teamId }: InTeam & { query: QrListQuery; token?: string },
): Promise<{ qrs: QrCode[]; nextToken?: string }> {
	const cursor = readPageCursor(token);
	const limit = cursor.size ?? MAX_PAGE_SIZE;
	const answer = await getTeamQrsPaginated(ctx, { query, page: cursor.page, limit, teamId });
	const page = { items: answer.qrs, totalCount: answer.totalCount, limit: answer.limit };
	let told = nextPageCursor(cursor, page, limit);
	if (told.check) {
		// the page asked again, in the same scroll, tells a list of one page from a service ignoring page
		const again = await getTeamQrsPaginated(ctx, {
			query,
			page: cursor.page,
			limit: told.check.limit,
			teamId,
		});
		told = nextPageCursor(cursor, page, limit, { items: again.qrs });
	}
	const { next, shortfall, pastEnd } = told;
	if (shortfall)
		throw incompleteList(
			executionNode(ctx),
			shortfall,
			'the QR code picker',
			undefined,
			'Open the list again',
		);
	if (pastEnd) return { qrs: [] };
	await refuseForeignCodes(ctx, answer.qrs, { teamId, what: 'the QR code picker' });
	return { qrs: answer.qrs, nextToken: next && pageCursorToken(next) };
}
