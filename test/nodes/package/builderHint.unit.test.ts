/**
 * n8n's AI workflow builder reads `builderHint` (node) and `builderHint.propertyHint` (parameters) to build
 * workflows from a prompt (issue 23, item 6): both nodes carry them, and every operation a hint names is one the
 * form offers for that resource.
 */
import type { INodePropertyOptions } from 'n8n-workflow';

// n8n-core checks every node description with this when it loads a package
import { validateNodeDescription } from 'n8n-core/dist/nodes-loader/validate-node-description';

import { hintedOperations } from '../../../nodes/Qrtrac/builderHint';
import { Qrtrac } from '../../../nodes/Qrtrac/Qrtrac.node';
import { QrtracTrigger } from '../../../nodes/QrtracTrigger/QrtracTrigger.node';

const action = new Qrtrac().description;
const trigger = new QrtracTrigger().description;

function offeredOperations(): Record<string, string[]> {
	const offered: Record<string, string[]> = {};
	for (const property of action.properties) {
		if (property.name !== 'operation') continue;
		const resource = String(property.displayOptions?.show?.resource?.[0]);
		offered[resource] = (property.options as INodePropertyOptions[]).map((option) =>
			String(option.value),
		);
	}
	return offered;
}

describe('builder hints', () => {
	it('describe both nodes, each naming the other for what it does not do', () => {
		expect(action.builderHint?.searchHint).toMatch(/Create or Update/);
		expect(action.builderHint?.searchHint).toMatch(/QRTRAC Trigger/);
		expect(trigger.builderHint?.searchHint).toMatch(/Code Changes/);
		expect(trigger.builderHint?.searchHint).toMatch(/New Scans/);
		expect(trigger.builderHint?.searchHint).toMatch(/QRTRAC node/);
		for (const related of [
			...(action.builderHint?.relatedNodes ?? []),
			...(trigger.builderHint?.relatedNodes ?? []),
		]) {
			expect(related.nodeType).toMatch(/^(n8n-nodes-base|@n8n\/n8n-nodes-langchain)\.[a-zA-Z]+$/);
			expect(related.relationHint.length).toBeGreaterThan(10);
		}
		expect(action.builderHint?.relatedNodes?.length).toBeGreaterThanOrEqual(3);
	});

	it('name only operations the form offers, and every resource has a parameter hint', () => {
		const offered = offeredOperations();
		const hinted = hintedOperations();
		expect(Object.keys(hinted).sort()).toEqual(Object.keys(offered).sort());
		for (const [resource, operations] of Object.entries(hinted)) {
			expect(operations.length).toBeGreaterThan(0);
			for (const operation of operations) expect(offered[resource]).toContain(operation);
		}
		for (const property of action.properties.filter(
			(candidate) => candidate.name === 'operation',
		)) {
			const resource = String(property.displayOptions?.show?.resource?.[0]);
			const hintedHere = (property.options as INodePropertyOptions[])
				.filter((option) => option.builderHint?.propertyHint)
				.map((option) => String(option.value));
			expect(hintedHere.sort()).toEqual([...hinted[resource]].sort());
		}
		const resource = action.properties.find((property) => property.name === 'resource');
		for (const option of resource?.options as INodePropertyOptions[])
			expect(option.builderHint?.propertyHint).toBeTruthy();
	});

	it("pass n8n's own check of node descriptions (no hint on a selector itself)", () => {
		expect(() => validateNodeDescription(action)).not.toThrow();
		expect(() => validateNodeDescription(trigger)).not.toThrow();
	});

	it('the sync and onboarding requests point at their operations', () => {
		const hint = (resource: string, operation: string) =>
			(
				action.properties.find(
					(property) =>
						property.name === 'operation' &&
						property.displayOptions?.show?.resource?.[0] === resource,
				)?.options as INodePropertyOptions[]
			).find((option) => option.value === operation)?.builderHint?.propertyHint;
		expect(hint('qrCode', 'createOrUpdate')).toMatch(/^Sync codes from a spreadsheet/);
		expect(hint('teamMember', 'add')).toMatch(/^Onboard/);
		expect(hint('analytics', 'getScansForCodes')).toMatch(/scan reports/);
	});
});
