import type { INodeProperties } from 'n8n-workflow';

import { qrTypeOptions } from '../Qrtrac/descriptions/qrCodeTypes';
import { DEFAULT_OVERLAP_SECONDS } from './settings';

/** The watched team; shown for one-team code changes and for scans (the analytics endpoint is per team). */
const teamProperty: INodeProperties = {
	displayName: 'Team Name or ID',
	name: 'team',
	type: 'options',
	typeOptions: { loadOptionsMethod: 'getTeams' },
	default: '',
	description:
		'Team to watch; empty means the credential\'s team. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
};

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
				description: "When someone scans one of the team's QR codes",
			},
		],
	},
	{
		displayName: 'Events',
		name: 'events',
		type: 'multiOptions',
		required: true,
		default: ['created', 'updated', 'deleted'],
		displayOptions: { show: { triggerOn: ['codeChanges'] } },
		options: [
			{
				name: 'Code Created',
				value: 'created',
				description: 'A new code (or a first sighting of one created since the last poll)',
			},
			{
				name: 'Code Deleted',
				value: 'deleted',
				description: 'A code was deleted (QRTRAC deletes softly)',
			},
			{
				name: 'Code Updated',
				value: 'updated',
				description: 'Any change to an existing code: content, title, tags, settings',
			},
		],
	},
	{
		displayName: 'Scope',
		name: 'scope',
		type: 'options',
		default: 'team',
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
	{ ...teamProperty, displayOptions: { show: { triggerOn: ['codeChanges'], scope: ['team'] } } },
	{ ...teamProperty, displayOptions: { show: { triggerOn: ['newScans'] } } },
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		description: 'Only codes matching every filter set here trigger the workflow',
		options: [
			{
				displayName: 'Name or Display ID Contains',
				name: 'search',
				type: 'string',
				default: '',
				description: 'Only codes whose name or Display ID contains this text (ignoring case)',
			},
			{
				displayName: 'QR Types',
				name: 'qrTypes',
				type: 'multiOptions',
				default: [],
				options: qrTypeOptions,
				description: 'Only codes of these types',
			},
			{
				displayName: 'Tag',
				name: 'tag',
				type: 'string',
				default: '',
				description: 'Only codes carrying this tag (exact, ignoring case)',
			},
		],
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Include Existing Codes on First Poll',
				name: 'includeExisting',
				type: 'boolean',
				default: false,
				displayOptions: { show: { '/triggerOn': ['codeChanges'] } },
				description:
					'Whether the first poll after activation reports every existing code (as Created, deleted ones as Deleted) instead of starting from now',
			},
			{
				displayName: 'Overlap Window (Seconds)',
				name: 'overlapSeconds',
				type: 'number',
				default: DEFAULT_OVERLAP_SECONDS,
				typeOptions: { minValue: 1, maxValue: 3600 },
				description:
					"How far below the newest change already seen each poll looks again, in QRTRAC's time. It catches changes that reach the service late or are stamped by a clock a few seconds behind; already reported changes are never repeated.",
			},
		],
	},
];
