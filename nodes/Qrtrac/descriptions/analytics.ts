import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { recordLocator } from '../../shared/forms/recordLocator';
import { BEFORE_LAYOUT_1_2, CURRENT_LAYOUT, FIRST_LAYOUT, LAYOUT_1_2 } from './layoutVersions';
import { AS_TOOL, FOLLOWS_TEAM_OVERRIDE } from './common';

/** Form pieces of the analytics operations: which codes, and which time range. */

/** Presets from the shortest to the longest range, then Custom, as date pickers list them (not alphabetically). */
const timeRangeOptions = [
	{ name: 'Last 24 Hours', value: 'last24Hours' },
	{ name: 'Last 7 Days', value: 'last7Days' },
	{ name: 'Last 30 Days', value: 'last30Days' },
	{
		name: 'This Month',
		value: 'thisMonth',
		description: "From the first day of this month in the workflow's timezone",
	},
	{
		name: 'Last Month',
		value: 'lastMonth',
		description: "The whole previous month in the workflow's timezone",
	},
	{ name: 'Custom', value: 'custom', description: 'Between a start and an end you set' },
];

const timeRangeField: INodeProperties = {
	displayName: 'Time Range',
	name: 'timeRange',
	type: 'options',
	options: timeRangeOptions,
	default: 'last7Days',
	description: 'Which scans to include, by the time of the scan',
};

/** Time range with presets; "All Time" is offered where the service itself has no range (one code's scans). */
export function timeRangeFields(withAllTime: boolean): INodeProperties[] {
	return [
		withAllTime
			? {
					...timeRangeField,
					options: [
						{ name: 'All Time', value: 'allTime', description: 'Every scan of the code' },
						...timeRangeOptions,
					],
					default: 'allTime',
				}
			: timeRangeField,
		{
			displayName: 'Start',
			name: 'startTime',
			type: 'dateTime',
			default: '',
			required: true,
			displayOptions: { show: { timeRange: ['custom'] } },
			description:
				"First moment of the range (inclusive). A date without an offset is read in the workflow's timezone; an expression may also give epoch milliseconds.",
		},
		{
			displayName: 'End',
			name: 'endTime',
			type: 'dateTime',
			default: '',
			required: true,
			displayOptions: { show: { timeRange: ['custom'] } },
			description:
				'Last moment of the range (inclusive); a date alone (2026-01-31) means the end of that day, a month alone (2026-01) the end of that month, but the date picker sets 00:00:00, the start of the day: type the date alone to include the day. An expression may also give epoch milliseconds.',
		},
	];
}

/** Codes given as a list of IDs, or every code of the team. */
export const codeSelectionFields: INodeProperties[] = [
	{
		displayName: 'Codes',
		name: 'codeSelection',
		type: 'options',
		options: [
			{
				name: 'All Codes of the Team',
				value: 'all',
				description: 'Every code of the team, read page by page',
			},
			{ name: 'List of IDs', value: 'list', description: 'The QR code IDs you give' },
		],
		default: 'list',
		description: 'Which QR codes to report on',
	},
	{
		displayName: 'QR Code IDs',
		name: 'qrCodeIds',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. qr_a1b2c3, qr_d4e5f6',
		displayOptions: { show: { codeSelection: ['list'] } },
		description:
			'IDs separated by commas, or an array of IDs from an expression. Long lists are sent 100 IDs per request.',
	},
];

const pickedOption: INodePropertyOptions = {
	name: 'Codes Picked From a List',
	value: 'picked',
	description: "Codes you choose by name from the team's codes",
};

/** The Codes choice of the current layouts: by name, by IDs or all codes, starting with `first`. */
function codeSelectionWithPicker(first: 'picked' | 'list'): INodeProperties {
	return {
		...codeSelectionFields[0],
		options: [...(codeSelectionFields[0].options as INodePropertyOptions[]), pickedOption].sort(
			(a, b) => a.name.localeCompare(b.name),
		),
		default: first,
	};
}

/**
 * One picked code: the team's codes listed by name when the list is opened (never when the form opens, when the
 * credential may not be attached yet), searched by name or Display ID; or an ID. No URL mode: the IDs are read
 * from the group's values, where n8n extracts none.
 */
const pickedCodeLocator: INodeProperties = (() => {
	const locator = recordLocator({
		displayName: 'QR Code',
		name: 'qrCodeId',
		noun: 'QR code',
		searchListMethod: 'searchQrCodesByName',
		idExample: 'qr_a1b2c3',
	});
	return { ...locator, description: 'A code to report on' };
})();

/**
 * Codes picked by name, by IDs, or all codes of the team. New nodes start with the picker; nodes saved with the
 * first layout keep "List of IDs" as their default (n8n does not store a value equal to the default, so the
 * first layout's default must stay). Layout 1.1 picks from a multi-select that loads when the form opens
 * (`pickedQrCodeIds`); from 1.2 each code is added with its own searchable list (`pickedQrCodes`).
 */
export const codeSelectionWithPickerFields: INodeProperties[] = [
	{ ...codeSelectionFields[0], displayOptions: { show: FIRST_LAYOUT } },
	{ ...codeSelectionWithPicker('picked'), displayOptions: { show: CURRENT_LAYOUT, hide: AS_TOOL } },
	// An AI agent passes IDs (its tool description says so): the tool variant starts with the list of IDs.
	{
		...codeSelectionWithPicker('list'),
		displayOptions: { show: { ...CURRENT_LAYOUT, ...AS_TOOL } },
	},
	{
		displayName: 'QR Code Names or IDs',
		name: 'pickedQrCodeIds',
		type: 'multiOptions',
		typeOptions: { loadOptionsMethod: 'getQrCodes', ...FOLLOWS_TEAM_OVERRIDE },
		default: [],
		required: true,
		displayOptions: { show: { codeSelection: ['picked'], ...BEFORE_LAYOUT_1_2 } },
		description:
			'Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
	},
	{
		displayName: 'QR Codes',
		name: 'pickedQrCodes',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Code',
		default: {},
		required: true,
		displayOptions: { show: { codeSelection: ['picked'], ...LAYOUT_1_2 } },
		description: "The codes to report on, each picked from the team's codes sorted by name",
		options: [{ name: 'code', displayName: 'Code', values: [pickedCodeLocator] }],
	},
	codeSelectionFields[1],
];
