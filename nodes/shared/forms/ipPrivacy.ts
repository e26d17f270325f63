import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';

/**
 * The IP Address options of every output that carries scan events (helpers/ipPrivacy.ts holds the rule). Nodes
 * that do not add the option hash from version 1.2 of the action node (1.1 of the trigger); older nodes keep the
 * address as they always did, and their form shows that default. `hashingVersions` and `keepingVersions` are the
 * node's version conditions; `show` adds to both (e.g. the trigger's New Scans only).
 */
export function ipAddressOptions(
	hashingVersions: IDisplayOptions['show'],
	keepingVersions: IDisplayOptions['show'] | undefined,
	show: IDisplayOptions['show'] = {},
): INodeProperties[] {
	return [
		{ ...ipAddressOption, displayOptions: { show: { ...show, ...hashingVersions } } },
		...(keepingVersions
			? [
					{
						...ipAddressOption,
						default: 'keep',
						displayOptions: { show: { ...show, ...keepingVersions } },
					},
				]
			: []),
		// The key is offered wherever hashing can apply: where hashing is the default, until Keep or Remove is chosen;
		// on older nodes, once Hash is chosen.
		{
			...ipHashKeyOption,
			description: `${HASH_KEY_LEAD} Used unless IP Address is Keep or Remove (Hash is the default). ${HASH_KEY_TAIL}`,
			displayOptions: {
				show: { ...show, ...hashingVersions },
				hide: { ipAddress: ['keep', 'remove'] },
			},
		},
		...(keepingVersions
			? [
					{
						...ipHashKeyOption,
						description: `${HASH_KEY_LEAD} Used when IP Address is Hash. ${HASH_KEY_TAIL}`,
						displayOptions: { show: { ...show, ...keepingVersions, ipAddress: ['hash'] } },
					},
				]
			: []),
	];
}

/**
 * Where hashing is the default, a line on the form says so: the option sits folded inside Options, and a column of
 * 64 hex digits in the output would otherwise be a riddle (seen in an editor walk).
 */
export function ipHashedNotice(hashingVersions: IDisplayOptions['show']): INodeProperties {
	return {
		displayName:
			'IP addresses come hashed (the same visitor, the same value) unless Options > IP Address says Keep or Remove.',
		name: 'ipHashedNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: hashingVersions },
	};
}

const ipAddressOption: INodeProperties = {
	displayName: 'IP Address',
	name: 'ipAddress',
	type: 'options',
	default: 'hash',
	options: [
		{
			name: 'Hash',
			value: 'hash',
			description:
				'A keyed hash (HMAC-SHA256): the same visitor gives the same value, the address cannot be read back',
		},
		{
			name: 'Keep',
			value: 'keep',
			description: 'The address as QRTRAC sends it (personal data)',
		},
		{ name: 'Remove', value: 'remove', description: 'Leave the address out of the output' },
	],
	description: 'What to do with the IP address of the person who scanned',
};

const ipHashKeyOption: INodeProperties = {
	displayName: 'IP Hash Key',
	name: 'ipHashKey',
	type: 'string',
	typeOptions: { password: true },
	default: '',
};

const HASH_KEY_LEAD = 'Secret key of the hash of IP addresses.';
const HASH_KEY_TAIL =
	'The same key gives the same hashes in every workflow. Empty: a key derived from this workflow and the credential, so hashes match within this workflow only.';
