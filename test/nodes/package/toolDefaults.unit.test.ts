/**
 * The tool variant (an AI agent's tool, n8n's `qrtracTool`) starts the scan operations with Codes as a list of
 * IDs, and Add to Teams with its teams as JSON, which their tool descriptions tell the agent to pass; the node on
 * the canvas starts with the pickers.
 */
import { NodeHelpers, type INode, type INodeTypeDescription } from 'n8n-workflow';

import { Qrtrac } from '../../../nodes/Qrtrac/Qrtrac.node';
import { operationProperties } from '../../support/operationForm';

const description = new Qrtrac().description;

/** What n8n reads for an untouched node of `typeName` at `version`: every parameter at its form default. */
function defaults(typeName: string, version: number, operation: string, resource = 'analytics') {
	const typeDescription: INodeTypeDescription = { ...description, name: typeName };
	const node = { typeVersion: version, parameters: {} } as unknown as INode;
	return NodeHelpers.getNodeParameters(
		operationProperties(description.properties, resource, operation),
		{ resource, operation },
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

describe('Teams of Add to Teams: tool variant and canvas node', () => {
	test('the tool starts with Using JSON (Teams (JSON) shown), the canvas node with the team pickers', () => {
		const tool = defaults('qrtracTool', 1.2, 'addToTeams', 'teamMember');
		expect(tool?.teamsSource).toBe('json');
		expect(tool).toHaveProperty('teamsJson');
		expect(tool).not.toHaveProperty('teams');
		const canvas = defaults('qrtrac', 1.2, 'addToTeams', 'teamMember');
		expect(canvas?.teamsSource).toBe('fields');
		expect(canvas).toHaveProperty('teams');
	});

	test('nodes saved with the first layout keep Using Fields Below, tool or not', () => {
		expect(defaults('qrtracTool', 1, 'addToTeams', 'teamMember')?.teamsSource).toBe('fields');
		expect(defaults('qrtrac', 1, 'addToTeams', 'teamMember')?.teamsSource).toBe('fields');
	});
});
