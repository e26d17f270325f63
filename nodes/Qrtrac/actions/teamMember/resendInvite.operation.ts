import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { z } from 'zod';

import { resendInvite } from '../../../shared/api';
import type { ItemResults, ParsedItem, Rows, TaskPool } from '../../../shared/executor';
import { KeyedTurns } from '../../../shared/keyedTurns';
import { readParameter } from '../../../shared/parameters';
import { normalizeEmail } from '../../../shared/records/member';
import { validateParameters } from '../../../shared/validation';
import { memberEmailField } from '../../descriptions/member';
import { memberTargetShape } from '../../helpers/memberTarget';
import { reportsOutcome } from '../../helpers/outcome';

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

/**
 * From 1.2 a person listed twice in one execution is invited once: QRTRAC caps how often an invitation may be
 * resent, and a list with repeats would spend that allowance and mail the person twice within a second. Later rows
 * of the same e-mail (any case) report `unchanged`, naming the row that sent it; after a failed send they try again.
 */
export async function run(
	this: IExecuteFunctions,
	rows: Rows<Input>,
	results: ItemResults,
	pool: TaskPool,
): Promise<void> {
	const sendRow = ({ input, itemIndex }: ParsedItem<Input>): Promise<number | undefined> =>
		results
			.settle(
				itemIndex,
				pool.run(async () => await execute.call(this, input, itemIndex)),
			)
			.then(
				() => itemIndex,
				() => undefined,
			);
	if (!reportsOutcome(this)) {
		for await (const row of rows) {
			void sendRow(row);
			if (results.stopped) break;
		}
		return;
	}
	// what each e-mail's last row left: the item that resent the invitation, or undefined when it failed
	const turns = new KeyedTurns<ParsedItem<Input>, Promise<number | undefined>>();
	for await (const row of rows) {
		turns.take(normalizeEmail(row.input.email), row, () => sendRow(row));
		if (results.stopped) break;
	}
	await turns.sendHeld(pool, async (row, before) => {
		const sentBy = await before;
		if (sentBy === undefined) return await sendRow(row);
		results.succeed(row.itemIndex, alreadyResent(row.input, sentBy));
		return sentBy;
	});
}

function alreadyResent({ email }: Input, sentBy: number): IDataObject {
	return {
		email,
		status: 'pending',
		result: 'unchanged',
		note: `The invitation was resent by item ${sentBy} of this execution; it was not sent again`,
	};
}

/** Sends the invitation e-mail again to someone who has not accepted it; the service caps how often. */
export async function execute(
	this: IExecuteFunctions,
	input: Input,
	itemIndex: number,
): Promise<IDataObject> {
	await resendInvite(this, { email: input.email, itemIndex });
	return { email: input.email, status: 'pending', result: 'inviteResent' };
}
