import type { INodeProperties } from 'n8n-workflow';

import type { Operation } from '../../../shared/executor';
import type { QrtracOperations } from '../node.type';
import * as create from './create.operation';

export const operations: Record<QrtracOperations['dynamicLink'], Operation> = {
	create,
};

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['dynamicLink'] } },
		options: [
			{
				name: 'Create',
				value: 'create',
				action: 'Create a dynamic link',
				description: 'Create a dynamic QR link through the simple interface (API key)',
			},
		],
		default: 'create',
	},
	...create.description,
];
