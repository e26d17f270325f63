import type { INodeProperties } from 'n8n-workflow';

/** Form pieces of the Team resource. */

export function teamNameField(description: string): INodeProperties {
	return {
		displayName: 'Name',
		name: 'name',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. Marketing EMEA',
		description,
	};
}

export const domainsFields: INodeProperties[] = [
	{
		displayName: 'Domains',
		name: 'domains',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. qr.example.com, go.example.com',
		description:
			"Host names the team's short links may use, separated by commas (or an array from an expression). This list replaces the team's current domains.",
	},
	{
		displayName: 'Default Domain',
		name: 'defaultDomain',
		type: 'string',
		default: '',
		placeholder: 'e.g. qr.example.com',
		description:
			'Domain new codes use; must be one of the domains. Empty means the first domain of the list.',
	},
];
