import type { WorkflowJson } from '../scripts/n8n/realN8n';

/**
 * The benchmark's workflows. Every job is Manual Trigger -> "Rows" (a Code node producing the same N rows for
 * every variant) -> the node under test, so the comparison is fair: same items, same simulator, same plan.
 * The node under test never stops the run on a failed item (Continue On Fail, "continueRegularOutput"): a
 * failed item becomes an output item carrying `error`, which is how failures are counted.
 */

/** Name of the node whose items and timing are measured in every workflow. */
export const MEASURED_NODE = 'Job';

export interface CredentialRef {
	id: string;
	name: string;
}

/** A Code node expression producing `count` rows: `{ row, name, url }` plus `displayId` when a prefix is given. */
export interface RowsSpec {
	count: number;
	/** Row names start with this (unique per job, so the codes of one job are recognisable). */
	label: string;
	/** Gives each row a Display ID `${displayIdPrefix}-${row}` (Create or Update keys on it). */
	displayIdPrefix?: string;
	/** Every `changeEvery`-th row (row 0 included) gets a different redirect URL: the "1% changed" re-run. */
	changeEvery?: number;
}

function rowsCode(spec: RowsSpec): string {
	const changed = spec.changeEvery ? `row % ${spec.changeEvery} === 0 ? '?v=2' : ''` : `''`;
	const displayId = spec.displayIdPrefix
		? `, displayId: ${JSON.stringify(spec.displayIdPrefix)} + '-' + row`
		: '';
	return [
		`// ${spec.count} rows, identical for every variant of this job`,
		`const rows = [];`,
		`for (let row = 0; row < ${spec.count}; row++) {`,
		`\tconst url = 'https://example.com/bench/' + row + (${changed});`,
		`\trows.push({ json: { row, name: ${JSON.stringify(spec.label)} + ' ' + row, url${displayId} } });`,
		`}`,
		`return rows;`,
	].join('\n');
}

/** The measured node: its type, version, parameters and credentials. */
type MeasuredNode = { type: string; [key: string]: unknown };

function job(name: string, rows: RowsSpec, measured: MeasuredNode): WorkflowJson {
	return {
		name,
		nodes: [
			{
				id: 'start',
				name: 'Start',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			{
				id: 'rows',
				name: 'Rows',
				type: 'n8n-nodes-base.code',
				typeVersion: 2,
				position: [220, 0],
				parameters: { mode: 'runOnceForAllItems', language: 'javaScript', jsCode: rowsCode(rows) },
			},
			{
				id: 'job',
				name: MEASURED_NODE,
				position: [440, 0],
				onError: 'continueRegularOutput',
				...measured,
			},
		],
		connections: {
			Start: { main: [[{ node: 'Rows', type: 'main', index: 0 }]] },
			Rows: { main: [[{ node: MEASURED_NODE, type: 'main', index: 0 }]] },
		},
	};
}

/** QRTRAC node, QR Code > Create, one WEB code per row. */
export function qrtracCreateWorkflow(
	qrtracType: string,
	credential: CredentialRef,
	rows: RowsSpec,
): WorkflowJson {
	return job(`Bench: QRTRAC Create x${rows.count}`, rows, {
		type: qrtracType,
		typeVersion: 1,
		parameters: {
			resource: 'qrCode',
			operation: 'create',
			qrType: 'WEB',
			name: '={{ $json.name }}',
			qrRedirectUrl: '={{ $json.url }}',
		},
		credentials: { qrtracApi: credential },
	});
}

/**
 * n8n's HTTP Request node doing the same create: POST {url}/api/qrs-api with a JSON body from the row. The three
 * QRTRAC headers come from one "Custom Auth" credential (n8n's Header Auth holds a single header and its form
 * points to Custom Auth for several), so no secret sits in the workflow. `batch` = Options > Batching.
 */
export function httpRequestCreateWorkflow(
	simulatorUrl: string,
	credential: CredentialRef,
	rows: RowsSpec,
	batch?: { batchSize: number; batchIntervalMs: number },
): WorkflowJson {
	const options = batch
		? { batching: { batch: { batchSize: batch.batchSize, batchInterval: batch.batchIntervalMs } } }
		: {};
	return job(
		`Bench: HTTP Request create x${rows.count}${batch ? ` batched ${batch.batchSize}/${batch.batchIntervalMs} ms` : ''}`,
		rows,
		{
			type: 'n8n-nodes-base.httpRequest',
			// the version n8n 2.41's editor adds today
			typeVersion: 4.5,
			parameters: {
				method: 'POST',
				url: `${simulatorUrl}/api/qrs-api`,
				authentication: 'genericCredentialType',
				genericAuthType: 'httpCustomAuth',
				sendBody: true,
				contentType: 'json',
				specifyBody: 'keypair',
				bodyParameters: {
					parameters: [
						{ name: 'qrType', value: 'WEB' },
						{ name: 'name', value: '={{ $json.name }}' },
						{ name: 'qrRedirectUrl', value: '={{ $json.url }}' },
					],
				},
				options,
			},
			credentials: { httpCustomAuth: credential },
		},
	);
}

/** QRTRAC node, QR Code > Get Many with Return All (default page size); the Rows node yields one item, so it lists once. */
export function qrtracListAllWorkflow(qrtracType: string, credential: CredentialRef): WorkflowJson {
	return job(
		'Bench: QRTRAC Get Many (Return All)',
		{ count: 1, label: 'list' },
		{
			type: qrtracType,
			typeVersion: 1,
			parameters: { resource: 'qrCode', operation: 'getMany', returnAll: true },
			credentials: { qrtracApi: credential },
		},
	);
}

/** QRTRAC node, QR Code > Create or Update keyed by Display ID, with the parameters that switch on its sync mode (issue 8). */
export function qrtracSyncWorkflow(
	qrtracType: string,
	credential: CredentialRef,
	rows: RowsSpec,
	syncParameters: Record<string, unknown>,
): WorkflowJson {
	return job(`Bench: QRTRAC Create or Update (sync) x${rows.count}`, rows, {
		type: qrtracType,
		typeVersion: 1,
		parameters: {
			resource: 'qrCode',
			operation: 'createOrUpdate',
			displayId: '={{ $json.displayId }}',
			qrType: 'WEB',
			name: '={{ $json.name }}',
			qrRedirectUrl: '={{ $json.url }}',
			...syncParameters,
		},
		credentials: { qrtracApi: credential },
	});
}

/**
 * What the Set node baseline outputs: the three fields it reads (`rowFields`), or those plus, as constants, the
 * other fields of a sync row's output (`nodeFields`: `operation` and a simplified code, 15 fields in all).
 */
export const SET_NODE_OUTPUTS = ['rowFields', 'nodeFields'] as const;
export type SetNodeOutput = (typeof SET_NODE_OUTPUTS)[number];

/** A simplified code's other fields as the sync job outputs them, with values of typical length. */
const NODE_OUTPUT_CONSTANTS: ReadonlyArray<[string, string]> = [
	['operation', 'unchanged'],
	['id', 'qr_qbCQyulwv7QE'],
	['qrType', 'WEB'],
	['shortUrl', 'https://qr.example.com/sheet-0a1b2c-00001'],
	['qrImageUrl', 'http://127.0.0.1:40000/images/qr_qbCQyulwv7QE.png'],
	['tags', 'sheet'],
	['teamId', 'team_aUwDtJw8gwKx'],
	['deleted', 'false'],
	['createdAt', '1792886203575'],
	['createdAtIso', '2026-10-24T23:56:43.575Z'],
	['updatedAt', '1792886203575'],
	['updatedAtIso', '2026-10-24T23:56:43.575Z'],
];

/**
 * n8n's Set node over the same rows with the same three expressions as the sync job (Display ID, name, redirect
 * URL): the cost of reading the rows' parameters inside n8n, the baseline a node that reads them cannot beat.
 * With `nodeFields` its items are as big as the node's (the constants cost no reading).
 */
export function setNodeReadWorkflow(
	rows: RowsSpec,
	output: SetNodeOutput = 'rowFields',
): WorkflowJson {
	const assign = (name: string, value: string) => ({ id: name, name, value, type: 'string' });
	const constants =
		output === 'nodeFields'
			? NODE_OUTPUT_CONSTANTS.map(([name, value]) => assign(name, value))
			: [];
	return job(`Bench: Set node reading x${rows.count}`, rows, {
		type: 'n8n-nodes-base.set',
		typeVersion: 3.4,
		parameters: {
			mode: 'manual',
			assignments: {
				assignments: [
					assign('displayId', '={{ $json.displayId }}'),
					assign('name', '={{ $json.name }}'),
					assign('qrRedirectUrl', '={{ $json.url }}'),
					...constants,
				],
			},
			options: {},
		},
	});
}
