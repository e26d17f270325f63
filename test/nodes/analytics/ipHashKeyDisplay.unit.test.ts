/**
 * The IP Hash Key is offered wherever hashing can apply (finding C5): on node 1.2 (trigger 1.1) hashing is the
 * default without adding IP Address, so the key shows until Keep or Remove is chosen; older nodes keep the
 * address by default and offer the key once Hash is chosen. As n8n's editor computes it (displayParameterPath).
 */
import type { INode, INodeParameters, INodeProperties, INodeTypeDescription } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { Qrtrac } from '../../../nodes/Qrtrac/Qrtrac.node';
import { QrtracTrigger } from '../../../nodes/QrtracTrigger/QrtracTrigger.node';

/** Whether the node's IP Hash Key option can be added, given the node's parameters. */
function keyOffered(
	description: INodeTypeDescription,
	version: number,
	values: Record<string, unknown>,
): boolean {
	const parameters = values as INodeParameters;
	const node = { typeVersion: version, parameters } as unknown as INode;
	return description.properties
		.filter((property) => property.name === 'options')
		.filter((property) => NodeHelpers.displayParameter(parameters, property, node, description))
		.flatMap((property) => (property.options ?? []) as INodeProperties[])
		.filter((option) => option.name === 'ipHashKey')
		.some((option) =>
			NodeHelpers.displayParameterPath(parameters, option, 'options', node, description),
		);
}

const action = new Qrtrac().description as INodeTypeDescription;
const trigger = new QrtracTrigger().description as INodeTypeDescription;

describe('IP Hash Key', () => {
	it.each(['getScans', 'getScansForCodes'])(
		'%s 1.2: offered without adding IP Address (hashing is the default), hidden for Keep or Remove',
		(operation) => {
			const at = (options: Record<string, unknown>) =>
				keyOffered(action, 1.2, { resource: 'analytics', operation, options });
			expect(at({})).toBe(true);
			expect(at({ ipAddress: 'hash' })).toBe(true);
			expect(at({ ipAddress: 'keep' })).toBe(false);
			expect(at({ ipAddress: 'remove' })).toBe(false);
		},
	);

	it('getScansForCodes 1.1: offered only once IP Address is Hash (the address is kept by default)', () => {
		const at = (options: Record<string, unknown>) =>
			keyOffered(action, 1.1, { resource: 'analytics', operation: 'getScansForCodes', options });
		expect(at({})).toBe(false);
		expect(at({ ipAddress: 'hash' })).toBe(true);
		expect(at({ ipAddress: 'keep' })).toBe(false);
	});

	it("the trigger's New Scans 1.1 offers it by default; code changes never", () => {
		const at = (triggerOn: string, options: Record<string, unknown>) =>
			keyOffered(trigger, 1.1, { triggerOn, options });
		expect(at('newScans', {})).toBe(true);
		expect(at('newScans', { ipAddress: 'remove' })).toBe(false);
		expect(at('codeChanges', {})).toBe(false);
	});
});

describe('the notice that IP addresses come hashed', () => {
	const noticeShown = (operation: string, version: number) => {
		const parameters = { resource: 'analytics', operation } as INodeParameters;
		const node = { typeVersion: version, parameters } as unknown as INode;
		return action.properties
			.filter((property) => property.name === 'ipHashedNotice')
			.some((property) => NodeHelpers.displayParameter(parameters, property, node, action));
	};

	it.each(['getScans', 'getScansForCodes'])(
		'%s: shown from 1.2, where hashing is the default, not on 1.1, which keeps the address',
		(operation) => {
			expect(noticeShown(operation, 1.2)).toBe(true);
			expect(noticeShown(operation, 1.1)).toBe(false);
			expect(noticeShown('getTotals', 1.2)).toBe(false);
		},
	);
});

// an editor walk fetched a New Scans test event and Get Report's raw events with no word that the addresses are
// hashed: both hash by default, as Get for a Code and Get for Codes do, which say it
describe('the hashed-address notice where hashing is the default without the option added', () => {
	const shownOn = (
		description: INodeTypeDescription,
		version: number,
		parameters: INodeParameters,
	) => {
		const node = { typeVersion: version, parameters } as unknown as INode;
		return description.properties
			.filter((property) => property.name === 'ipHashedNotice')
			.some((property) => NodeHelpers.displayParameter(parameters, property, node, description));
	};

	it("the trigger's New Scans from 1.1, not version 1 (which keeps the address), nor Code Changes", () => {
		expect(shownOn(trigger, 1.1, { triggerOn: 'newScans' })).toBe(true);
		expect(shownOn(trigger, 1, { triggerOn: 'newScans' })).toBe(false);
		expect(shownOn(trigger, 1.1, { triggerOn: 'codeChanges' })).toBe(false);
	});

	it("Get Report's raw events (Simplify off) in every version; not its report, which has no address", () => {
		const report = (simplify: boolean) =>
			({ resource: 'analytics', operation: 'getReport', simplify }) as INodeParameters;
		expect(shownOn(action, 1.2, report(false))).toBe(true);
		expect(shownOn(action, 1.1, report(false))).toBe(true);
		expect(shownOn(action, 1.2, report(true))).toBe(false);
	});
});
