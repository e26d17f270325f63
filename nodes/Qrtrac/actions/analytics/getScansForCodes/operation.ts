import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { z } from 'zod';

import { getBulkQrAnalytics } from '../../../../shared/api';
import { optionsCollection } from '../../../../shared/forms/fields';
import type { ItemResults, Rows, TaskPool } from '../../../../shared/executor';
import { flagSchema, validateParameters } from '../../../../shared/validation';
import { codeSelectionWithPickerFields, timeRangeFields } from '../../../descriptions/analytics';
import { teamOverrideOptions } from '../../../descriptions/common';
import { ipAddressOptions, ipHashedNotice } from '../../../../shared/forms/ipPrivacy';
import { BEFORE_LAYOUT_1_2, LAYOUT_1_2, VERSION_1_2 } from '../../../descriptions/layoutVersions';
import { withIpPrivacy } from '../../../../shared/records/ipPrivacy';
import { atLeastVersion, getTeamOverride, readParameter } from '../../../helpers/parameters';
import {
	describeCodeRows,
	describeCodeSummaries,
	describeScanRows,
} from '../../../../shared/records/scanRows';
import {
	codeSelectionInput,
	codeSelectionShape,
	runPerSelection,
	withCodeSelection,
} from '../codeSelection';
import { liveCodesAmong } from '../unlistedCodes';
import {
	resolveTimeRange,
	timeRangeInput,
	timeRangeShape,
	withCustomRange,
	type TimeRange,
} from '../timeRange';
import { ipPrivacyInput, ipPrivacyShape, rowIpPrivacy } from '../scanPrivacy';
import { scansPerCode } from './plan';

const properties: INodeProperties[] = [
	...codeSelectionWithPickerFields,
	...timeRangeFields(false),
	ipHashedNotice(LAYOUT_1_2),
	optionsCollection([
		{
			displayName: 'One Item per Code',
			name: 'perCode',
			type: 'boolean',
			default: false,
			description:
				'Whether to return one item per code (scan count, first and last scan, counts by country and device) instead of one item per scan event',
		},
		...ipAddressOptions(LAYOUT_1_2, BEFORE_LAYOUT_1_2),
		...teamOverrideOptions,
	]),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['analytics'], operation: ['getScansForCodes'] } },
	properties,
);

function inputSchema(timezone: string) {
	return z
		.object({
			...codeSelectionShape,
			...timeRangeShape(false),
			perCode: flagSchema('One Item per Code'),
			teamId: z.string().optional(),
			...ipPrivacyShape,
		})
		.transform(withCustomRange(timezone))
		.transform(withCodeSelection);
}

type Input = z.infer<ReturnType<typeof inputSchema>>;

export function parse(this: IExecuteFunctions, itemIndex: number): Input {
	const options = readParameter<IDataObject>(this, 'options', itemIndex, {});
	return validateParameters(
		this,
		inputSchema(this.getTimezone()),
		{
			...codeSelectionInput(this, itemIndex),
			...timeRangeInput(this, itemIndex, 'last7Days'),
			perCode: options.perCode ?? false,
			teamId: getTeamOverride(this, itemIndex),
			...ipPrivacyInput(this, options, itemIndex),
		},
		itemIndex,
	);
}

export const kind = 'batch' as const;

/**
 * Scan events of many codes within each row's range, 100 codes per request; per event, or summed up per code.
 * The team's codes are read once per team for all rows: they give "All Codes of the Team" and name each row's
 * code (name, Display ID, short link) beside its internal ID. The range is walked by the one rule for answers
 * that look capped (api/analytics.ts `walkBulkScans`); each event's IP address is hashed, kept or removed.
 */
export async function run(
	this: IExecuteFunctions,
	rows: Rows<Input>,
	results: ItemResults,
	pool: TaskPool,
): Promise<void> {
	const summarise = atLeastVersion(this, VERSION_1_2) ? describeCodeSummaries : describeCodeRows;
	await runPerSelection(this, rows, results, pool, async ({ input, itemIndex, qrIds, codes }) => {
		const privacy = await rowIpPrivacy(this, input);
		const range = resolveTimeRange(input, Date.now(), this.getTimezone()) as TimeRange;
		const scans = await getBulkQrAnalytics(this, {
			qrIds,
			...range,
			teamId: input.teamId,
			itemIndex,
		});
		// every asked ID must be a live code of the team (unlistedCodes.ts), also one the answer gave events: the
		// contract does not limit the answer to the team's codes
		const named = await liveCodesAmong(this, {
			qrIds,
			listed: await codes(),
			teamId: input.teamId,
			itemIndex,
		});
		return input.perCode
			? summarise(scansPerCode(qrIds, scans), named, 'qrId')
			: describeScanRows(scans, named).map((scan) => withIpPrivacy(scan, privacy));
	});
}
