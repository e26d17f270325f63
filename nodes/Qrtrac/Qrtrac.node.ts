import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';

import { nodeDescription } from './actions/node.description';
import { router } from './actions/router';
import { listSearch, loadOptions } from './methods';

export class Qrtrac implements INodeType {
	description: INodeTypeDescription = nodeDescription;

	methods = { listSearch, loadOptions };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
