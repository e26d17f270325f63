import type { INodeProperties } from 'n8n-workflow';

import type { ItemOperation } from '../../../shared/executor';
import * as get from './get.operation';

export const operations: Record<string, ItemOperation<any, any>> = {
	get,
};

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['qrCode'] } },
		options: [
			{ name: 'Get', value: 'get', action: 'Get a QR code', description: 'Get a QR code by ID' },
		],
		default: 'get',
	},
	...get.description,
];
