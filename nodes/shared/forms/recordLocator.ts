import type { INodeProperties } from 'n8n-workflow';

/**
 * A record picked from a searchable list, by ID, or by its QRTRAC URL. IDs travel as one path segment, so the
 * ID mode refuses separators; the URL mode takes the segment after `urlSegment` in the address.
 */
export function recordLocator(record: {
	displayName: string;
	name: string;
	noun: string;
	searchListMethod: string;
	idExample: string;
	urlSegment: string;
	urlExample: string;
	/** Said after "Not a QRTRAC <noun> URL": what a URL the user may mistake for the record's holds instead. */
	urlNote?: string;
}): INodeProperties {
	return {
		displayName: record.displayName,
		name: record.name,
		type: 'resourceLocator',
		// `__rl` marks a locator for the editor: inside a collection it copies this default as it is, and without the
		// mark switching the field to Expression turns the object into "[object Object]".
		default: { __rl: true, mode: 'list', value: '' },
		required: true,
		description: `The ${record.noun} to act on`,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				typeOptions: {
					searchListMethod: record.searchListMethod,
					searchable: true,
					searchFilterRequired: false,
				},
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: `e.g. ${record.idExample}`,
				validation: [
					{
						type: 'regex',
						properties: {
							// spaces around a pasted ID are allowed: the value is read trimmed (getLocatorValue)
							regex: '^\\s*[^/\\\\?#%\\s]+\\s*$',
							errorMessage: `Not a valid ${record.noun} ID: an ID has no spaces, / \\ ? # or %`,
						},
					},
				],
			},
			{
				displayName: 'By URL',
				name: 'url',
				type: 'string',
				placeholder: `e.g. ${record.urlExample}`,
				extractValue: { type: 'regex', regex: `/${record.urlSegment}/([^/?#]+)` },
				validation: [
					{
						type: 'regex',
						properties: {
							regex: `^https?://.+/${record.urlSegment}/[^/?#]+.*$`,
							errorMessage: `Not a QRTRAC ${record.noun} URL${record.urlNote ? `: ${record.urlNote}` : ''}`,
						},
					},
				],
			},
		],
	};
}
