/**
 * What an AI agent reads about a list tool must say that the list stops at the Limit: an agent that is not told
 * takes the first 50 codes, scans, members, teams or templates for all of them (e.g. counts 50 scans).
 */
import { NodeHelpers, type INode, type INodeTypeDescription } from 'n8n-workflow';

import { Qrtrac } from '../../../nodes/Qrtrac/Qrtrac.node';
import { limitOption } from '../../../nodes/Qrtrac/descriptions/common';
import { NODE_VERSIONS } from '../../../nodes/Qrtrac/descriptions/layoutVersions';

const description = new Qrtrac().description;
const version = NODE_VERSIONS[NODE_VERSIONS.length - 1];

/** Every (resource, operation) pair the tool variant offers, from its Tool Description fields. */
const operations = description.properties
	.filter((property) => property.name === 'toolDescription')
	.map((property) => ({
		resource: String(property.displayOptions?.show?.resource?.[0]),
		operation: String(property.displayOptions?.show?.operation?.[0]),
	}));

/** The parameters of an untouched tool node of this operation, each at its form default. */
function toolDefaults(resource: string, operation: string) {
	const typeDescription: INodeTypeDescription = { ...description, name: 'qrtracTool' };
	const node = { typeVersion: version, parameters: {} } as unknown as INode;
	return NodeHelpers.getNodeParameters(
		description.properties,
		{ resource, operation },
		true,
		false,
		node,
		typeDescription,
	);
}

const withLimit = operations.filter(
	({ resource, operation }) => toolDefaults(resource, operation)?.returnAll === false,
);

describe('Tool descriptions of list operations', () => {
	test('the list operations with a Limit are found', () => {
		expect(withLimit.map(({ resource, operation }) => `${resource}:${operation}`).sort()).toEqual([
			'analytics:getScans',
			'designTemplate:getMany',
			'qrCode:getMany',
			'team:getMany',
			'teamMember:getMany',
		]);
	});

	test.each(withLimit)(
		'$resource $operation: says the list stops at the Limit and how to get every entry',
		({ resource, operation }) => {
			const parameters = toolDefaults(resource, operation);
			expect(parameters?.limit).toBe(limitOption.default);
			const text = String(parameters?.toolDescription);
			expect(text).toContain(`at most limit entries (default ${String(limitOption.default)})`);
			expect(text).toContain('returnAll');
		},
	);
});
