import { feedMayLeaveOut } from '../cappedAnswers';
import { executionNode } from '../executionNode';
import { isLive } from '../records/qrCode';
import type { TransportContext } from '../transport';
import type { QrCode } from './answers';
import { DisplayIdIndex, findQrByDisplayId, indexTeamQrsByDisplayId } from './qrList';
import type { InTeam } from './source';
import { getTeamQrsFromTime } from './timeline';

/**
 * How far back the team's changes are read to settle a write whose answer was lost (a create, a deletion) or to
 * find a code not yet listed; more than moments, as n8n's clock may differ from the service's.
 */
export const VERIFY_LOOKBACK_MS = 15 * 60_000;

/**
 * What a list of the team's codes said of a Display ID: its live holder when the list was read, and the time
 * (service clock, epoch ms) from which the team's changes tell everything that changed since.
 */
export interface ListedHolder {
	code: QrCode | undefined;
	changesFrom: number;
}

/** A Display ID of a team, for the item `itemIndex`. */
export type TeamDisplayId = InTeam & { displayId: string; itemIndex: number };

/** The team's whole list as the node holds it or reads it, for the look-up (teamListings.ts owns the reads). */
export interface TeamListing {
	/** What a list the node holds already says, without a request; undefined when it holds none. */
	held(args: TeamDisplayId): Promise<ListedHolder | undefined>;
	/** What the team's list says, read at most once per team and execution; `fresh`: read again now. */
	read(args: TeamDisplayId, fresh: boolean): Promise<ListedHolder>;
}

/**
 * The team's live code holding `displayId`, which QRTRAC holds taken (it refused a create with it, or made a
 * code with it). The contract says the list's `search` "matches name or displayId", but not how (substring,
 * prefix, case), nor how soon a new code is listed: when the search shows no holder, the team's changes of the
 * last minutes are read (a code just made; a code just deleted, which keeps its Display ID, ends the look-up),
 * then the whole list (a search matching less than it says). With `listing`, a list the node holds (the sync's
 * snapshot, a walk of an earlier row) stands in for the walk: the changes since it was read come first, the
 * search only when neither shows a holder; without it every look-up walks the list.
 */
export async function findTakenDisplayId(
	ctx: TransportContext,
	{ displayId, teamId, itemIndex, checking }: InTeam & { displayId: string },
	listing?: TeamListing,
): Promise<QrCode | undefined> {
	const args = { displayId, teamId, itemIndex: itemIndex ?? 0 };
	const listed = await listing?.held(args);
	if (!listed) {
		const found = await findQrByDisplayId(ctx, { displayId, teamId, itemIndex, checking });
		if (found) return found;
	}
	const fromTime = Math.min(Date.now() - VERIFY_LOOKBACK_MS, listed?.changesFrom ?? Infinity);
	const recent = await getTeamQrsFromTime(ctx, { fromTime, teamId, itemIndex, checking });
	const made = new DisplayIdIndex(recent, executionNode(ctx)).take(displayId, itemIndex);
	if (made) return made;
	if (recent.some((code) => !isLive(code) && code.displayId === displayId)) return undefined;
	// A list read before changes the answer may have left out (it looks capped) is read again.
	const fresh = feedMayLeaveOut(recent.length, true);
	const known =
		listed && !fresh ? listed : await readList(ctx, { ...args, checking }, listing, fresh);
	// A listed holder changed since the list was read no longer holds it live (else `made` would be it).
	const changed = new Set(recent.map((code) => String(code.id)));
	if (known.code && !changed.has(String(known.code.id))) return known.code;
	// A held list is brought up to date by the changes, so a lagging feed hides a code from both: one search.
	return listed
		? await findQrByDisplayId(ctx, { displayId, teamId, itemIndex, checking })
		: undefined;
}

async function readList(
	ctx: TransportContext,
	args: TeamDisplayId,
	listing: TeamListing | undefined,
	fresh: boolean,
): Promise<ListedHolder> {
	// the listing's walk is read once for the team's rows, so no one row's check bounds its wait
	if (listing) return await listing.read(args, fresh);
	const { index } = await indexTeamQrsByDisplayId(ctx, {
		teamId: args.teamId,
		itemIndex: args.itemIndex,
		checking: args.checking,
		purpose: `the look-up of Display ID "${args.displayId}" (the search showed no code holding it)`,
	});
	return { code: index.find(args.displayId, args.itemIndex), changesFrom: -Infinity };
}
