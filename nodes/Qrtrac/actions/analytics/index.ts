import type { INodeProperties } from 'n8n-workflow';

import type { Operation } from '../../../shared/executor';
import type { QrtracOperations } from '../node.type';
import * as getReport from './getReport/operation';
import * as getScans from './getScans.operation';
import * as getScansForCodes from './getScansForCodes/operation';
import * as getTotals from './getTotals/operation';

export const operations: Record<QrtracOperations['analytics'], Operation> = {
	getReport,
	getScans,
	getScansForCodes,
	getTotals,
};

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['analytics'] } },
		options: [
			{
				name: 'Get for a Code',
				value: 'getScans',
				action: 'Get the scans of a QR code',
				description: 'Get the scan events of one QR code',
			},
			{
				name: 'Get for Codes',
				value: 'getScansForCodes',
				action: 'Get the scans of many QR codes',
				description: 'Get the scan events of many QR codes within a time range',
			},
			{
				name: 'Get Report',
				value: 'getReport',
				action: 'Get a scan report of QR codes',
				description:
					'Scans, unique scans, first and last scan and breakdowns per code (or per code and day) over a time range',
			},
			{
				name: 'Get Totals',
				value: 'getTotals',
				action: 'Get scan totals of QR codes',
				description: "Get total, today's and yesterday's scans and leads per QR code",
			},
		],
		default: 'getTotals',
	},
	...getReport.description,
	...getScans.description,
	...getScansForCodes.description,
	...getTotals.description,
];
