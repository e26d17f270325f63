import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';

/** n8n's Loop Over Items (Split in Batches v3) under its own type name. */
export const LOOP_OVER_ITEMS_TYPE = 'n8n-nodes-base.splitInBatches';

/**
 * A stand-in for n8n's Loop Over Items: n8n-nodes-base is not installed here, so its version 3 `execute` is
 * rewritten with the same state in the node context (less `sourceData`, which only its paired items use) and the
 * same outputs (0 "done" with every processed item
 * once no batch is left, 1 "loop" with the next batch). The engine runs it as it runs the real node: the node
 * after "loop" runs once per batch within one execution, and its output comes back into this node.
 */
class LoopOverItems implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Loop Over Items',
		name: 'splitInBatches',
		group: ['organization'],
		version: 3,
		description: 'Split data into batches and iterate over each batch',
		defaults: { name: 'Loop Over Items' },
		inputs: ['main'],
		outputs: ['main', 'main'],
		outputNames: ['done', 'loop'],
		properties: [{ displayName: 'Batch Size', name: 'batchSize', type: 'number', default: 1 }],
	};

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const items = this.getInputData().slice();
		const context = this.getContext('node');
		const batchSize = this.getNodeParameter('batchSize', 0) as number;
		let batch: INodeExecutionData[];
		if (context.items === undefined) {
			context.currentRunIndex = 0;
			context.maxRunIndex = Math.ceil(items.length / batchSize);
			batch = items.splice(0, batchSize).map((item, index) => ({
				...item,
				pairedItem: { item: index },
			}));
			context.items = items;
			context.processedItems = [];
		} else {
			context.currentRunIndex = (context.currentRunIndex as number) + 1;
			batch = (context.items as INodeExecutionData[]).splice(0, batchSize);
			context.processedItems = [...(context.processedItems as INodeExecutionData[]), ...items];
		}
		context.noItemsLeft = (context.items as INodeExecutionData[]).length === 0;
		if (batch.length === 0) {
			context.done = true;
			return [context.processedItems as INodeExecutionData[], []];
		}
		context.done = false;
		return [[], batch];
	}
}

export const loopOverItems: INodeType = new LoopOverItems();
