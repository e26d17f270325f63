import type { INodeProperties } from 'n8n-workflow';

import type { Operation } from '../../../shared/executor';
import type { QrtracOperations } from '../node.type';
import * as getMany from './getMany.operation';

export const operations: Record<QrtracOperations['designTemplate'], Operation> = {
	getMany,
};

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['designTemplate'] } },
		options: [
			{
				name: 'Get Many',
				value: 'getMany',
				action: 'Get many design templates',
				description: "Get the team's QR code design templates",
			},
		],
		default: 'getMany',
	},
	...getMany.description,
];
