import type { INodeProperties } from 'n8n-workflow';

import {
	addressExample,
	addressNote,
	addressPattern,
	type AddressedRecord,
} from '../api/recordAddress';

/**
 * A record picked from a searchable list, by ID, or (with `address`) by its address on QRTRAC's API. IDs travel
 * as one path segment, so the ID mode refuses separators. The URL mode extracts nothing here: the ID is read at
 * run time, where the credential's Base URL is known (api/recordAddress.ts `locatorId`).
 */
export function recordLocator(record: {
	displayName: string;
	name: string;
	noun: string;
	searchListMethod: string;
	idExample: string;
	address?: AddressedRecord;
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
			// By URL: in the editor, an address ending with one of the record's paths on QRTRAC's API, on any host.
			...(record.address === undefined
				? []
				: [
						{
							displayName: 'By URL',
							name: 'url',
							type: 'string' as const,
							placeholder: `e.g. ${addressExample(record.address)}`,
							validation: [
								{
									type: 'regex' as const,
									properties: {
										regex: addressPattern(record.address),
										errorMessage: addressNote(record.address),
									},
								},
							],
						},
					]),
		],
	};
}
