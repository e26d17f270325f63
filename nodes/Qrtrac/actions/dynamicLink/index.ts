import type { INodeProperties } from 'n8n-workflow';

import type { ItemOperation } from '../../../shared/executor';

export const operations: Record<string, ItemOperation<any, any>> = {};

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['dynamicLink'] } },
		options: [],
		default: 'create',
	},
];
