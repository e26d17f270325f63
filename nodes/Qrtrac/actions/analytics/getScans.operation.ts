import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { z } from 'zod';

import { getQrAnalytics } from '../../../shared/api';
import { optionsCollection } from '../../../shared/forms/fields';
import { textIdSchema, validateParameters } from '../../../shared/validation';
import { timeRangeFields } from '../../descriptions/analytics';
import {
	limitOption,
	qrCodeLocator,
	returnAllOption,
	teamOverrideOptions,
} from '../../descriptions/common';
import { ipAddressOptions, ipHashedNotice } from '../../../shared/forms/ipPrivacy';
import { BEFORE_LAYOUT_1_2, LAYOUT_1_2, VERSION_1_2 } from '../../descriptions/layoutVersions';
import { atLeastVersion, getLocatorValue, getTeamOverride } from '../../helpers/parameters';
import { readParameter } from '../../../shared/parameters';
import { returnAllInput, returnAllShape, upToLimit } from '../../helpers/returnAll';
import { withIpPrivacy } from '../../../shared/records/ipPrivacy';
import { describeScanRows } from '../../../shared/records/scanRows';
import { ipPrivacyInput, ipPrivacyShape, rowIpPrivacy } from './scanPrivacy';
import { mayNameGoneCode } from '../../helpers/outcome';
import { failRefusedScans, readLiveCode } from './unlistedCodes';
import {
	resolveTimeRange,
	timeRangeInput,
	timeRangeShape,
	withCustomRange,
	withinRange,
} from './timeRange';

const properties: INodeProperties[] = [
	qrCodeLocator,
	...timeRangeFields(true),
	returnAllOption,
	limitOption,
	ipHashedNotice(LAYOUT_1_2),
	optionsCollection([...ipAddressOptions(LAYOUT_1_2, BEFORE_LAYOUT_1_2), ...teamOverrideOptions]),
];

export const description = updateDisplayOptions(
	{ show: { resource: ['analytics'], operation: ['getScans'] } },
	properties,
);

function inputSchema(timezone: string) {
	return z
		.object({
			qrCodeId: textIdSchema.describe('QR Code'),
			...returnAllShape,
			teamId: z.string().optional(),
			...timeRangeShape(true),
			...ipPrivacyShape,
		})
		.transform(withCustomRange(timezone));
}

type Input = z.infer<ReturnType<typeof inputSchema>>;

export function parse(this: IExecuteFunctions, itemIndex: number): Input {
	return validateParameters(
		this,
		inputSchema(this.getTimezone()),
		{
			qrCodeId: getLocatorValue(this, 'qrCodeId', itemIndex),
			...returnAllInput(this, itemIndex),
			teamId: getTeamOverride(this, itemIndex),
			...timeRangeInput(this, itemIndex, 'allTime'),
			...ipPrivacyInput(
				this,
				readParameter<IDataObject>(this, 'options', itemIndex, {}),
				itemIndex,
			),
		},
		itemIndex,
	);
}

/**
 * Scan events of one code in the order the service gives them; it returns every scan, so the range is applied
 * here (and bounds the walk of an answer that looks capped). The code is read too (one request): an ID that is no
 * live code of the team fails even when no scans came, or when the scans read was refused and the code read proves
 * it gone; from 1.2 its rows name it as every other scan row does.
 * The IP address is hashed, kept or removed (ipPrivacy.ts).
 */
export async function execute(
	this: IExecuteFunctions,
	input: Input,
	itemIndex: number,
): Promise<IDataObject[]> {
	const range = resolveTimeRange(input, Date.now(), this.getTimezone());
	const code = { qrId: input.qrCodeId, teamId: input.teamId, itemIndex };
	const all = await getQrAnalytics(this, { ...code, range }).catch(async (error: unknown) => {
		// a refusal a code not there may cause says little (a 403 for another team's code blames the client's
		// role): the code read tells, and fails the item for an ID it proves no live code; otherwise it stands
		if (!mayNameGoneCode(error)) throw error;
		return await failRefusedScans(this, code, error);
	});
	const scans = all.filter((scan) => withinRange(scan.scanTime, range));
	const privacy = await rowIpPrivacy(this, input);
	const rows = upToLimit(scans, input).map((scan) => withIpPrivacy(scan, privacy));
	// in every version and also without scans: the contract documents no refusal of an unknown ID by Get Scans, and
	// no events for a mistyped ID, another team's or a deleted code must not read as a code never scanned
	const named = await readLiveCode(this, code);
	// nodes saved before 1.2 keep their rows' shape, without the code's name
	return describeScanRows(rows, atLeastVersion(this, VERSION_1_2) ? [named] : []);
}
