import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import * as analytics from './actions/analytics';
import * as designTemplate from './actions/designTemplate';
import * as dynamicLink from './actions/dynamicLink';
import * as qrCode from './actions/qrCode';
import * as team from './actions/team';
import * as teamMember from './actions/teamMember';
import { router } from './actions/router';
import { toolDescriptionProperties } from './descriptions/toolDescriptions';
import { listSearch, loadOptions } from './methods';

export class Qrtrac implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'QRTRAC',
		name: 'qrtrac',
		icon: { light: 'file:qrtrac.svg', dark: 'file:qrtrac.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: '={{ $parameter["operation"] + ": " + $parameter["resource"] }}',
		description: 'Create, manage and track dynamic QR codes, teams and members with QRTRAC',
		defaults: { name: 'QRTRAC' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'qrtracApi', required: true }],
		properties: [
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: [
					{ name: 'Analytic', value: 'analytics' },
					{ name: 'Design Template', value: 'designTemplate' },
					{ name: 'Dynamic Link (Simple Interface)', value: 'dynamicLink' },
					{ name: 'QR Code', value: 'qrCode' },
					{ name: 'Team', value: 'team' },
					{ name: 'Team Member', value: 'teamMember' },
				],
				default: 'qrCode',
			},
			...qrCode.description,
			...designTemplate.description,
			...analytics.description,
			...team.description,
			...teamMember.description,
			...dynamicLink.description,
			...toolDescriptionProperties,
		],
	};

	methods = { listSearch, loadOptions };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
