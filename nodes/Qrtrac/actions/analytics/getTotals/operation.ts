import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
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
import { liveCodesAmong } from '../unlistedCodes';
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
 * An asked ID the team's codes do not show live is read by its ID (unlistedCodes.ts; a code just created may not be
 * listed yet): only a live code of the team gets a row, a live one the answer leaves out without totals (nulls and
 * a note, codeTotals.ts); any other ID fails the row, also when the answer gives it totals (a service may answer
 * zeros for any ID): an unknown ID must not look like a code.
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
		const named = await liveCodesAmong(this, {
			qrIds,
			listed: await codes(),
			teamId: input.teamId,
			itemIndex,
		});
		// every asked ID is a live code now (any other failed above)
		const { totals } = totalsInOrder(qrIds, answer, new Set(named.map((code) => code.id)));
		return summaries
			? describeCodeSummaries(totals, named, 'id')
			: describeCodeRows(totals, named, 'id');
	});
}
