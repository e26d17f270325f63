import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';
import { z } from 'zod';

import { getTotalScansOverview } from '../../../../shared/api';
import type { ItemResults, Rows, TaskPool } from '../../../../shared/executor';
import { validateParameters } from '../../../../shared/validation';
import { codeSelectionWithPickerFields } from '../../../descriptions/analytics';
import { teamOptionsCollection } from '../../../descriptions/common';
import { VERSION_1_2 } from '../../../descriptions/layoutVersions';
import { atLeastVersion, getTeamOverride } from '../../../helpers/parameters';
import { describeCodeRows, describeCodeSummaries } from '../../../../shared/records/scanRows';
import {
	codeSelectionInput,
	codeSelectionShape,
	runPerSelection,
	withCodeSelection,
} from '../codeSelection';
import { totalsInOrder } from './plan';

const properties: INodeProperties[] = [...codeSelectionWithPickerFields, teamOptionsCollection];

export const description = updateDisplayOptions(
	{ show: { resource: ['analytics'], operation: ['getTotals'] } },
	properties,
);

const inputSchema = z
	.object({
		...codeSelectionShape,
		teamId: z.string().optional(),
	})
	.transform(withCodeSelection);

type Input = z.infer<typeof inputSchema>;

export function parse(this: IExecuteFunctions, itemIndex: number): Input {
	return validateParameters(
		this,
		inputSchema,
		{ ...codeSelectionInput(this, itemIndex), teamId: getTeamOverride(this, itemIndex) },
		itemIndex,
	);
}

export const kind = 'batch' as const;

/**
 * One item per code: total, today's and yesterday's scans and leads, as the service counts them ("today" is
 * the service's day, named in `todayDate`), named by the code's name, Display ID and short link; from 1.2 in the
 * shape of per-code summaries (scanRows.ts `describeCodeSummaries`), saved nodes keep theirs. 100 codes per
 * request; the team's codes are read once per team (for "All Codes of the Team" and the names).
 * A code the service leaves out of its answer is checked against those codes: a live one has no totals given
 * (nulls and a note, codeTotals.ts), any other fails the row: an unknown ID must not look like a code.
 */
export async function run(
	this: IExecuteFunctions,
	rows: Rows<Input>,
	results: ItemResults,
	pool: TaskPool,
): Promise<void> {
	const summaries = atLeastVersion(this, VERSION_1_2);
	await runPerSelection(this, rows, results, pool, async ({ input, itemIndex, qrIds, codes }) => {
		const answer = await getTotalScansOverview(this, { qrIds, teamId: input.teamId, itemIndex });
		const teamCodes = await codes();
		const liveIds = new Set(teamCodes.map((code) => code.id));
		const { totals, missing } = totalsInOrder(qrIds, answer, liveIds);
		if (missing.length > 0) throw noTotals(this, missing, qrIds.length, itemIndex);
		return summaries
			? describeCodeSummaries(totals, teamCodes, 'id')
			: describeCodeRows(totals, teamCodes, 'id');
	});
}

function noTotals(
	ctx: IExecuteFunctions,
	missing: string[],
	asked: number,
	itemIndex: number,
): NodeOperationError {
	const shown =
		missing.slice(0, 10).join(', ') +
		(missing.length > 10 ? ` and ${missing.length - 10} more` : '');
	return new NodeOperationError(
		ctx.getNode(),
		`QRTRAC returned no totals for ${missing.length} of the ${asked} codes asked for: ${shown}`,
		{
			itemIndex,
			description:
				"These IDs are not among this team's live codes either: check for typos, deleted codes, or codes of another team (Team Override).",
		},
	);
}
