import type { WorkflowJson } from '../../scripts/n8n/realN8n';
import type { CredentialRef } from '../workflows';

/** Name of the QRTRAC node in both workflows; the Summarize node follows it in the alternative. */
export const JOB_NODE = 'Job';
export const SUMMARIZE_NODE = 'Summarize';

export interface ReportRange {
	/** Epoch ms, inclusive. */
	from: number;
	to: number;
}

/**
 * Both workflows keep no execution data on success (`saveDataSuccessExecution: 'none'`), as anyone running big
 * reports would set it: n8n would otherwise store every item of the run in its database after the run. The time
 * zone is fixed so the range reads the same on every machine.
 */
const SETTINGS = { saveDataSuccessExecution: 'none', timezone: 'UTC', executionOrder: 'v1' };

const START = {
	id: 'start',
	name: 'Start',
	type: 'n8n-nodes-base.manualTrigger',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};

/** The exact range as ISO 8601 text with its zone: the node reads it to the millisecond. */
function customRange(range: ReportRange) {
	return {
		timeRange: 'custom',
		startTime: new Date(range.from).toISOString(),
		endTime: new Date(range.to).toISOString(),
	};
}

/** (a) QRTRAC Scan > Get Report: one item per code, unique scans by IP address. */
export function reportWorkflow(
	nodeType: string,
	credential: CredentialRef,
	range: ReportRange,
): WorkflowJson {
	return {
		name: 'Scan report: QRTRAC Get Report',
		settings: SETTINGS,
		nodes: [
			START,
			{
				id: 'job',
				name: JOB_NODE,
				type: nodeType,
				typeVersion: 1.2,
				position: [220, 0],
				parameters: {
					resource: 'analytics',
					operation: 'getReport',
					codeSelection: 'all',
					...customRange(range),
					reportLayout: 'perCode',
					options: { uniqueVisitorKey: 'ip' },
				},
				credentials: { qrtracApi: credential },
			},
		],
		connections: { Start: { main: [[{ node: JOB_NODE, type: 'main', index: 0 }]] } },
	} as WorkflowJson;
}

/**
 * (b) The same report built by hand: QRTRAC Scan > Get for Codes (every event as an item, IP addresses kept) and
 * n8n's Summarize node grouped by code: count, unique IP addresses (Summarize leaves empty values out, as the
 * report's definition does), first and last scan time.
 */
export function summarizeWorkflow(
	nodeType: string,
	credential: CredentialRef,
	range: ReportRange,
): WorkflowJson {
	return {
		name: 'Scan report: Get for Codes + Summarize',
		settings: SETTINGS,
		nodes: [
			START,
			{
				id: 'job',
				name: JOB_NODE,
				type: nodeType,
				typeVersion: 1.2,
				position: [220, 0],
				parameters: {
					resource: 'analytics',
					operation: 'getScansForCodes',
					codeSelection: 'all',
					...customRange(range),
					options: { ipAddress: 'keep' },
				},
				credentials: { qrtracApi: credential },
			},
			{
				id: 'summarize',
				name: SUMMARIZE_NODE,
				type: 'n8n-nodes-base.summarize',
				typeVersion: 1.1,
				position: [440, 0],
				parameters: {
					fieldsToSummarize: {
						values: [
							{ aggregation: 'count', field: 'qrId' },
							{ aggregation: 'countUnique', field: 'ipAddress' },
							{ aggregation: 'min', field: 'scanTime' },
							{ aggregation: 'max', field: 'scanTime' },
						],
					},
					fieldsToSplitBy: 'qrId',
					options: {},
				},
			},
		],
		connections: {
			Start: { main: [[{ node: JOB_NODE, type: 'main', index: 0 }]] },
			[JOB_NODE]: { main: [[{ node: SUMMARIZE_NODE, type: 'main', index: 0 }]] },
		},
	} as WorkflowJson;
}

/** A workflow that does nothing: what `n8n execute` itself costs (time, memory) on this machine. */
export function idleWorkflow(): WorkflowJson {
	return { name: 'Scan report: idle n8n', settings: SETTINGS, nodes: [START], connections: {} };
}
