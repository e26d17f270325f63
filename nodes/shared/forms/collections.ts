import type { INodeProperties } from 'n8n-workflow';

/** An operation's Options collection, labelled as n8n's own nodes label theirs. */
export function optionsCollection(options: INodeProperties[]): INodeProperties {
	return {
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options,
	};
}
