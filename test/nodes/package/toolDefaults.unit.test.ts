/**
 * The tool variant (an AI agent's tool, n8n's `qrtracTool`) starts the scan operations with Codes as a list of
 * IDs, which its tool description tells the agent to pass; the node on the canvas starts with the picker.
 */
import { NodeHelpers, type INode, type INodeTypeDescription } from 'n8n-workflow';

import { Qrtrac } from '../../../nodes/Qrtrac/Qrtrac.node';

const description = new Qrtrac().description;

/** What n8n reads for an untouched node of `typeName` at `version`: every parameter at its form default. */
function defaults(typeName: string, version: number, operation: string) {
	const typeDescription: INodeTypeDescription = { ...description, name: typeName };
	const node = { typeVersion: version, parameters: {} } as unknown as INode;
	return NodeHelpers.getNodeParameters(
		description.properties,
		{ resource: 'analytics', operation },
		true,
		false,
		node,
		typeDescription,
	);
}

describe('Codes on the scan operations: tool variant and canvas node', () => {
	test.each(['getReport', 'getScansForCodes', 'getTotals'])(
		'%s: the tool starts with List of IDs (QR Code IDs shown), the canvas node with the picker',
		(operation) => {
			const tool = defaults('qrtracTool', 1.2, operation);
			expect(tool?.codeSelection).toBe('list');
			expect(tool).toHaveProperty('qrCodeIds', '');
			const canvas = defaults('qrtrac', 1.2, operation);
			expect(canvas?.codeSelection).toBe('picked');
			expect(canvas).not.toHaveProperty('qrCodeIds');
		},
	);

	test('nodes saved with the first layout keep List of IDs, tool or not', () => {
		expect(defaults('qrtracTool', 1, 'getTotals')?.codeSelection).toBe('list');
		expect(defaults('qrtrac', 1, 'getTotals')?.codeSelection).toBe('list');
	});
});
