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

const EXPRESSION_HINT =
	'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>';

/**
 * A dropdown that a load-options method fills, with the hint n8n's own nodes give ("… Name or ID" fields):
 * `lead` first, as a sentence, when the field needs more than the hint.
 */
export function loadOptionsField(field: {
	displayName: string;
	name: string;
	method: string;
	lead?: string;
}): INodeProperties {
	return {
		displayName: field.displayName,
		name: field.name,
		type: 'options',
		typeOptions: { loadOptionsMethod: field.method },
		default: '',
		description: field.lead ? `${field.lead} ${EXPRESSION_HINT}.` : EXPRESSION_HINT,
	};
}
