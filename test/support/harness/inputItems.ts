import { prepareBinaryData } from 'n8n-core';
import type { IBinaryKeyData, IDataObject, INodeExecutionData } from 'n8n-workflow';

/** A file handed to the node on an input item, as a previous node (e.g. Read Binary File) would. */
export interface HarnessBinaryInput {
	data: Buffer | string;
	mimeType: string;
	fileName?: string;
}

/** Binary payloads are stored by n8n-core's own prepareBinaryData, so they look exactly like engine-made ones. */
export async function buildInputItems(
	items: Array<Record<string, unknown>> | undefined,
	binaryItems: Array<Record<string, HarnessBinaryInput>> | undefined,
	ids: { executionId: string; workflowId: string },
): Promise<INodeExecutionData[]> {
	const jsonItems = items ?? (binaryItems ? binaryItems.map(() => ({})) : [{}]);
	return await Promise.all(
		jsonItems.map(async (json, index) => {
			const files = binaryItems?.[index];
			if (files === undefined) return { json: json as IDataObject };
			const binary: IBinaryKeyData = {};
			for (const [property, file] of Object.entries(files)) {
				const buffer = typeof file.data === 'string' ? Buffer.from(file.data) : file.data;
				binary[property] = await prepareBinaryData(
					buffer,
					ids.executionId,
					ids.workflowId,
					file.fileName,
					file.mimeType,
				);
			}
			return { json: json as IDataObject, binary };
		}),
	);
}
