import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import { z } from 'zod';

import { connectionOf } from '../shared/api';
import { baseUrlIdentity } from '../shared/connection';

import type { ChangeCursor } from './changeCursor';

/**
 * What the trigger keeps in the workflow's static data (JSON only, bounded). Each kind of trigger has its own
 * key and remembers the scope and service it was built for: a different team, Base URL or (All Teams) organization
 * starts over from "now" instead of applying another's cursor. Only the active kind's state is kept: Trigger On
 * switched away and back weeks later starts over too, instead of reporting everything since as new. Unreadable
 * state (e.g. edited by hand) also starts over.
 */

/**
 * Where a state was read: the Base URL, and for All Teams the credential's team, the one team that names the
 * organization whose teams are watched (its client ID is a secret). Absent in states stored before it: such a
 * state is taken as read where the trigger now reads, once, and stored with it.
 */
const serviceSchema = z.string().optional();

const cursorSchema = z.object({
	floor: z.number().finite().nonnegative(),
	highWater: z.number().finite().optional(),
	seen: z.record(z.array(z.string())),
});

const codeChangesSchema = z.object({
	scope: z.string(),
	service: serviceSchema,
	cursor: cursorSchema,
	/**
	 * IDs of deletions reported without the time of their change, kept while the changes answer lists them
	 * (undatedDeletions.ts). Absent: none, also in states stored before it.
	 */
	undated: z.array(z.string()).optional(),
});

/**
 * A New Scans pass under way (scanPass.ts): the window [floor of `scans`, `endTime`] read for some watched codes
 * (`done`), not yet for the rest; `tail` is the cursor the pass builds, stored as `scans` once it is complete.
 */
const scanPassSchema = z.object({
	endTime: z.number().finite(),
	catchingUp: z.boolean(),
	/** Highest `highWater` the pass may set: the service's present when it began, plus the margin. */
	ceiling: z.number().finite(),
	/** Watched code ids whose scans in the window this pass has read. */
	done: z.array(z.string()),
	/** Set on the pass of a first poll: scans before it (the service's present then, plus the margin) are not reported. */
	quietBefore: z.number().finite().optional(),
	tail: cursorSchema,
});

const newScansSchema = z.object({
	scope: z.string(),
	service: serviceSchema,
	/** Where the refresh of `codeIds` from code changes continues. */
	codes: z.object({
		floor: z.number().finite().nonnegative(),
		highWater: z.number().finite().optional(),
	}),
	/** Live codes of the team matching the filters described by `idsFilter`. */
	codeIds: z.array(z.string()),
	/**
	 * Watched codes that came to match the filters through a change (a tag added): the earliest `scanTime` of
	 * theirs to report, so that scans made while they did not match are not reported late. Kept while above the
	 * scan cursor's floor; absent in states stored before it.
	 */
	joined: z.record(z.number().finite()).optional(),
	/**
	 * Watched codes the changes answer brought since the team was last listed, each with its change on the service's
	 * clock (watchedScans.ts `listLagFrom`): a list that leaves one out does not prove it gone until the list's lag
	 * bound has passed (`watchedCodeGone`). Absent in states stored before it: every code counts as listed; an
	 * array, stored before the times were kept: brought at the saved watch list's last check (`unlistedAsLoaded`).
	 */
	unlisted: z.union([z.record(z.number().finite()), z.array(z.string())]).optional(),
	/**
	 * The service's present, by its `Date` header, as of which the saved `codeIds` held every matching code (a
	 * listing poll's first page, a refresh's changes answer): from there a code that comes to match is watched
	 * (joinedCodes.ts). Absent when no `Date` told it: n8n's clock may be ahead of the service's. The name marks the
	 * source: `checkedAt`, stored before it also from n8n's clock, is no longer read.
	 */
	checkedAtDate: z.number().finite().optional(),
	idsFilter: z.string(),
	scans: cursorSchema,
	/** Absent: no pass under way (states stored before passes existed load unchanged). */
	pass: scanPassSchema.optional(),
});

export type ScanPass = z.infer<typeof scanPassSchema> & { tail: ChangeCursor };
export type CodeChangesState = z.infer<typeof codeChangesSchema> & { cursor: ChangeCursor };
export type NewScansState = z.infer<typeof newScansSchema> & {
	scans: ChangeCursor;
	pass?: ScanPass;
};

const CODE_CHANGES_KEY = 'codeChanges';
const NEW_SCANS_KEY = 'newScans';

/** What a state must have been built for to be resumed: its `scope` and `service`. */
export interface StateScope {
	scope: string;
	service: string;
}

/** The service of a state read for the team or, with `allTeams`, every team of the credential's organization. */
export async function stateScope(
	ctx: IPollFunctions,
	scope: string,
	allTeams: boolean,
): Promise<StateScope> {
	const { baseUrl, teamId } = await connectionOf(ctx);
	const service = baseUrlIdentity(baseUrl);
	return { scope, service: allTeams ? `${service}${ORGANIZATION_OF}${teamId}` : service };
}

const ORGANIZATION_OF = ' organization of team:';

/** A stored state's service as stateScope now spells it: states saved with the Base URL as typed resume too. */
function canonicalService(service: string): string {
	const at = service.indexOf(ORGANIZATION_OF);
	return at < 0
		? baseUrlIdentity(service)
		: `${baseUrlIdentity(service.slice(0, at))}${service.slice(at)}`;
}

export function loadCodeChangesState(
	staticData: IDataObject,
	where: StateScope,
): CodeChangesState | undefined {
	const parsed = codeChangesSchema.safeParse(staticData[CODE_CHANGES_KEY]);
	return parsed.success && builtFor(parsed.data, where) ? parsed.data : undefined;
}

export function saveCodeChangesState(staticData: IDataObject, state: CodeChangesState): void {
	staticData[CODE_CHANGES_KEY] = toJson(state);
	delete staticData[NEW_SCANS_KEY];
}

export function loadNewScansState(
	staticData: IDataObject,
	where: StateScope,
): NewScansState | undefined {
	const parsed = newScansSchema.safeParse(staticData[NEW_SCANS_KEY]);
	return parsed.success && builtFor(parsed.data, where) ? parsed.data : undefined;
}

export function saveNewScansState(staticData: IDataObject, state: NewScansState): void {
	staticData[NEW_SCANS_KEY] = toJson(state);
	delete staticData[CODE_CHANGES_KEY];
}

function builtFor(stored: { scope: string; service?: string }, where: StateScope): boolean {
	return (
		stored.scope === where.scope &&
		(stored.service === undefined || canonicalService(stored.service) === where.service)
	);
}

/** A plain JSON copy: no undefined values, no shared references with the poll's working objects. */
function toJson(value: unknown): IDataObject {
	return JSON.parse(JSON.stringify(value)) as IDataObject;
}
