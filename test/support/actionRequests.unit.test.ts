/**
 * The exact-request tests' runner (actionRequests.ts runAction) loads one resource's operations where the node's
 * router holds them all: it must reach the very modules the node does, and every operation the form offers.
 */
import type { INodePropertyOptions } from 'n8n-workflow';

import * as analytics from '../../nodes/Qrtrac/actions/analytics';
import * as designTemplate from '../../nodes/Qrtrac/actions/designTemplate';
import * as dynamicLink from '../../nodes/Qrtrac/actions/dynamicLink';
import * as qrCode from '../../nodes/Qrtrac/actions/qrCode';
import * as team from '../../nodes/Qrtrac/actions/team';
import * as teamMember from '../../nodes/Qrtrac/actions/teamMember';
import { Qrtrac } from '../../nodes/Qrtrac/Qrtrac.node';
import { RESOURCES, runAction } from './actionRequests';

const described = new Qrtrac().description;
const resources = (
	described.properties.find((p) => p.name === 'resource')!.options as INodePropertyOptions[]
).map((option) => option.value as keyof typeof RESOURCES);

it('loads the modules the node itself imports, one per resource of the form', () => {
	const imported = { analytics, designTemplate, dynamicLink, qrCode, team, teamMember };
	expect(resources.sort()).toEqual(Object.keys(RESOURCES).sort());
	for (const resource of resources) expect(RESOURCES[resource]()).toBe(imported[resource]);
});

it.each(resources)('finds every operation the form offers for %s', (resource) => {
	const offered = described.properties
		.filter((p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes(resource))
		.flatMap((p) => (p.options as INodePropertyOptions[]).map((option) => option.value));
	expect(offered.length).toBeGreaterThan(0);
	expect(Object.keys(RESOURCES[resource]().operations).sort()).toEqual(
		[...new Set(offered)].sort(),
	);
});

it('refuses an operation no resource has, as the router does, without sending anything', async () => {
	await expect(runAction('qrCode', 'fly', {})).rejects.toThrow('no operation "fly" of "qrCode"');
});
