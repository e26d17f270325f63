import type { IBuilderHint } from 'n8n-workflow';

/** What n8n's AI workflow builder reads to pick this trigger from a prompt, and what usually follows it. */
export const qrtracTriggerBuilderHint: IBuilderHint = {
	searchHint:
		'Starts a workflow when QRTRAC QR codes are created, updated or deleted (Trigger On: Code Changes), or when codes are scanned (Trigger On: New Scans). Polls on a schedule; for actions on codes, members or scan reports use the QRTRAC node.',
	relatedNodes: [
		{
			nodeType: 'n8n-nodes-base.slack',
			relationHint: 'Notify a channel when a code changes or is scanned',
		},
		{
			nodeType: 'n8n-nodes-base.googleSheets',
			relationHint: 'Append each change or scan as a row',
		},
		{
			nodeType: 'n8n-nodes-base.if',
			relationHint: 'Route created, updated and deleted events differently',
		},
	],
};
