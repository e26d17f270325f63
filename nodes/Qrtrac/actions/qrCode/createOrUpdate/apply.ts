import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import {
	changeTimeOf,
	connectionOf,
	createQr,
	deletedAfterRefusals,
	deleteQr,
	findQrByDisplayId,
	getQrById,
	updateQr,
	type QrCode,
} from '../../../../shared/api';
import { executionNode } from '../../../../shared/executionNode';
import { NamedDisplayIds, refuseOtherCase } from '../../../../shared/takenDisplayIds';
import type { TakenDisplayIdLookUp } from '../../../../shared/teamListings';
import { asDeleted, foldedDisplayId, isLive } from '../../../../shared/records/qrCode';
import { attempt } from '../../../helpers/outcome';
import {
	refuseDroppingHiddenPassword,
	refuseLackingEssentials,
} from '../../../helpers/qrCodeWriteChecks';
import { planRow, type RowAction, type UpsertRow } from './plan';
import { operationError, prefixDescription } from '../../../../shared/nodeErrors';

/**
 * The requests of Create or Update: finding the code a row keys on (the team's codes read once, or one look-up
 * per row), sending a row's action, and soft-deleting for Delete Missing. Every request goes through the
 * endpoint module, paced by the transport.
 */

export type RowOperation = 'created' | 'updated' | 'unchanged';

export interface RowResult {
	operation: RowOperation;
	/** Set for `updated`: the fields that differed (see plan.ts). */
	changedFields?: string[];
	/** Set for `unchanged` when the row's password was not compared (plan.ts). */
	passwordNote?: string;
	code: IDataObject;
	/** Set when `code` is one the row read and left as it was: a created code found after a lost answer. */
	leftAsRead?: true;
}

/**
 * How the code a row keys on is found: from the team's codes read once (sync, shared/teamCodes.ts), or by one
 * search per row.
 */
export interface HeldCodes {
	code(
		teamId: string | undefined,
		displayId: string,
		itemIndex: number,
	): Promise<IDataObject | undefined>;
}

/**
 * Look Up Each Row: one search per row. Rows search side by side, so a search cannot tell of a code another row
 * of the run is creating: a row whose search finds no code fails when an earlier row of the run named its Display
 * ID in another case (refuseOtherCase).
 */
export class PerRowLookUp implements HeldCodes {
	/** By team, the Display IDs rows of this run looked up. */
	private readonly named = new Map<string, NamedDisplayIds>();

	constructor(private readonly ctx: IExecuteFunctions) {}

	async code(
		teamId: string | undefined,
		displayId: string,
		itemIndex: number,
	): Promise<IDataObject | undefined> {
		const team = teamId ?? (await connectionOf(this.ctx)).teamId;
		const named = this.named.get(team) ?? new NamedDisplayIds();
		this.named.set(team, named);
		const earlier = named.otherCases(displayId);
		named.add(displayId);
		const code = await findQrByDisplayId(this.ctx, { displayId, teamId, itemIndex });
		// A code holding the Display ID exactly is the row's, as in the sync's snapshot (a service keeping both).
		if (code === undefined) refuseOtherCase(this.ctx, displayId, earlier, itemIndex);
		return code;
	}
}

/** Told each version of the code a row read (by its ID, a look-up) or got back from its write (sync). */
export type SawVersion = (code: QrCode, how: 'read' | 'created' | 'updated') => void;

/** How the rows of a run are applied: one for the whole run. */
export interface ApplyWith {
	writeUnchanged: boolean;
	saw?: SawVersion;
	/** The look-up of a Display ID QRTRAC refused as taken, which holds the team's list for the run's rows. */
	taken: TakenDisplayIdLookUp;
	/** Set once the row, having found its code renamed, was planned again as a create. */
	renamedAway?: true;
}

/**
 * Sends a row's action (an update after reading the code by its ID), unless the code would lack what its type
 * cannot work without (refuseLackingEssentials: a new code, or a stored one given another type). A create refused (400) because another
 * writer took the Display ID after the code was looked for is answered by reading that one code and applying the
 * row to it; a create whose answer was lost and whose code was then found may not hold the row yet, so the row is
 * applied to it as well.
 */
export async function applyRow(
	ctx: IExecuteFunctions,
	row: UpsertRow,
	action: RowAction,
	itemIndex: number,
	how: ApplyWith,
): Promise<RowResult> {
	const { writeUnchanged, saw = () => undefined, taken } = how;
	if (action.kind === 'unchanged') return unchanged(action);
	if (action.kind === 'update') {
		// A list may answer codes without some fields (every Qr field is optional) and a PUT carries the whole code
		// (updateQr), so the update is planned again on the code read by its ID, never on a list's record alone.
		const id = String(action.stored.id);
		const stored = await getQrById(ctx, { id, teamId: row.teamId, itemIndex });
		// A code answered deleted is not there, as a "not found" refusal says: nothing is written to it.
		if (!isLive(stored)) throw deletedSinceFound(ctx, row.displayId, id, itemIndex);
		saw(stored, 'read');
		// Another writer gave the code another Display ID since it was found: no longer the row's code (a PUT would
		// rename it back), so the row's own is created, or the code now holding its Display ID looked up. One in
		// another case only is the same code (foldedDisplayId, the index's rule).
		if (
			typeof stored.displayId === 'string' &&
			foldedDisplayId(stored.displayId) !== foldedDisplayId(row.displayId)
		) {
			if (how.renamedAway) throw renamedAway(ctx, row.displayId, stored, itemIndex);
			const again = { ...how, renamedAway: true as const };
			return await applyRow(ctx, row, planRow(row, undefined, writeUnchanged), itemIndex, again);
		}
		const plan = planRow(row, stored, writeUnchanged);
		if (plan.kind !== 'update') return unchanged({ stored, ...plan });
		const { changes, changedFields } = plan;
		const node = executionNode(ctx);
		const refusal =
			refuseLackingEssentials(node, itemIndex, row.body, stored) ??
			refuseDroppingHiddenPassword(node, itemIndex, stored, changes);
		if (refusal) throw refusal;
		const code = await updateQr(ctx, { id, stored, changes, teamId: row.teamId, itemIndex });
		saw(code, 'updated');
		return { operation: 'updated', changedFields, code };
	}
	const lacking = refuseLackingEssentials(executionNode(ctx), itemIndex, action.body);
	if (lacking) throw lacking;
	const attempt = await createQr(ctx, {
		body: action.body,
		teamId: row.teamId,
		itemIndex,
		listing: taken,
	}).then(
		(created) => ({ created }),
		(error: unknown) => ({ error }),
	);
	if ('created' in attempt) {
		const { code, recovered } = attempt.created;
		// A recovered create's code is a look-up's: a read.
		saw(code, recovered ? 'read' : 'created');
		if (!recovered) return { operation: 'created', code };
		const done = await applyRow(ctx, row, planRow(row, code, writeUnchanged), itemIndex, how);
		return {
			...done,
			operation: 'created',
			...(done.operation === 'unchanged' ? { leftAsRead: true as const } : {}),
		};
	}
	const { error } = attempt;
	if (!(error instanceof NodeApiError) || error.httpCode !== '400') throw error;
	// Every refusal is looked into (the contract gives a taken Display ID, a quota and a validation all as 400);
	// the look-up's failure is told with the refusal, never in its place.
	const winner = await taken
		.find({ displayId: row.displayId, teamId: row.teamId, itemIndex })
		.catch((lookUpError: unknown) => {
			throw withLookUpFailure(error, row.displayId, lookUpError);
		});
	if (!winner) throw explainTakenElsewhere(error, row.displayId);
	saw(winner, 'read');
	return await applyRow(ctx, row, planRow(row, winner, writeUnchanged), itemIndex, how);
}

function unchanged({
	stored,
	passwordNote,
}: {
	stored: IDataObject;
	passwordNote?: string;
}): RowResult {
	// Nothing was sent for the row: the code it started from may be the one the row before left, marked
	// verifiedAfterUnknownOutcome for that row's write; the mark is not this row's.
	const code = { ...stored };
	delete code.verifiedAfterUnknownOutcome;
	return { operation: 'unchanged', code, ...(passwordNote ? { passwordNote } : {}) };
}

/**
 * Soft-deletes one code of Delete Missing, read by its ID first: the snapshot may be many minutes old (a big sheet),
 * and a code another writer changed meanwhile so that it is no longer missing (`stillMissing`: its tag taken off)
 * is spared. Answers the code marked deleted (`alreadyDeleted` when the read shows it deleted), the spared code, or
 * the refusal of its read or delete, which `settleRefusals` decides (deleted already, or the refusal fails it).
 */
export async function deleteMissingCode(
	ctx: IExecuteFunctions,
	code: QrCode,
	teamId: string | undefined,
	itemIndex: number,
	stillMissing: (current: QrCode) => boolean,
): Promise<{ code: QrCode; alreadyDeleted?: true } | { spared: QrCode } | { refused: unknown }> {
	const id = String(code.id);
	// the ID came from the team's list, not from the user
	const read = await attempt(getQrById(ctx, { id, teamId, itemIndex, typedId: false }));
	if ('failed' in read) return { refused: read.failed };
	const current: QrCode = { ...code, ...read.done };
	if (!isLive(current)) return { code: asDeleted(current, {}), alreadyDeleted: true };
	if (!stillMissing(asJudged(code, read.done))) return { spared: current };
	const sent = await attempt(deleteQr(ctx, { id, teamId, itemIndex, laterCheck: true }));
	return 'done' in sent ? { code: asDeleted(current, sent.done) } : { refused: sent.failed };
}

/**
 * The candidate as its read before the delete shows it, for the rule that made it one. A field the read leaves
 * out (every Qr field is optional) keeps the snapshot's value only when the read is the snapshot's version (one
 * change time, read in its unit); a later version, or one whose time cannot be compared, is judged on what it
 * shows: a list it leaves out holds no tag (hasTag), so a code another writer untagged is spared even when the
 * service leaves an empty `tags` out. The API has no undelete: a guess spares.
 */
function asJudged(snapshot: QrCode, read: QrCode): QrCode {
	const presentMs = Date.now();
	const snapshotMs = changeTimeOf(snapshot, presentMs);
	const sameVersion = snapshotMs !== undefined && changeTimeOf(read, presentMs) === snapshotMs;
	return sameVersion ? { ...snapshot, ...read } : { ...read, id: snapshot.id };
}

/**
 * The refused reads and deletes of one team's candidates: a code the team's changes since its version in the
 * snapshot hold deleted (another execution of the sync, a person) is done all the same, `alreadyDeleted`; one
 * read of the changes for them all (api/deletions.ts `deletedAfterRefusals`, Delete's rule too). Any other fails
 * with its refusal, or with an error saying the changes could not tell (an answer that looked capped).
 */
export async function settleRefusals(
	ctx: IExecuteFunctions,
	refusals: ReadonlyArray<{ code: QrCode; refused: unknown }>,
	teamId: string | undefined,
	itemIndex: number,
): Promise<Array<{ code: QrCode; alreadyDeleted: true } | { code: QrCode; error: unknown }>> {
	if (refusals.length === 0) return [];
	const asked = refusals.map(({ code, refused }) => ({
		id: String(code.id),
		version: changeTimeOf(code, Date.now()),
		refused,
	}));
	const settled = await deletedAfterRefusals(ctx, { refusals: asked, teamId, itemIndex });
	return settled.map((outcome, index) => {
		const { code } = refusals[index];
		if ('error' in outcome) return { code, error: outcome.error };
		return { code: asDeleted(code, outcome.deleted), alreadyDeleted: true as const };
	});
}

/** The service's refusal as it came (message, status), the failed look-up told in its description. */
function withLookUpFailure(
	error: NodeApiError,
	displayId: string,
	lookUpError: unknown,
): NodeApiError {
	const cause = lookUpError instanceof Error ? lookUpError.message : String(lookUpError);
	const note = `The look-up of the code holding Display ID "${displayId}" failed as well: ${cause}.`;
	error.description = [error.description, note].filter(Boolean).join(' ');
	return error;
}

function explainTakenElsewhere(error: NodeApiError, displayId: string): NodeApiError {
	if (!/taken|already|exist|in use/i.test(error.message)) return error;
	const note = `No live code of this team's list has the Display ID "${displayId}": it belongs to a code of another team or to a deleted code (deleted codes keep their Display ID), or to a code created so recently that the list does not show it yet (run the row again later).`;
	return prefixDescription(error, note);
}

/** A code found by the row's Display ID that, read by its ID, is answered deleted: nothing written. */
function deletedSinceFound(
	ctx: IExecuteFunctions,
	displayId: string,
	id: string,
	itemIndex: number,
): NodeOperationError {
	return operationError(
		executionNode(ctx),
		`The code found by Display ID "${displayId}" (${id}) is deleted when read by its ID`,
		{
			itemIndex,
			description:
				'Another writer deleted this code after it was found: nothing was written for the row. Deleted codes may keep their Display ID; run the row again to create one if QRTRAC allows it.',
		},
	);
}

/** A code found by the row's Display ID that, read by its ID, holds another one a second time: nothing written. */
function renamedAway(
	ctx: IExecuteFunctions,
	displayId: string,
	stored: QrCode,
	itemIndex: number,
): NodeOperationError {
	return operationError(
		executionNode(ctx),
		`The code found by Display ID "${displayId}" (${String(stored.id)}) holds Display ID "${String(stored.displayId)}" when read by its ID`,
		{
			itemIndex,
			description:
				"QRTRAC named this code as the holder of the row's Display ID, then answered it with another one, twice (another writer renaming it, or a service answering Display IDs in another form): nothing was written for the row, so that no code is renamed. Run the row again.",
		},
	);
}
