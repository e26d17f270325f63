import type {
	IDataObject,
	INodeExecutionData,
	IPollFunctions,
	NodeOperationError,
} from 'n8n-workflow';

import type { ChangeKind } from './changeCursor';
import { isVersioned } from './changeCursor';
import { matchesFilters, type CodeFilters } from './codeFilters';
import { CODES_PER_ANALYTICS_REQUEST } from '../shared/api';
import { isQrType, QR_TYPE_LABELS } from '../shared/forms/qrCodeTypes';
import { changeItem } from './pollCodeChanges';
import { describeScanRows } from '../shared/records/scanRows';
import { scanEvent, triggerIpPrivacy } from './scanEvents';
import { isLive } from '../shared/records/qrCode';
import {
	readNewestCodes,
	readNewestScan,
	readRecentChanges,
	readTeamName,
	resolveTeamId,
} from './qrtracReads';
import { readPollParameter } from '../shared/parameters';
import { triggerProperties } from './properties';
import {
	FIRST_POLL_LOOKBACK_MS,
	SAMPLE_SCAN_LOOKBACK_MS,
	SAMPLE_SCAN_LOOKBACKS_MS,
	SCAN_END_MARGIN_MS,
	type TriggerSettings,
} from './settings';
import { operationError } from '../shared/nodeErrors';

/**
 * "Fetch Test Event": the most recent matching code (or scan) as the trigger would report it, without the IDs of
 * the API client that wrote it (see eventFields.ts); an error saying what was looked at, and what to do, when none
 * matches. It never reads or writes the trigger's static data, so the cursor of the active workflow does not move.
 */
export async function manualSample(
	ctx: IPollFunctions,
	settings: TriggerSettings,
): Promise<INodeExecutionData[][]> {
	const teamId = await resolveTeamId(ctx, settings.teamId);
	if (settings.triggerOn === 'newScans') {
		const { item, matched } = await sampleScan(ctx, teamId, settings);
		if (item) return [[item]];
		throw noScanFound(ctx, await teamLabel(ctx, teamId), matched, settings.filters);
	}
	const item = await sampleChange(ctx, teamId, settings);
	if (item) return [[item]];
	throw noChangeFound(ctx, settings.allTeams ? '' : await teamLabel(ctx, teamId), settings);
}

/** Code Changes: what was looked at, under the form's labels, and the change to make. */
function noChangeFound(
	ctx: IPollFunctions,
	team: string,
	settings: TriggerSettings,
): NodeOperationError {
	const minutes = FIRST_POLL_LOOKBACK_MS / 60_000;
	const changedLately = `the codes changed in the last ${minutes} minutes`;
	const lookedAt = settings.allTeams
		? `${changedLately} in every team`
		: settings.events.some((event) => event !== 'deleted')
			? `every code of ${team} and ${changedLately}`
			: `${changedLately} of ${team}`;
	const events = settings.events.map((event) => formLabel('events', event)).join(', ');
	const filters = describeFilters(settings.filters);
	const verbs = settings.events.map((event) => CHANGE_VERBS[event]);
	// "create, update or delete": a list, not "create or update or delete"
	const verbList =
		verbs.length > 1 ? `${verbs.slice(0, -1).join(', ')} or ${verbs[verbs.length - 1]}` : verbs[0];
	const change = `${verbList} a${filters === 'none' ? '' : ' matching'} code, then fetch again.`;
	const todo =
		filters === 'none' ? capitalized(change) : `Check or clear the filters, or ${change}`;
	return nothingFound(
		ctx,
		`Looked at ${lookedAt}, for events ${events}; filters: ${filters}. ${todo}`,
	);
}

/** What each event asks the user to do to a code for a test event. */
const CHANGE_VERBS: Record<TriggerSettings['events'][number], string> = {
	created: 'create',
	updated: 'update',
	deleted: 'delete',
};

/** New Scans: no code matched the filters, apart from matching codes without a scan in the days looked at. */
function noScanFound(
	ctx: IPollFunctions,
	team: string,
	matched: number,
	codeFilters: CodeFilters,
): NodeOperationError {
	const days = SAMPLE_SCAN_LOOKBACK_MS / 86_400_000;
	const filters = describeFilters(codeFilters);
	const unfiltered = filters === 'none';
	const codes = (count: number) => `${count} code${count === 1 ? '' : 's'}`;
	let found: string;
	if (matched === 0)
		found = unfiltered
			? 'the team has no QR code (deleted ones aside). Create a code and scan it, then fetch again.'
			: `no code matches the filters (${filters}). Check or clear the filters.`;
	else {
		const matching =
			matched >= CODES_PER_ANALYTICS_REQUEST
				? `the ${matched} most recently changed ${unfiltered ? "of the team's codes" : `codes that match the filters (${filters})`}`
				: unfiltered
					? `the team's ${codes(matched)}`
					: `${codes(matched)} ${matched === 1 ? 'matches' : 'match'} the filters (${filters})`;
		found = `${matching}, none scanned in the last ${days} days. Scan ${matched === 1 ? 'it' : 'a code'}, then fetch again.`;
	}
	return nothingFound(ctx, `Looked at the codes of ${team}: ${found}`);
}

/**
 * No sample: the editor shows only "No trigger output" for an empty answer, so the test fails as n8n's own
 * triggers do (Google Calendar Trigger), saying what was read and what to do.
 */
function nothingFound(ctx: IPollFunctions, said: string): NodeOperationError {
	return operationError(ctx.getNode(), 'No data with the current filter could be found', {
		description: `${said} Once the workflow is active, the trigger reports new events as they happen.`,
	});
}

/**
 * The team as a message names it: the name n8n keeps with a team picked from the list (no request), else the name
 * the team list gives, else its ID.
 */
async function teamLabel(ctx: IPollFunctions, teamId: string): Promise<string> {
	const picked = readPollParameter<unknown>(ctx, 'team', '');
	const kept =
		typeof picked === 'object' && picked !== null && (picked as IDataObject).value === teamId
			? (picked as IDataObject).cachedResultName
			: undefined;
	const name =
		typeof kept === 'string' && kept.trim() !== '' ? kept.trim() : await readTeamName(ctx, teamId);
	// the ID too: a name kept with the pick may be stale, and names may repeat
	return name === undefined ? `team ${teamId}` : `team "${name}" (${teamId})`;
}

/** The filters set, under the form's labels. */
function describeFilters({ qrTypes, tag, search }: CodeFilters): string {
	const types = qrTypes.map((type) => (isQrType(type) ? QR_TYPE_LABELS[type] : type));
	const parts = [
		types.length > 0 ? `${formLabel('filters', 'qrTypes')} ${types.join(' or ')}` : undefined,
		tag === undefined ? undefined : `${formLabel('filters', 'tag')} "${tag}"`,
		search === undefined ? undefined : `${formLabel('filters', 'search')} "${search}"`,
	].filter((part) => part !== undefined);
	return parts.length > 0 ? parts.join(', ') : 'none';
}

/** The label the form shows for a filter (a field of the Filters collection) or an event (an option of Events). */
function formLabel(field: 'filters' | 'events', name: string): string {
	const entries = triggerProperties.find((property) => property.name === field)?.options ?? [];
	const entry = entries.find((option) => ('value' in option ? option.value : option.name) === name);
	return entry === undefined ? name : 'displayName' in entry ? entry.displayName : entry.name;
}

function capitalized(text: string): string {
	return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The newest change: from the team's listed codes, newest change first (its first 100 codes, one request, or the
 * whole list when none of them matches), or, for all teams or when only deletions are wanted, or when no listed
 * code matches, from the codes changed in the last few minutes (one request).
 */
async function sampleChange(
	ctx: IPollFunctions,
	teamId: string,
	settings: TriggerSettings,
): Promise<INodeExecutionData | undefined> {
	const liveEventsWanted = settings.events.some((event) => event !== 'deleted');
	if (!settings.allTeams && liveEventsWanted) {
		// a deleted code the list holds is a deletion it shows, reported as a poll's change feed would report it
		const wanted = (code: IDataObject) =>
			isVersioned(code) && matchesFilters(code, settings.filters) && wantedKind(code, settings);
		const {
			codes: [newest],
		} = await readNewestCodes(ctx, teamId, { wanted, count: 1, listed: () => true });
		if (newest) return changeItem({ kind: kindOf(newest), record: newest });
	}
	const changed = await readRecentChanges(
		ctx,
		{ allTeams: settings.allTeams, teamId },
		FIRST_POLL_LOOKBACK_MS,
	);
	const newest = changed
		.filter(isVersioned)
		.filter((code) => matchesFilters(code, settings.filters) && wantedKind(code, settings))
		.sort((a, b) => b.updatedAt - a.updatedAt)[0];
	return newest ? changeItem({ kind: kindOf(newest), record: newest }) : undefined;
}

/**
 * The newest scan of the last 30 days among the 100 most recently changed matching live codes (the list's first
 * 100 codes, or the whole list when fewer of them match; how many matched, for the message when none was scanned):
 * the last hour first, the rest of the day, then of the 30
 * days, each only when the later stretch had none (one to three requests). A busy team's day or month of scans is
 * neither read nor held (readNewestScan keeps one scan) to find one scan.
 */
async function sampleScan(
	ctx: IPollFunctions,
	teamId: string,
	settings: TriggerSettings,
): Promise<{ item?: INodeExecutionData; matched: number }> {
	// a deleted code's id is never sent for scans: the service refuses it
	const { codes, serviceDateMs } = await readNewestCodes(ctx, teamId, {
		wanted: (code) => matchesFilters(code, settings.filters),
		count: CODES_PER_ANALYTICS_REQUEST,
		listed: isLive,
	});
	const ids = codes.map((code) => String(code.id));
	const matched = ids.length;
	if (matched === 0) return { matched };
	// the last hour, day and 30 days of the service's clock, by the list's Date when it sent a believable one
	// (the transport drops a broken one)
	const now = serviceDateMs ?? Date.now();
	let endTime = now + SCAN_END_MARGIN_MS;
	for (const lookbackMs of SAMPLE_SCAN_LOOKBACKS_MS) {
		const startTime = now - lookbackMs;
		const newest = await readNewestScan(ctx, teamId, ids, startTime, endTime);
		if (newest) {
			const ipPrivacy = await triggerIpPrivacy(ctx, settings);
			return { item: scanEvent(describeScanRows([newest], codes)[0], ipPrivacy), matched };
		}
		// the range's ends are inclusive: the next read ends just before this one began
		endTime = startTime - 1;
	}
	return { matched };
}

/** A code seen on its own, without a cursor: new when it was never changed after its creation. */
function kindOf(code: IDataObject & { updatedAt: number }): ChangeKind {
	if (!isLive(code)) return 'deleted';
	return code.createdAt === code.updatedAt ? 'created' : 'updated';
}

function wantedKind(code: IDataObject & { updatedAt: number }, settings: TriggerSettings): boolean {
	return settings.events.includes(kindOf(code));
}
