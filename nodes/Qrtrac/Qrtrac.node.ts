import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeProperties,
	INodePropertyOptions,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import * as analytics from './actions/analytics';
import * as designTemplate from './actions/designTemplate';
import * as dynamicLink from './actions/dynamicLink';
import * as qrCode from './actions/qrCode';
import * as team from './actions/team';
import * as teamMember from './actions/teamMember';
import { router } from './actions/router';
import { qrtracBuilderHint, withBuilderHints } from './builderHint';
import { NODE_VERSIONS } from './descriptions/layoutVersions';
import { toolDescriptionProperties, toolFieldsNotice } from './descriptions/toolDescriptions';
import { listSearch, loadOptions } from './methods';

const resourceProperty: INodeProperties = {
	displayName: 'Resource',
	name: 'resource',
	type: 'options',
	noDataExpression: true,
	options: [
		{ name: 'Design Template', value: 'designTemplate' },
		{ name: 'Dynamic Link (Simple Interface)', value: 'dynamicLink' },
		{ name: 'QR Code', value: 'qrCode' },
		// n8n names resources in the singular (its lint and scanner refuse "Analytics"), as its Google Analytics
		// node does ("Report"): scan events and totals are the Scan resource. The value stays for saved workflows.
		{ name: 'Scan', value: 'analytics' },
		{ name: 'Team', value: 'team' },
		{ name: 'Team Member', value: 'teamMember' },
	],
	default: 'qrCode',
};

const operationProperties: INodeProperties[] = [
	...qrCode.description,
	...designTemplate.description,
	...analytics.description,
	...team.description,
	...teamMember.description,
	...dynamicLink.description,
];

/**
 * The canvas subtitle as n8n's own nodes show it, "Create or Update: QR Code": the labels of the chosen
 * operation and resource, looked up by their values (n8n's usual subtitle shows the raw values). Built from
 * the form itself, so a new operation gets its label without a second list to keep in step.
 */
function subtitleExpression(): string {
	const resources = Object.fromEntries(
		// "Dynamic Link (Simple Interface)" reads "Dynamic Link" on the canvas
		(resourceProperty.options as INodePropertyOptions[]).map((option) => [
			option.value,
			option.name.replace(/ \(.*\)$/, ''),
		]),
	);
	const operations: Record<string, string> = {};
	for (const property of operationProperties) {
		if (property.name !== 'operation') continue;
		for (const resource of property.displayOptions?.show?.resource ?? []) {
			for (const option of (property.options ?? []) as INodePropertyOptions[]) {
				operations[`${String(resource)}:${String(option.value)}`] =
					`${option.name}: ${resources[String(resource)]}`;
			}
		}
	}
	const key = '$parameter["resource"] + ":" + $parameter["operation"]';
	return `={{ (${JSON.stringify(operations)})[${key}] || $parameter["operation"] + ": " + $parameter["resource"] }}`;
}

export class Qrtrac implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'QRTRAC',
		name: 'qrtrac',
		icon: { light: 'file:qrtrac.svg', dark: 'file:qrtrac.dark.svg' },
		group: ['transform'],
		version: NODE_VERSIONS,
		defaultVersion: NODE_VERSIONS[NODE_VERSIONS.length - 1],
		subtitle: subtitleExpression(),
		description: 'Create, manage and track dynamic QR codes, teams and members with QRTRAC',
		defaults: { name: 'QRTRAC' },
		usableAsTool: true,
		builderHint: qrtracBuilderHint,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'qrtracApi', required: true }],
		properties: withBuilderHints([
			resourceProperty,
			...operationProperties,
			toolFieldsNotice,
			...toolDescriptionProperties,
		]),
	};

	methods = { listSearch, loadOptions };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
