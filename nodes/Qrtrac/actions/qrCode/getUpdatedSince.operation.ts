import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { z } from 'zod';

import {
	changeTimeOf,
	changedBefore,
	codesLeftOut,
	connectionOf,
	getAllQrsFromTime,
	getAllTeams,
	getTeamQrsFromTime,
	type QrCode,
} from '../../../shared/api';
import { readParameter } from '../../../shared/parameters';
import { changeOrder, deletedWithoutTime } from '../../../shared/records/changeOrder';
import { isLive } from '../../../shared/records/qrCode';
import { flagSchema, validateParameters } from '../../../shared/validation';
import { dateOrEpochMsSchema } from '../../../shared/validation/dateOrEpochMs';
import { simplifyOption, teamOptionsCollection } from '../../descriptions/common';
import { getTeamOverride } from '../../helpers/parameters';
import { qrCodeOutput } from '../../helpers/qrCodeTarget';
import { apiError } from '../../../shared/nodeErrors';
import { optionSchema } from '../../../shared/validation/nodeWords';

/**
 * Codes changed after a moment, of one team or of every team of the organization. The service includes
 * soft-deleted codes (that is how a sync learns of deletions); they are dropped unless Include Deleted is on.
 */

const properties: INodeProperties[] = [
	{
		displayName: 'Since',
		name: 'since',
		type: 'dateTime',
		required: true,
		default: '',
		description:
			'Return codes changed after this moment: a date, or epoch milliseconds from an expression',
	},
	{
		displayName: 'Scope',
		name: 'scope',
		type: 'options',
		options: [
			{
				name: 'This Team',
				value: 'team',
				description: "The credential's team, or the team chosen under Options",
			},
			{
				name: 'All Teams of the Organization',
				value: 'organization',
				description: "Codes of every team of the credential's organization",
			},
		],
		default: 'team',
		description: "Which teams' codes to return",
	},
	{
		displayName: 'Include Deleted',
		name: 'includeDeleted',
		type: 'boolean',
		default: false,
		description: 'Whether to also return codes deleted since then (they carry deleted: true)',
	},
	simplifyOption,
	{ ...teamOptionsCollection, displayOptions: { show: { scope: ['team'] } } },
];

export const description = updateDisplayOptions(
	{ show: { resource: ['qrCode'], operation: ['getUpdatedSince'] } },
	properties,
);

function inputSchema(timezone: string) {
	return z.object({
		since: dateOrEpochMsSchema(timezone).describe('Since'),
		scope: optionSchema(['team', 'organization']).describe('Scope'),
		includeDeleted: flagSchema('Include Deleted'),
		simplify: flagSchema('Simplify'),
		teamId: z.string().optional(),
	});
}

type Input = z.infer<ReturnType<typeof inputSchema>>;

export function parse(this: IExecuteFunctions, itemIndex: number): Input {
	const scope = readParameter(this, 'scope', itemIndex, 'team');
	return validateParameters(
		this,
		inputSchema(this.getTimezone()),
		{
			since: readParameter(this, 'since', itemIndex, ''),
			scope,
			includeDeleted: readParameter(this, 'includeDeleted', itemIndex, false),
			simplify: readParameter(this, 'simplify', itemIndex, true),
			teamId: scope === 'team' ? getTeamOverride(this, itemIndex) : undefined,
		},
		itemIndex,
	);
}

export async function execute(
	this: IExecuteFunctions,
	input: Input,
	itemIndex: number,
): Promise<IDataObject[]> {
	const read = input.scope === 'team' ? getTeamQrsFromTime : getAllQrsFromTime;
	const presentMs = Date.now();
	const answer = await read(this, { fromTime: input.since, teamId: input.teamId, itemIndex });
	// Codes changed before Since are left out: by us, should the service not apply `fromTime` (timeline.ts); whether
	// the answer looks capped is told by the answer as it came.
	const changed = answer.filter((code) => !changedBefore(code, input.since, presentMs));
	const codes = [...changed, ...(await leftOut(this, input, { answer, changed }, itemIndex))];
	return latestOfEach(oldestChangeFirst(codes))
		.filter((code) => input.includeDeleted || isLive(code))
		.map((code) => qrCodeOutput(this, code, input.simplify));
}

/**
 * Oldest change first (the tool description says so): the answer's order is the service's, and codes recovered
 * from a capped answer come after it. By `updatedAt` (`createdAt` on a code never changed) read in the unit its
 * size shows (eventTime.ts), then by id.
 */
function oldestChangeFirst(codes: QrCode[]): QrCode[] {
	const presentMs = Date.now();
	const changedAt = (code: QrCode): number => {
		// a deletion without its time is the code's last state (no operation brings a code back)
		if (deletedWithoutTime(code)) return Infinity;
		// a stamp past the sane range (a clock ahead) keeps its place as the number it is
		const raw = code.updatedAt ?? code.createdAt;
		return changeTimeOf(code, presentMs) ?? (typeof raw === 'number' ? raw : Infinity);
	};
	const at = new Map(codes.map((code) => [code, changedAt(code)]));
	return [...codes].sort(changeOrder((code) => at.get(code) as number));
}

/**
 * One item per code, its latest version, in that version's place: a service may list a code once per version (a
 * feed of versions), and a code updated, then deleted, is deleted now.
 */
function latestOfEach(ordered: QrCode[]): QrCode[] {
	const latest = new Map<string, QrCode>();
	for (const code of ordered) {
		latest.delete(String(code.id));
		latest.set(String(code.id), code);
	}
	return [...latest.values()];
}

/**
 * Live codes an answer that looks capped left out, from the teams' lists (timeline.ts `codesLeftOut`). Deleted
 * codes it left out cannot be found again, so with Include Deleted a cut answer fails rather than look whole.
 */
async function leftOut(
	ctx: IExecuteFunctions,
	input: Input,
	{ answer, changed }: { answer: QrCode[]; changed: QrCode[] },
	itemIndex: number,
): Promise<QrCode[]> {
	const teamIds = async () =>
		input.scope === 'team'
			? [input.teamId ?? (await connectionOf(ctx)).teamId]
			: (await getAllTeams(ctx, { itemIndex })).map((team) => team.id);
	// held: the codes kept of the answer; an older copy left out does not stand for a newer version in the list
	const ids = new Set(changed.map((code) => String(code.id)));
	const missing = await codesLeftOut(ctx, answer, {
		// "after" the moment: a code changed at it exactly is the answer's to include or not
		floor: input.since + 1,
		presentMs: Date.now(),
		teamIds: answer.length > 0 ? await teamIds() : [],
		held: (code) => ids.has(String(code.id)),
	});
	if (missing.length > 0 && input.includeDeleted)
		throw apiError(
			ctx.getNode(),
			{ success: false, message: 'answer cut short' },
			{
				message: `QRTRAC's answer to Get QR Codes Updated Since left out ${missing.length} changed codes`,
				description: `It held ${changed.length} codes, and the team's list shows ${missing.length} more changed since then (e.g. ${String(missing[0].id)}): the service caps that answer. The live codes can be read from the list, but deleted codes it left out cannot, so nothing is returned as if whole. Turn off Include Deleted, or choose a later Since.`,
				itemIndex,
			},
		);
	return missing;
}
