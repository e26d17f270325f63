import type { INodeProperties } from 'n8n-workflow';

/**
 * Form pieces reused by several operations. Each operation wraps them with `updateDisplayOptions`
 * so that they show for that operation only.
 */

/** A QR code picked from a searchable list, by ID, or by its QRTRAC URL. */
export const qrCodeLocator: INodeProperties = {
	displayName: 'QR Code',
	name: 'qrCodeId',
	type: 'resourceLocator',
	default: { mode: 'list', value: '' },
	required: true,
	description: 'The QR code to act on',
	modes: [
		{
			displayName: 'From List',
			name: 'list',
			type: 'list',
			typeOptions: { searchListMethod: 'searchQrCodes', searchable: true, searchFilterRequired: false },
		},
		{
			displayName: 'By ID',
			name: 'id',
			type: 'string',
			placeholder: 'e.g. qr_a1b2c3',
			validation: [
				{
					type: 'regex',
					properties: { regex: '^[^/\\\\?#%\\s]+$', errorMessage: 'Not a valid QR code ID' },
				},
			],
		},
		{
			displayName: 'By URL',
			name: 'url',
			type: 'string',
			placeholder: 'e.g. https://app.qrtrac.com/qr/qr_a1b2c3',
			extractValue: { type: 'regex', regex: '/(?:qr|qrs|codes?)/([^/?#]+)' },
			validation: [
				{
					type: 'regex',
					properties: { regex: '^https?://.+/(?:qr|qrs|codes?)/[^/?#]+.*$', errorMessage: 'Not a QRTRAC QR code URL' },
				},
			],
		},
	],
};

/** A team picked from a searchable list, by ID, or by its QRTRAC URL. */
export const teamLocator: INodeProperties = {
	displayName: 'Team',
	name: 'teamId',
	type: 'resourceLocator',
	default: { mode: 'list', value: '' },
	required: true,
	description: 'The team to act on',
	modes: [
		{
			displayName: 'From List',
			name: 'list',
			type: 'list',
			typeOptions: { searchListMethod: 'searchTeams', searchable: true, searchFilterRequired: false },
		},
		{
			displayName: 'By ID',
			name: 'id',
			type: 'string',
			placeholder: 'e.g. team_1234',
			validation: [
				{ type: 'regex', properties: { regex: '^[^/\\\\?#%\\s]+$', errorMessage: 'Not a valid team ID' } },
			],
		},
		{
			displayName: 'By URL',
			name: 'url',
			type: 'string',
			placeholder: 'e.g. https://app.qrtrac.com/teams/team_1234',
			extractValue: { type: 'regex', regex: '/teams?/([^/?#]+)' },
			validation: [
				{
					type: 'regex',
					properties: { regex: '^https?://.+/teams?/[^/?#]+.*$', errorMessage: 'Not a QRTRAC team URL' },
				},
			],
		},
	],
};

/** Acting team for one operation; empty means the credential's team. */
export const teamOverrideOption: INodeProperties = {
	displayName: 'Team Override Name or ID',
	name: 'teamOverride',
	type: 'options',
	typeOptions: { loadOptionsMethod: 'getTeams' },
	default: '',
	description:
		'Team to act in instead of the credential\'s team. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
};

export const simplifyOption: INodeProperties = {
	displayName: 'Simplify',
	name: 'simplify',
	type: 'boolean',
	default: true,
	description:
		'Whether to return a simplified version of the response instead of the raw data (ID, display ID, name, type, URLs, tags, timestamps)',
};

export const returnAllOption: INodeProperties = {
	displayName: 'Return All',
	name: 'returnAll',
	type: 'boolean',
	default: false,
	description: 'Whether to return all results or only up to a given limit',
};

export const limitOption: INodeProperties = {
	displayName: 'Limit',
	name: 'limit',
	type: 'number',
	default: 50,
	typeOptions: { minValue: 1 },
	displayOptions: { show: { returnAll: [false] } },
	description: 'Max number of results to return',
};

/** The Options collection of operations whose only option is the Team Override. */
export const teamOptionsCollection: INodeProperties = {
	displayName: 'Options',
	name: 'options',
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	options: [teamOverrideOption],
};
