import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { ChangeResult } from '../../../shared/api';
import type { ItemResults, Rows, TaskPool } from '../../../shared/executor';
import { itemInputError } from '../../../shared/validation';
import type { MemberTarget } from '../../helpers/memberTarget';
import { attempt, refusedWith, reportsOutcome, type Outcome } from '../../helpers/outcome';
import { PersonTurns, placementTurns, READ_AGAIN } from './personTurns';
import { Rosters, sentUntold, type KnownMember, type RosterMember } from './rosters';

/**
 * One kind of change of one member in one team (Pause, Activate, Change Role, Remove From Team): when it already
 * holds, how it is sent, what the member is afterwards and what the item says.
 */
export interface MemberChange<Input extends MemberTarget> {
	/** The operation as the form names it, for the item's error. */
	name: string;
	/** The `result` of a change that was sent. */
	done: Outcome;
	/** The rule (api/members.ts memberChangeHolds) read on the team's member; undefined: not in the team. */
	holds(member: KnownMember | undefined, input: Input): boolean;
	/**
	 * Where the team's members do not tell the state the rule reads (the contract lists none), a refusal whose
	 * message says the state already holds is read as `unchanged` for a member the team does list.
	 */
	alreadyHeld?: RegExp;
	send(ctx: IExecuteFunctions, input: Input, itemIndex: number): Promise<ChangeResult>;
	/** The member after the change (undefined: no longer in the team). */
	after(member: KnownMember | undefined, input: Input): KnownMember | undefined;
	/** The item: the same fields in every version; `result` is `unchanged` from 1.2 on when nothing was sent. */
	output(input: Input, result: Outcome, before: KnownMember | undefined): IDataObject;
}

/**
 * The batch `run` of a member change. Version 1.2 and later read each team's members once per execution and send
 * only the changes that do not hold yet (a re-run reports `unchanged` instead of failing); each row decides from
 * what the person's row before it left. Earlier versions send every row, as they always did; so does 1.2 where the
 * roster cannot tell whether the person is in the team (the answer lists no members, or the person is not found and
 * members are listed without an e-mail), reporting the service's answer with a `rosterNote`. In every version, rows
 * of the same person follow each other (PersonTurns).
 */
export function memberChangeRun<Input extends MemberTarget>(change: MemberChange<Input>) {
	return async function run(
		this: IExecuteFunctions,
		rows: Rows<Input>,
		results: ItemResults,
		pool: TaskPool,
	): Promise<void> {
		const rosters = new Rosters(this);
		if (!reportsOutcome(this)) {
			// These versions read no roster, yet a later node of the execution may hold one: it is let go.
			const turns = new PersonTurns<Input, void>(async ({ input, itemIndex }) => {
				const sent = pool.run(async () => {
					try {
						return await change.send(this, input, itemIndex);
					} finally {
						await rosters.forget(input.teamId);
					}
				});
				await results
					.settle(itemIndex, sent, (done) => ({
						...change.output(input, change.done, undefined),
						...done,
					}))
					.catch(() => undefined);
			});
			for await (const row of rows) turns.take(row);
			await turns.sendHeld(pool);
			return;
		}
		const turns = placementTurns<Input>(
			async (teamId, { input, itemIndex }, again) =>
				again
					? await rosters.memberNow(teamId, input.email, itemIndex)
					: await rosters.listedNow(teamId, input.email, itemIndex),
			async ({ input, itemIndex }, current) => {
				let sending = false;
				const sent = results.settle(
					itemIndex,
					pool.run(async () => {
						const member = await current(input.teamId);
						const unchanged = member !== null && change.holds(member, input);
						try {
							const untold =
								member === null ? await rosters.untoldNote(input.teamId, input.email) : undefined;
							const listed = asListed(input, member);
							const output = await changeOne(
								change,
								listed,
								member,
								untold,
								async () => {
									sending = true;
									return await change.send(this, listed, itemIndex);
								},
								async () =>
									notListed(
										this,
										change.name,
										listed.email,
										await rosters.teamLabel(input.teamId, input.email),
										itemIndex,
									),
							);
							return { member, output };
						} finally {
							// Pausing, activating or removing changes more than a role: later runs read the roster again.
							if (!unchanged) await rosters.forget(input.teamId);
						}
					}),
					({ output }) => output,
				);
				try {
					const { member } = await sent;
					return [[input.teamId, member === null ? null : change.after(member, input)]];
				} catch {
					// A change that failed once sent may have been made: the person's next row reads the team again.
					return sending ? [[input.teamId, READ_AGAIN]] : [];
				}
			},
		);
		for await (const row of rows) turns.take(row);
		await turns.sendHeld(pool);
	};
}

/**
 * The input as sent: with the e-mail the team lists the person under (a service may compare e-mails exactly and
 * hold another case than the row's), else the one the person is held under elsewhere (`knownAs`: spellings.ts
 * spellingHeld), else as typed.
 */
export function asListed<Input extends { email: string }>(
	input: Input,
	member: { email: string } | undefined | null,
	knownAs?: string,
): Input {
	const email = sentSpelling(input.email, member, knownAs);
	return email !== input.email ? { ...input, email } : input;
}

/**
 * The e-mail sent for a person typed `typed` (asListed's rule, also Add to Teams' for each of its teams): the team's
 * own spelling as it lists it, else `knownAs`, else as typed.
 */
export function sentSpelling(
	typed: string,
	member: { email: string } | undefined | null,
	knownAs?: string,
): string {
	return member ? member.email : (knownAs ?? typed);
}

/**
 * The change of one row: `send` sends it (the only way it goes out), `notListed` is the error of a person the team
 * does not list.
 */
async function changeOne<Input extends MemberTarget>(
	change: MemberChange<Input>,
	input: Input,
	member: RosterMember,
	untold: string | undefined,
	send: () => Promise<ChangeResult>,
	notListed: () => Promise<Error>,
): Promise<IDataObject> {
	if (member === null) {
		// Whether the person is in the team is not known: sent as version 1.1 sends it, the service's answer stands.
		const done = await sentUntold(send(), untold);
		return { ...change.output(input, change.done, undefined), ...done };
	}
	if (change.holds(member, input)) return change.output(input, 'unchanged', member);
	// A team listing every member by e-mail, not this person: a service answering that no-op with success would make
	// the row report a change no one got (a typo in a sheet), so it is not sent.
	if (member === undefined) throw await notListed();
	const sent = await attempt(send());
	if ('done' in sent) return { ...change.output(input, change.done, member), ...sent.done };
	const stateUntold = member !== undefined && member.state === undefined;
	if (stateUntold && change.alreadyHeld && refusedWith(sent.failed, change.alreadyHeld))
		return change.output(input, 'unchanged', member);
	throw sent.failed;
}

/** `team`: as Rosters.teamLabel names it, by the name the form shows where the team's answer gave one. */
function notListed(
	ctx: IExecuteFunctions,
	name: string,
	email: string,
	team: string,
	itemIndex: number,
): Error {
	return itemInputError(
		ctx.getNode(),
		itemIndex,
		`${email} is not a member of team ${team}; ${name} was not sent`,
		"The team's members, as read in this execution, do not list this e-mail. Check it, pick the team they are in, or add them first with Add.",
	);
}
