import type { INodeProperties } from 'n8n-workflow';

import type { Operation } from '../../../shared/executor';
import type { QrtracOperations } from '../node.type';
import * as checkAvailability from './checkAvailability.operation';
import * as create from './create.operation';
import * as createOrUpdate from './createOrUpdate/operation';
import * as deleteQrCode from './delete.operation';
import * as downloadImage from './downloadImage.operation';
import * as duplicate from './duplicate.operation';
import * as get from './get.operation';
import * as getMany from './getMany.operation';
import * as getUpdatedSince from './getUpdatedSince.operation';
import * as update from './update.operation';
import * as updateTags from './updateTags.operation';
import * as updateTitle from './updateTitle.operation';

export const operations: Record<QrtracOperations['qrCode'], Operation> = {
	checkAvailability,
	create,
	createOrUpdate,
	delete: deleteQrCode,
	downloadImage,
	duplicate,
	get,
	getMany,
	getUpdatedSince,
	update,
	updateTags,
	updateTitle,
};

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['qrCode'] } },
		options: [
			{
				name: 'Check Display ID Availability',
				value: 'checkAvailability',
				action: 'Check display ID availability',
				description: 'Check whether a custom Display ID is still free',
			},
			{
				name: 'Create',
				value: 'create',
				action: 'Create a QR code',
				description: 'Create a QR code of any type',
			},
			{
				name: 'Create or Update',
				value: 'createOrUpdate',
				action: 'Create or update a QR code',
				description: 'Update the code with this Display ID, or create it when there is none',
			},
			{
				name: 'Delete',
				value: 'delete',
				action: 'Delete a QR code',
				description: 'Delete a QR code (QRTRAC keeps it as deleted)',
			},
			{
				name: 'Download Image',
				value: 'downloadImage',
				action: 'Download a QR code image',
				description: "Download the code's image (usually PNG) as binary data",
			},
			{
				name: 'Duplicate',
				value: 'duplicate',
				action: 'Duplicate a QR code',
				description: 'Copy a QR code; the copy gets a new ID and Display ID',
			},
			{ name: 'Get', value: 'get', action: 'Get a QR code', description: 'Get a QR code by ID' },
			{
				name: 'Get Many',
				value: 'getMany',
				action: 'Get many QR codes',
				description: "List the team's QR codes",
			},
			{
				name: 'Get Updated Since',
				value: 'getUpdatedSince',
				action: 'Get QR codes updated since a time',
				description: 'Get the codes changed after a moment, of one team or all teams',
			},
			{
				name: 'Update',
				value: 'update',
				action: 'Update a QR code',
				description: 'Change the fields of a QR code',
			},
			{
				name: 'Update Tags',
				value: 'updateTags',
				action: 'Update the tags of a QR code',
				description: 'Replace, add or remove tags of a QR code',
			},
			{
				name: 'Update Title',
				value: 'updateTitle',
				action: 'Update the title of a QR code',
				description: 'Rename a QR code',
			},
		],
		default: 'create',
	},
	...checkAvailability.description,
	...create.description,
	...createOrUpdate.description,
	...deleteQrCode.description,
	...downloadImage.description,
	...duplicate.description,
	...get.description,
	...getMany.description,
	...getUpdatedSince.description,
	...update.description,
	...updateTags.description,
	...updateTitle.description,
];
