import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';
import { z } from 'zod';

import { earlierTrySender, resendInvite } from '../../../shared/api';
import {
	NotStarted,
	type ItemResults,
	type ParsedItem,
	type Rows,
	type TaskPool,
} from '../../../shared/executor';
import { readParameter } from '../../../shared/parameters';
import { validateParameters } from '../../../shared/validation';
import { memberEmailField } from '../../descriptions/member';
import { memberTargetShape } from '../../helpers/memberTarget';
import { reportsOutcome } from '../../helpers/outcome';
import { operationError } from '../../../shared/nodeErrors';
import { nothingWentOut } from '../../../shared/outcomeMarks';
import { PersonTurns } from './personTurns';

const properties: INodeProperties[] = [
	{ ...memberEmailField, description: 'Email address of the invited person' },
];

export const description = updateDisplayOptions(
	{ show: { resource: ['teamMember'], operation: ['resendInvite'] } },
	properties,
);

const inputSchema = z.object({ email: memberTargetShape.email });

type Input = z.infer<typeof inputSchema>;

export function parse(this: IExecuteFunctions, itemIndex: number): Input {
	return validateParameters(
		this,
		inputSchema,
		{ email: readParameter(this, 'email', itemIndex, '') },
		itemIndex,
	);
}

export const kind = 'batch' as const;

/** The row that sent a person's invitation, and whether it did so in an earlier try of this node (Retry On Fail). */
interface Sender {
	itemIndex: number;
	earlierTry: boolean;
}

/**
 * What a row left for later rows of the same e-mail. `notSent`: nothing went out (the transport marks a refusal,
 * a 429 or a wait past Maximum Wait: serviceErrors.ts `nothingWentOut`), or the row never started (the run stopped
 * at another row's failure). Any other failure may have sent the e-mail: `unknown`, by the row whose send that was
 * (after an earlier try's unknown outcome, that try's row: api/created.ts `earlierTrySender`).
 */
type Resent = ({ kind: 'resent' | 'unknown' } & Sender) | { kind: 'notSent' };

/**
 * From 1.2 a person listed twice in one run of the node is invited once: QRTRAC caps how often an invitation may be
 * resent, and a list with repeats would spend that allowance and mail the person twice within a second. Later rows
 * of the same e-mail (any case) report `unchanged`, naming the row that sent it. After a row that sent nothing
 * they try again; after any other failure (a lost answer, a 5xx, a 200 saying `success: false`) they fail without
 * sending, as that row may have sent it. n8n's Retry On Fail keeps this across its tries: a try finds what any row
 * of an earlier one sent or may have sent to the person (api/members.ts `resendInvite`, `perPerson`).
 */
export async function run(
	this: IExecuteFunctions,
	rows: Rows<Input>,
	results: ItemResults,
	pool: TaskPool,
): Promise<void> {
	const perPerson = reportsOutcome(this);
	const sendRow = ({ input, itemIndex }: ParsedItem<Input>): Promise<Resent> =>
		results
			.settle(
				itemIndex,
				pool.run(async () => await sendBy(this, input, itemIndex, perPerson)),
				(sender) => outputOf(input, itemIndex, sender),
			)
			.then(
				(sender): Resent => ({ kind: 'resent', ...sender }),
				(error: unknown): Resent => {
					if (error instanceof NotStarted || nothingWentOut(error)) return { kind: 'notSent' };
					const sentBy = earlierTrySender(error);
					if (sentBy === undefined) return { kind: 'unknown', itemIndex, earlierTry: false };
					return { kind: 'unknown', itemIndex: sentBy, earlierTry: true };
				},
			);
	if (!perPerson) {
		for await (const row of rows) {
			void sendRow(row);
			if (results.stopped) break;
		}
		return;
	}
	const turns = new PersonTurns<Input, Resent>(async (row, before) => {
		if (!before) return await sendRow(row);
		const earlier = await before;
		// Nothing went out: this row sends (or, in a run stopped at a failure, never starts either).
		if (earlier.kind === 'notSent') return await sendRow(row);
		if (earlier.kind === 'resent')
			results.succeed(row.itemIndex, outputOf(row.input, row.itemIndex, earlier));
		else results.fail(row.itemIndex, mayHaveGoneOut(this, row, earlier));
		return earlier;
	});
	for await (const row of rows) {
		turns.take(row);
		if (results.stopped) break;
	}
	await turns.sendHeld(pool);
}

/**
 * Sends the invitation again to someone who has not accepted it (the service caps how often); answers the row
 * that sent it: this one, or on a try n8n runs again an earlier try's row of the item (or from 1.2 of the person).
 */
async function sendBy(
	ctx: IExecuteFunctions,
	{ email }: Input,
	itemIndex: number,
	perPerson: boolean,
): Promise<Sender> {
	const { sentBy = itemIndex } = await resendInvite(ctx, { email, itemIndex, perPerson });
	// Within one try a person's later rows never send after one that did: another row's send is an earlier try's.
	return { itemIndex: sentBy, earlierTry: sentBy !== itemIndex };
}

/** A row's item: its invitation resent (now, or by its own row in an earlier try), or another row's send named. */
function outputOf({ email }: Input, itemIndex: number, sender: Sender): IDataObject {
	if (sender.itemIndex === itemIndex) return { email, status: 'pending', result: 'inviteResent' };
	const row = `row ${sender.itemIndex + 1} of this execution (item index ${sender.itemIndex})`;
	return {
		email,
		status: 'pending',
		result: 'unchanged',
		note: `Already resent by ${row}${sender.earlierTry ? ' in an earlier try of this node' : ''}; not sent again`,
	};
}

/** A row's error after the person's row `sender` whose send had an unknown outcome, in this try or an earlier one. */
function mayHaveGoneOut(
	ctx: IExecuteFunctions,
	{ input, itemIndex }: ParsedItem<Input>,
	sender: Sender,
): NodeOperationError {
	const row = `row ${sender.itemIndex + 1} (item index ${sender.itemIndex})${sender.earlierTry ? ' in an earlier try of this node' : ''}`;
	return operationError(
		ctx.getNode(),
		`The invitation to ${input.email} may have gone out with ${row}, whose outcome is unknown: it was not sent again`,
		{
			itemIndex,
			description:
				'Ask the person whether the invitation arrived; run this item again only if it did not (each resend sends another e-mail and spends one of the few resends QRTRAC allows).',
		},
	);
}
