import type { INodeProperties } from 'n8n-workflow';

import { loadOptionsField, optionsCollection } from '../shared/forms/fields';
import { recordLocator } from '../shared/forms/recordLocator';
import { qrTypeOptions } from '../shared/forms/qrCodeTypes';
import { ipAddressOptions, ipHashedNotice } from '../shared/forms/ipPrivacy';
import { DEFAULT_OVERLAP_SECONDS } from './settings';

/** The trigger's versions: 1.1 picks its team as the actions do; nodes saved with 1 keep their dropdown. */
export const TRIGGER_VERSIONS = [1, 1.1];

const FIRST_VERSION = { '@version': [1] };
const TEAM_PICKER_VERSION = { '@version': [{ _cnd: { gte: 1.1 } }] };

/** The watched team as a dropdown (version 1); shown for one-team code changes and for scans. */
const teamDropdown: INodeProperties = loadOptionsField({
	displayName: 'Team Name or ID',
	name: 'team',
	method: 'getTeams',
	lead: "Team to watch; empty means the credential's team. A trigger has no input item: an expression here cannot use $json.",
});

/**
 * The watched team from version 1.1: the actions' team picker (From List, By ID, By URL). The name stays, so a
 * team ID given as text (an expression) is read as before; empty still means the credential's team.
 */
const teamPicker: INodeProperties = {
	...recordLocator({
		displayName: 'Team',
		name: 'team',
		noun: 'team',
		searchListMethod: 'searchTeams',
		idExample: 'team_1234',
		address: 'team',
	}),
	required: false,
	description:
		"The team whose QR codes to watch. Leave it empty to watch the credential's team. A trigger has no input item: an expression here cannot use $json.",
};
// an empty picker reads "Choose..." in n8n; here empty has a meaning, so the list says it
teamPicker.modes = teamPicker.modes?.map((mode) =>
	mode.name === 'list' ? { ...mode, placeholder: "The credential's team" } : mode,
);

/** Each team field for the code changes of one team and for scans (the analytics endpoint is per team). */
const teamProperties: INodeProperties[] = [teamDropdown, teamPicker].flatMap((team, index) => {
	const version = index === 0 ? FIRST_VERSION : TEAM_PICKER_VERSION;
	return [
		{
			...team,
			displayOptions: { show: { triggerOn: ['codeChanges'], scope: ['team'], ...version } },
		},
		{ ...team, displayOptions: { show: { triggerOn: ['newScans'], ...version } } },
	];
});

/** The trigger's form. n8n adds the Poll Times parameter itself. */
export const triggerProperties: INodeProperties[] = [
	{
		displayName: 'Trigger On',
		name: 'triggerOn',
		type: 'options',
		noDataExpression: true,
		default: 'codeChanges',
		options: [
			{
				name: 'Code Changes',
				value: 'codeChanges',
				description: 'When a QR code is created, changed or deleted',
			},
			{
				name: 'New Scans',
				value: 'newScans',
				// the first poll's limit (docs/trigger.md, "Limits"): said where the mode is chosen
				description:
					"When someone scans one of the team's QR codes, from the first poll on. Scans made during the first poll are not reported if QRTRAC stamps scans more than a second ahead of its clock.",
			},
		],
	},
	{
		displayName: 'Events',
		name: 'events',
		type: 'multiOptions',
		required: true,
		default: ['created', 'updated', 'deleted'],
		placeholder: 'Choose one or more events',
		description: 'Which kinds of change start the workflow',
		displayOptions: { show: { triggerOn: ['codeChanges'] } },
		options: [
			{
				name: 'Code Created',
				value: 'created',
				description: 'Someone made a new QR code, in QRTRAC or through its API',
			},
			{
				name: 'Code Deleted',
				value: 'deleted',
				description: 'A QR code was deleted (QRTRAC keeps it, marked as deleted)',
			},
			{
				name: 'Code Updated',
				value: 'updated',
				description: 'An existing QR code was edited: its link, name, tags or settings',
			},
		],
	},
	{
		displayName: 'Teams to Watch',
		name: 'scope',
		type: 'options',
		default: 'team',
		description:
			'Whether to watch the QR codes of one team or of every team in your QRTRAC organization',
		displayOptions: { show: { triggerOn: ['codeChanges'] } },
		options: [
			{
				name: 'All Teams',
				value: 'all',
				description: "Codes of every team of the credential's organization",
			},
			{ name: 'One Team', value: 'team', description: 'Codes of one team of the organization' },
		],
	},
	...teamProperties,
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		description:
			'Start the workflow only for QR codes that match every filter you add. With no filter, every code counts.',
		options: [
			{
				displayName: 'Name or Display ID Contains',
				name: 'search',
				type: 'string',
				default: '',
				placeholder: 'e.g. spring-flyer',
				description:
					'Only codes whose name or Display ID (the end of the short link, as in qrtrac.com/spring-flyer) contains this text. Upper and lower case count the same.',
			},
			{
				displayName: 'QR Types',
				name: 'qrTypes',
				type: 'multiOptions',
				default: [],
				options: qrTypeOptions,
				placeholder: 'Choose one or more types',
				description: 'Only codes of these types, e.g. Website or vCard',
			},
			{
				displayName: 'Tag',
				name: 'tag',
				type: 'string',
				default: '',
				placeholder: 'e.g. flyer',
				description:
					'Only codes that carry this tag. The whole tag must match; upper and lower case count the same.',
			},
		],
	},
	ipHashedNotice({ triggerOn: ['newScans'], ...TEAM_PICKER_VERSION }),
	optionsCollection([
		{
			displayName: 'Include Existing Codes on First Poll',
			name: 'includeExisting',
			type: 'boolean',
			default: false,
			displayOptions: { show: { '/triggerOn': ['codeChanges'] } },
			description:
				'Whether the first poll after activation reports every existing code (as Created, deleted ones as Deleted) instead of starting from now',
		},
		...ipAddressOptions(TEAM_PICKER_VERSION, FIRST_VERSION, { '/triggerOn': ['newScans'] }),
		{
			displayName: 'Overlap Window (Seconds)',
			name: 'overlapSeconds',
			type: 'number',
			default: DEFAULT_OVERLAP_SECONDS,
			typeOptions: { minValue: 1, maxValue: 3600 },
			placeholder: '15',
			description:
				'Keep 15 unless changes or scans go missing. Each check also looks this many seconds back, to catch changes and scans QRTRAC saved a moment late; nothing is ever reported twice.',
		},
	]),
];
