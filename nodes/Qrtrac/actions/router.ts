import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { executeItems, type ItemOperation } from '../../shared/executor';
import * as analytics from './analytics';
import * as designTemplate from './designTemplate';
import * as dynamicLink from './dynamicLink';
import * as qrCode from './qrCode';
import * as team from './team';
import * as teamMember from './teamMember';

/** Resource -> its operations. Adding an operation means adding it to its resource's index only. */
const resources: Record<string, { operations: Record<string, ItemOperation> }> = {
	qrCode,
	designTemplate,
	analytics,
	team,
	teamMember,
	dynamicLink,
};

export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const resource = this.getNodeParameter('resource', 0) as string;
	const operation = this.getNodeParameter('operation', 0) as string;
	const handler = resources[resource]?.operations[operation];
	if (!handler) {
		throw new NodeOperationError(this.getNode(), `The operation "${operation}" of "${resource}" is not supported`);
	}
	return [await executeItems.call(this, handler)];
}
