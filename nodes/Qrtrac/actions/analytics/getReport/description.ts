import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { codeSelectionWithPickerFields, timeRangeFields } from '../../../descriptions/analytics';
import { teamOverrideOptions } from '../../../descriptions/common';
import { ipAddressOptions, ipHashedNotice } from '../../../../shared/forms/ipPrivacy';

/** The form of Scan > Get Report. */

export const DEFAULT_TOP_N = 10;

const reportOnly = { show: { simplify: [true] } };

const properties: INodeProperties[] = [
	...codeSelectionWithPickerFields,
	...timeRangeFields(false),
	{
		displayName: 'Report Layout',
		name: 'reportLayout',
		type: 'options',
		default: 'perCode',
		displayOptions: reportOnly,
		description: 'How the report is split into output items',
		options: [
			{
				name: 'One Item per Code',
				value: 'perCode',
				description: 'Scans, unique scans, first and last scan and the breakdowns of each code',
			},
			{
				name: 'One Item per Code and Day',
				value: 'perCodeAndDay',
				description:
					"Scans and unique scans of each code on each day of the range (in the workflow's timezone), days without scans included: ready for a chart or a sheet. partialDay marks a first or last day the range covers only in part.",
			},
			{
				name: 'Summary',
				value: 'summary',
				description: 'One item: totals across the codes, with one row per code inside',
			},
		],
	},
	{
		displayName:
			"A range going on past the run stops at the day of the run. A row's partialDay is true on a day the range covers only in part: its first or last day when the range starts or ends within it, and the day of the run.",
		name: 'partialDayNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { simplify: [true], reportLayout: ['perCodeAndDay'] } },
	},
	{
		displayName: 'Breakdowns',
		name: 'breakdowns',
		type: 'multiOptions',
		default: [],
		displayOptions: { show: { simplify: [true], reportLayout: ['perCode', 'summary'] } },
		description:
			'Scans counted by these fields of the scan events, the most frequent values first (see Top Values in Options)',
		options: [
			{ name: 'Browser', value: 'browser' },
			{ name: 'City', value: 'city' },
			{ name: 'Country', value: 'country' },
			{ name: 'Device', value: 'device' },
			{ name: 'OS', value: 'os' },
			{ name: 'Referrer', value: 'referrer' },
		],
	},
	{
		displayName: 'Simplify',
		name: 'simplify',
		type: 'boolean',
		default: true,
		description:
			'Whether to return the report (counts per code) instead of the raw scan events it counts, one item per scan',
	},
	ipHashedNotice({ simplify: [false] }),
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Compare With Totals',
				name: 'compareWithTotals',
				type: 'boolean',
				default: false,
				// its fields go on a code's row: the day rows of "Per Code and Day" have none to show them on
				displayOptions: { show: { '/simplify': [true], '/reportLayout': ['perCode', 'summary'] } },
				description:
					"Whether to also read QRTRAC's all-time totals (one request per 100 codes): each code gets allTimeScans, and a note when a range covering the code's whole life counts a different number",
			},
			// A new operation has no earlier behaviour to keep: its raw events hash the address in every version.
			...ipAddressOptions({}, undefined, { '/simplify': [false] }),
			{
				displayName: 'Top Values',
				name: 'topN',
				type: 'number',
				default: DEFAULT_TOP_N,
				typeOptions: { minValue: 1, maxValue: 1000 },
				// breakdowns are offered with these layouts only
				displayOptions: { show: { '/simplify': [true], '/reportLayout': ['perCode', 'summary'] } },
				description:
					'How many values each breakdown lists, the most frequent first; the rest are summed as "other"',
			},
			{
				displayName: 'Unique Visitor Key',
				name: 'uniqueVisitorKey',
				type: 'options',
				default: 'ip',
				displayOptions: { show: { '/simplify': [true] } },
				options: [
					{
						name: 'IP Address',
						value: 'ip',
						description: 'Scans from one IP address are one visitor',
					},
					{
						name: 'IP Address, Device, OS and Browser',
						value: 'ipDeviceOsBrowser',
						description:
							'Tells apart people behind one address (an office, a mobile network) whose phones differ',
					},
				],
				description: 'What makes two scans the same visitor when unique scans are counted',
			},
			...teamOverrideOptions,
		],
	},
];

export const description = updateDisplayOptions(
	{ show: { resource: ['analytics'], operation: ['getReport'] } },
	properties,
);
