import type { INodeProperties } from 'n8n-workflow';

import type { Operation } from '../../../shared/executor';
import type { QrtracOperations } from '../node.type';
import * as create from './create.operation';
import * as get from './get.operation';
import * as getMany from './getMany.operation';
import * as rename from './rename.operation';
import * as setDomains from './setDomains.operation';

export const operations: Record<QrtracOperations['team'], Operation> = {
	create,
	get,
	getMany,
	rename,
	setDomains,
};

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['team'] } },
		options: [
			{
				name: 'Create',
				value: 'create',
				action: 'Create a team',
				description: 'Create a new team',
			},
			{
				name: 'Get',
				value: 'get',
				action: 'Get a team',
				description: 'Get a team with its domains and members',
			},
			{
				name: 'Get Many',
				value: 'getMany',
				action: 'Get many teams',
				description: 'Get the teams of the organization',
			},
			{
				name: 'Rename',
				value: 'rename',
				action: 'Rename a team',
				description: 'Change the name of a team',
			},
			{
				name: 'Set Domains',
				value: 'setDomains',
				action: 'Set the domains of a team',
				description: "Replace a team's short-link domains and choose its default domain",
			},
		],
		default: 'getMany',
	},
	...create.description,
	...get.description,
	...getMany.description,
	...rename.description,
	...setDomains.description,
];
