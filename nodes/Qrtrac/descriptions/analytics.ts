import type { INodeProperties } from 'n8n-workflow';

/** Form pieces of the analytics operations: which codes, and which time range. */

const timeRangeOptions = [
	{ name: 'Custom', value: 'custom', description: 'Between a start and an end you set' },
	{ name: 'Last 24 Hours', value: 'last24Hours' },
	{ name: 'Last 30 Days', value: 'last30Days' },
	{ name: 'Last 7 Days', value: 'last7Days' },
	{ name: 'This Month', value: 'thisMonth', description: "From the first day of this month in the workflow's timezone" },
];

const timeRangeField: INodeProperties = {
	displayName: 'Time Range',
	name: 'timeRange',
	type: 'options',
	options: timeRangeOptions,
	default: 'last7Days',
	description: 'Which scans to return, by scan time',
};

/** Time range with presets; "All Time" is offered where the service itself has no range (one code's scans). */
export function timeRangeFields(withAllTime: boolean): INodeProperties[] {
	return [
		withAllTime
			? {
					...timeRangeField,
					options: [{ name: 'All Time', value: 'allTime', description: 'Every scan of the code' }, ...timeRangeOptions],
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
				'Last moment of the range (inclusive); a date alone means the end of that day. An expression may also give epoch milliseconds.',
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
			{ name: 'All Codes of the Team', value: 'all', description: 'Every code of the team, read page by page' },
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
