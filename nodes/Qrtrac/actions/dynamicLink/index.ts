import type { INodeProperties } from 'n8n-workflow';

import type { ItemOperation } from '../../../shared/executor';
import * as create from './create.operation';

export const operations: Record<string, ItemOperation> = {
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
