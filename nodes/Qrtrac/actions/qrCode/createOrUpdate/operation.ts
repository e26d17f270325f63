import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { connectionOf, getQrById, type QrCode } from '../../../../shared/api';
import type { ItemResults, ParsedItem, Rows, TaskPool } from '../../../../shared/executor';
import { executionNode } from '../../../../shared/executionNode';
import { KeyedTurns } from '../../../../shared/keyedTurns';
import { TeamCodes } from '../../../../shared/teamCodes';
import { refuseItem } from '../../../../shared/validation';
import { TakenDisplayIdLookUp } from '../../../../shared/teamListings';
import { getTeamOverride, readParameter } from '../../../helpers/parameters';
import { buildQrBody } from '../../../helpers/qrCodeBody';
import { readQrCodeFields } from '../../../helpers/qrCodeForm';
import { qrCodeOutput, qrCodeSwitches } from '../../../helpers/qrCodeTarget';
import { isLive } from '../../../../shared/records/qrCode';
import { attempt, outcomeKey, showsNoCode, withNote } from '../../../helpers/outcome';
import { applyRow, PerRowLookUp, type HeldCodes, type RowResult, type SawVersion } from './apply';
import { deleteMissingCodes, readDeleteMissing } from './deleteMissing';
import { DeleteMissingScope } from './deleteMissingScope';
import { LOOK_UP_MODE, readMode, SYNC_MODE } from './description';
import { planRow, type UpsertRow } from './plan';

export { description } from './description';

/**
 * Upsert keyed by Display ID, so that re-running the same rows never creates a code twice. A batch operation: all
 * rows are one job. Two modes, one rule (plan.ts):
 * - Sync (default): the codes of each team the rows name are read once (shared/teamCodes.ts); each row then
 *   sends only what differs: a create for a new Display ID, an update of the changed fields, nothing for an
 *   unchanged row. Optional Delete Missing (deleteMissing.ts) soft-deletes, after all rows, the team's codes with
 *   a chosen tag that no row names.
 * - Look Up Each Row: each row searches its code first, then does the same.
 * A create refused because another writer took the Display ID meanwhile turns into an update of that code.
 */

interface Input extends UpsertRow {
	mode: typeof SYNC_MODE | typeof LOOK_UP_MODE;
	simplify: boolean;
	/** Look Up Each Row: leave a code that already matches the row untouched. */
	skipUnchanged: boolean;
	/** Delete Missing (sync): the tag that scopes it, undefined when off. The same for every row. */
	deleteMissingTag?: string;
}

export const kind = 'batch' as const;

export function parse(this: IExecuteFunctions, itemIndex: number): Input {
	const fields = readQrCodeFields(this, itemIndex, 'createOrUpdate');
	const options = readParameter<IDataObject>(this, 'options', itemIndex, {});
	const mode = readMode(this, itemIndex);
	const deleteMissing =
		mode === SYNC_MODE ? readDeleteMissing(this, options, itemIndex) : undefined;
	const displayId = fields.displayId!;
	const body = buildQrBody(fields);
	// The row finds its code by its Display ID: another one in the JSON would rename that code, not key on it.
	if (body.displayId !== displayId)
		throw refuseItem(
			executionNode(this),
			[
				{
					label: 'Other API Fields (JSON)',
					message: `gives the Display ID ${JSON.stringify(body.displayId)}, not the row's "Display ID" "${displayId}"`,
					path: ['additionalFieldsJson'],
				},
			],
			itemIndex,
		);
	return {
		mode,
		displayId,
		body,
		...qrCodeSwitches(this, itemIndex, mode === LOOK_UP_MODE),
		teamId: getTeamOverride(this, itemIndex),
		deleteMissingTag: deleteMissing?.deleteMissing ? deleteMissing.deleteMissingTag : undefined,
	};
}

/** What the rows of one code share: the run's requests and outcomes. */
interface RowRun {
	ctx: IExecuteFunctions;
	results: ItemResults;
	pool: TaskPool;
	outcome: string;
	sync: HeldCodes;
	/** The teams' snapshots (sync mode): told what each row left, so that they hold only what was read. */
	teamCodes: TeamCodes;
	/** The credential's team: the team of a row that names none. */
	credentialTeamId: string;
	lookUp: HeldCodes;
	/** The look-up of a Display ID QRTRAC refused as taken: the run's snapshots, or one walk per team. */
	taken: { sync: TakenDisplayIdLookUp; lookUp: TakenDisplayIdLookUp };
	/** Delete Missing: told the code each row succeeded on. */
	deleteMissing: DeleteMissingScope;
}

/**
 * Left by a row that failed knowing no code: the next row of the code finds it again as a first row does, never
 * takes it for absent (its create may have been made, its answer lost or refused after).
 */
const LOOK_AGAIN = Symbol('look the code up again');

/**
 * Left by a row that failed after starting from a code: the next row reads that code by its ID, never starts from
 * it as the row found it (its write may have been made) nor searches it (a search may lag behind that write);
 * it looks the code up again when the read finds none.
 */
class ReadAgain {
	constructor(readonly id: string) {}
}

/** What a row of a code left for the next row of it: its outcome while a next row waits, else the code's id. */
type Known = IDataObject | undefined | typeof LOOK_AGAIN | ReadAgain;
type Left = Promise<Known> | { id: string | undefined } | typeof LOOK_AGAIN | ReadAgain;

/**
 * The rows by (team, Display ID): the first row of each code is sent as it is read, from the code the team's
 * snapshot (or a look-up) holds. Later rows of the same code wait until the first pass is done, then run in input
 * order, each from what the one before it left. After all rows, Delete Missing.
 */
export async function run(
	this: IExecuteFunctions,
	rows: Rows<Input>,
	results: ItemResults,
	pool: TaskPool,
): Promise<void> {
	const { teamId: credentialTeamId } = await connectionOf(this);
	const teamCodes = new TeamCodes(this, {
		purpose: (team) => `the sync snapshot of team ${team}`,
		held: true,
	});
	const sync: HeldCodes = { code: async (...args) => await teamCodes.take(...args) };
	const lookUp = new PerRowLookUp(this);
	const deleteMissing = new DeleteMissingScope();
	// Rows read all at once (Continue On Fail off) are checked together first: a disagreement sends nothing.
	if (Array.isArray(rows)) DeleteMissingScope.requireOneTag(this, rows);
	const rowRun: RowRun = {
		ctx: this,
		results,
		pool,
		outcome: outcomeKey(this),
		sync,
		teamCodes,
		credentialTeamId,
		lookUp,
		taken: {
			sync: new TakenDisplayIdLookUp(this, teamCodes),
			lookUp: new TakenDisplayIdLookUp(this),
		},
		deleteMissing,
	};
	const turns = new KeyedTurns<ParsedItem<Input>, Left>();
	let last: ParsedItem<Input> | undefined;

	for await (const row of rows) {
		const { input } = row;
		const teamKey = input.teamId ?? credentialTeamId;
		if (!deleteMissing.accepts(this, row, teamKey, results)) continue;
		last = row;
		const key = JSON.stringify([teamKey, input.displayId]);
		turns.take(key, row, () => {
			const sent = sendRow(rowRun, row, async () => await heldCode(rowRun, row), { first: true });
			// Once the row is done only the code's id is kept, unless a later row of it waits: holding every
			// written code until the end doubled the run's memory.
			void sent.then((code) => {
				if (!turns.holds(key))
					turns.leave(
						key,
						code === LOOK_AGAIN || code instanceof ReadAgain ? code : { id: idOf(code) },
					);
			});
			return sent;
		});
	}
	await turns.sendHeld(pool, (row, before) =>
		sendRow(rowRun, row, async () => await codeLeft(rowRun, before, row), { first: false, before }),
	);
	await teamCodes.putBack().catch((error: unknown) => {
		this.logger.info(
			`QRTRAC: the sync snapshot kept no unchanged code for later runs (${error instanceof Error ? error.message : String(error)})`,
		);
	});
	if (last && deleteMissing.tag !== undefined)
		await deleteMissingCodes(this, {
			tag: deleteMissing.tag,
			last,
			teamCodes,
			results,
			pool,
			scope: deleteMissing,
		});
}

/**
 * Sends one row through the pool; answers the code it left (when it failed: ReadAgain the code it started from, or
 * LOOK_AGAIN). `first`: the first row of its code, which started from the snapshot or a look-up (a read); `before`:
 * what the row before it left, passed on as a ReadAgain of its code when the row fails before it starts (its read
 * failed: a look-up instead might start the next row from a version before that row's write).
 */
async function sendRow(
	rowRun: RowRun,
	{ input, itemIndex }: ParsedItem<Input>,
	start: () => Promise<IDataObject | undefined>,
	{ first, before }: { first: boolean; before?: Left },
): Promise<Known> {
	const { ctx, results, pool } = rowRun;
	const writeUnchanged = input.mode === LOOK_UP_MODE && !input.skipUnchanged;
	const saw = sawVersion(rowRun, input);
	let read: QrCode | undefined;
	let started: { from: IDataObject | undefined } | undefined;
	const task = pool.run(async (): Promise<RowResult> => {
		try {
			const startedFrom = await start();
			started = { from: startedFrom };
			const action = planRow(input, startedFrom, writeUnchanged);
			const taken = input.mode === SYNC_MODE ? rowRun.taken.sync : rowRun.taken.lookUp;
			const done = await applyRow(ctx, input, action, itemIndex, { writeUnchanged, saw, taken });
			// An unchanged row's code is the one it read (the snapshot's, a look-up's or a read by its ID); so is a
			// created code found after a lost answer that needed no update.
			if (done.operation === 'unchanged' || done.leftAsRead) read = done.code as QrCode;
			return done;
		} finally {
			tellSnapshot(rowRun, input, first, read);
		}
	});
	return await results
		.settle(itemIndex, task, (done) => rowOutput(rowRun, done, input.simplify))
		.then(
			(done) => {
				rowRun.deleteMissing.rowCode(input.teamId ?? rowRun.credentialTeamId, idOf(done.code));
				return done.code;
			},
			async () => {
				const id = started ? started.from?.id : await givenId(before);
				return id === undefined ? LOOK_AGAIN : new ReadAgain(String(id));
			},
		);
}

/** The ID of the code the row before left (none: it left no code, or one to look up again). */
async function givenId(before: Left | undefined): Promise<unknown> {
	const left = before instanceof Promise ? await before : before;
	if (left === undefined || left === LOOK_AGAIN) return undefined;
	return left.id;
}

/**
 * Sync: a row that wrote or failed keeps its Display ID taken for the run; a first row that wrote nothing offers
 * the code it read back (a later row that wrote nothing changes nothing). Rows of later turns started from what
 * the row before left, which may be a write's answer: never offered.
 */
function tellSnapshot(
	{ teamCodes, credentialTeamId }: RowRun,
	input: Input,
	first: boolean,
	read: QrCode | undefined,
): void {
	if (input.mode !== SYNC_MODE) return;
	const team = input.teamId ?? credentialTeamId;
	if (read === undefined) teamCodes.rowDone(team, input.displayId);
	else if (first) teamCodes.rowDone(team, input.displayId, read);
}

/**
 * Sync: the versions a row reads by ID or writes go to the snapshot, so that a lagging feed's older version never
 * gives its Display ID back, while the written content does whatever time the service stored.
 */
function sawVersion({ teamCodes, credentialTeamId }: RowRun, input: Input): SawVersion | undefined {
	if (input.mode !== SYNC_MODE) return undefined;
	const team = input.teamId ?? credentialTeamId;
	// What the row wrote is held by a version its plan leaves unchanged (plan.ts's rule).
	const holdsWrite = (version: QrCode) => planRow(input, version).kind === 'unchanged';
	return (code, how) => teamCodes.rowSaw(team, input.displayId, code, how, holdsWrite);
}

/** The code the row keys on, as a first row of it finds it: the team's snapshot, or a look-up. */
async function heldCode(
	rowRun: RowRun,
	{ input, itemIndex }: ParsedItem<Input>,
): Promise<IDataObject | undefined> {
	const held = input.mode === SYNC_MODE ? rowRun.sync : rowRun.lookUp;
	return await held.code(input.teamId, input.displayId, itemIndex);
}

/**
 * The code as the row before this one left it; when only its id was kept, read again. Sync: the snapshot is told
 * the version the row starts from, so that the feed gives the Display ID back only with a later one.
 */
async function codeLeft(
	rowRun: RowRun,
	before: Left,
	row: ParsedItem<Input>,
): Promise<IDataObject | undefined> {
	const code = await leftBefore(rowRun, before, row);
	const { input, itemIndex } = row;
	if (input.mode === SYNC_MODE)
		await rowRun.teamCodes.startsFrom(
			input.teamId,
			input.displayId,
			code as QrCode | undefined,
			itemIndex,
		);
	return code;
}

async function leftBefore(
	rowRun: RowRun,
	before: Left,
	row: ParsedItem<Input>,
): Promise<IDataObject | undefined> {
	const left = before instanceof Promise ? await before : before;
	if (left === LOOK_AGAIN) return await heldCode(rowRun, row);
	if (left instanceof ReadAgain) return await readLeft(rowRun, left.id, row);
	// Read by its ID also when the row before was waited for: the code it left may have been deleted or changed by
	// another writer since, and a later row must not report a deleted code `unchanged`.
	const id =
		before instanceof Promise
			? idOf(left as IDataObject | undefined)
			: (left as { id?: string }).id;
	return id === undefined ? undefined : await readLeft(rowRun, id, row);
}

/**
 * The code the row before left, read by its ID. One no longer there (its read `showsNoCode`, or held deleted) is no
 * code: the row looks its Display ID up again, as a first row does. Other refusals fail the row, naming the read.
 */
async function readLeft(
	rowRun: RowRun,
	id: string,
	row: ParsedItem<Input>,
): Promise<IDataObject | undefined> {
	const { input, itemIndex } = row;
	const read = await attempt(getQrById(rowRun.ctx, { id, teamId: input.teamId, itemIndex }));
	if ('done' in read && isLive(read.done)) return read.done;
	const note = `This failed while reading by its ID ("${id}") the code the row before this one left.`;
	if ('failed' in read && !showsNoCode(read.failed)) throw withNote(read.failed, note);
	return await heldCode(rowRun, row);
}

function idOf(code: IDataObject | undefined): string | undefined {
	return code === undefined ? undefined : String(code.id);
}

/** An output record: what happened first (under `outcome`, see outcomeKey), then the code (simplified or raw). */
function rowOutput({ ctx, outcome }: RowRun, result: RowResult, simplify: boolean): IDataObject {
	return {
		[outcome]: result.operation,
		...(result.changedFields ? { changedFields: result.changedFields } : {}),
		...(result.passwordNote ? { passwordNote: result.passwordNote } : {}),
		...qrCodeOutput(ctx, result.code, simplify),
	};
}
