import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';

import { executeOperation, type Operation } from '../../shared/executor';
import { readParameter } from '../../shared/parameters';
import * as analytics from './analytics';
import * as designTemplate from './designTemplate';
import * as dynamicLink from './dynamicLink';
import type { QrtracOperations, QrtracResource } from './node.type';
import * as qrCode from './qrCode';
import * as team from './team';
import * as teamMember from './teamMember';
import { operationError } from '../../shared/nodeErrors';

/** Resource -> its operations; the map type makes a missing or misspelt operation a compile error. */
const resources: { [R in QrtracResource]: { operations: Record<QrtracOperations[R], Operation> } } =
	{
		qrCode,
		designTemplate,
		analytics,
		team,
		teamMember,
		dynamicLink,
	};

export async function router(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
	const resource = readParameter(this, 'resource', 0) as QrtracResource;
	const operation = readParameter(this, 'operation', 0) as string;
	const operations = resources[resource]?.operations as Record<string, Operation> | undefined;
	const handler = operations?.[operation];
	if (!handler) {
		throw operationError(
			this.getNode(),
			`The operation "${operation}" of "${resource}" is not supported`,
		);
	}
	return [await executeOperation.call(this, handler)];
}
