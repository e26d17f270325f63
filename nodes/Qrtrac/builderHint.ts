import type { IBuilderHint, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import type { QrtracOperations, QrtracResource } from './actions/node.type';

/**
 * What n8n's AI workflow builder reads to pick this node and fill its form from a prompt: which operation fits
 * which request, and which nodes usually come before and after. The operation names are typed by the router's
 * map, so a hint can only name an operation the node has.
 */
type OperationHints = { [R in QrtracResource]: Partial<Record<QrtracOperations[R], string>> };

const OPERATION_HINTS: OperationHints = {
	qrCode: {
		createOrUpdate:
			'Sync codes from a spreadsheet or list: one row per code keyed by Display ID; re-runs change nothing (Sync mode reads the team once)',
		create: 'Create one new code per item (Website, vCard, PDF, coupon and 9 more types)',
		update: "Change fields of an existing code (e.g. point it to a new URL); needs the code's id",
		getMany: "Find or list the team's codes (search by name or Display ID)",
		getUpdatedSince: 'Codes changed since a time',
		downloadImage:
			"The code's image (usually PNG; JPEG, GIF, WebP or SVG as served) as binary data, e.g. to attach to an email",
		updateTags: 'Add, remove or replace tags of a code',
		delete: 'Delete a code',
	},
	analytics: {
		getReport:
			'Scan reports: scans, unique scans (distinct visitors) and breakdowns per code, per code and day, or a summary, over a range; counts without loading every event',
		getScansForCodes: 'Scan events of many codes over a time range, for scan reports',
		getScans: 'Scan events of one code',
		getTotals: "Total, today's and yesterday's scans per code",
	},
	teamMember: {
		add: 'Onboard a person into one team with a role (admin, editor, viewer); re-runs are change-aware',
		addToTeams: 'Onboard a person into several teams at once',
		pause: 'Pause a member in a team',
		activate: 'Resume a paused member',
		changeRole: "Change a member's role",
		remove: 'Take a member out of one team',
		delete: 'Remove a person from the whole organization (offboarding)',
		resendInvite: 'Invite a pending member again',
		getMany: "List a team's members, by role and status (active, paused, pending)",
	},
	team: {
		getMany: "List the organization's teams (their ids are needed by team-scoped operations)",
		create: 'Create a team',
	},
	designTemplate: { getMany: "List the team's design templates" },
	dynamicLink: { create: 'The simple v1 interface: a short dynamic link from a destination URL' },
};

export const qrtracBuilderHint: IBuilderHint = {
	searchHint:
		'QRTRAC dynamic QR codes: create codes, sync them from a spreadsheet (QR Code > Create or Update), onboard team members (Team Member > Add / Add to Teams), and report scans (Scan > Get Report for counts, unique scans and breakdowns; Get for Codes for raw events; Get Totals). For "when a code changes or is scanned" use the QRTRAC Trigger instead.',
	relatedNodes: [
		{
			nodeType: 'n8n-nodes-base.googleSheets',
			relationHint: 'Rows of codes or people to sync come before; scan figures go after',
		},
		{
			nodeType: 'n8n-nodes-base.splitInBatches',
			relationHint: 'Loop Over Items around a sync of a very large sheet',
		},
		{
			nodeType: 'n8n-nodes-base.scheduleTrigger',
			relationHint: 'Runs a sync or a weekly scan report on a schedule',
		},
		{
			nodeType: 'n8n-nodes-base.summarize',
			relationHint:
				'Sums scan events after Scan > Get for Codes; Scan > Get Report already sums them (with unique scans)',
		},
		{
			nodeType: 'n8n-nodes-base.convertToFile',
			relationHint: 'Turns a scan report or a sync report into a spreadsheet file',
		},
		{
			nodeType: '@n8n/n8n-nodes-langchain.agent',
			relationHint: 'An AI agent can use every QRTRAC operation as a tool',
		},
	],
};

const RESOURCE_HINTS: Record<QrtracResource, string> = {
	qrCode: 'QR codes: create, sync from a sheet, update, find, delete, download the image',
	analytics: 'Scan reports (scans, unique scans, breakdowns), scan events and totals of codes',
	teamMember: 'People in teams: list, onboard, pause, activate, change role, remove, offboard',
	team: "The organization's teams",
	designTemplate: 'Design templates a code can use',
	dynamicLink: 'The simple v1 interface: a short dynamic link',
};

/**
 * Adds the parameter hints to the options of the resource and operation selectors: n8n renders hints of
 * options, and refuses a hint on the selector itself.
 */
export function withBuilderHints(properties: INodeProperties[]): INodeProperties[] {
	return properties.map((property) => {
		if (property.type !== 'options' || !property.options) return property;
		const hints: Record<string, string> | undefined =
			property.name === 'resource'
				? RESOURCE_HINTS
				: property.name === 'operation'
					? OPERATION_HINTS[property.displayOptions?.show?.resource?.[0] as QrtracResource]
					: undefined;
		if (!hints) return property;
		return {
			...property,
			options: (property.options as INodePropertyOptions[]).map((option) => {
				const hint = hints[String(option.value)];
				return hint ? { ...option, builderHint: { propertyHint: hint } } : option;
			}),
		};
	});
}

/** Operations each hint names, for the test that keeps hints and operations in step. */
export function hintedOperations(): Record<string, string[]> {
	return Object.fromEntries(
		Object.entries(OPERATION_HINTS).map(([resource, hints]) => [resource, Object.keys(hints)]),
	);
}
