import type { JsonObject, WorkflowRun } from './runData';

/** The parts of a workflow a summary reads. */
export interface SummarisedWorkflow {
	name: string;
	nodes: Array<{ name: string; type: string; parameters?: Record<string, unknown> }>;
}

/** Business totals of one run, added up over every QRTRAC node in it. */
export interface RunTotals {
	codesCreated: number;
	codesUpdated: number;
	codesUnchanged: number;
	codesDeleted: number;
	membersInvited: number;
	membersChanged: number;
	scansTotal: number;
	/** Items a QRTRAC node turned into error items (Continue On Fail). */
	itemsFailed: number;
}

export interface RunSummary {
	ok: boolean;
	totals: RunTotals;
	/** Readable lines: the outcome, then one line per node that ran. */
	lines: string[];
}

/** Write operations whose every good item is one new code. */
const CREATING = new Set(['create', 'duplicate']);
/** Member results that mean an invitation went out. */
const INVITED = new Set(['added', 'sent']);

/**
 * Tells what a run did in business terms, read from the output items only: an item holding `error` failed;
 * a QR code item's `result` (1.2) or `operation` (Create or Update of 1 and 1.1) is its outcome; QR Code Create and
 * Duplicate items are new codes, Delete items deleted codes; Team Member `result` added/sent is an
 * invitation and roleChanged a changed member; `totalScans` of analytics totals is summed.
 */
export function summariseWorkflowRun(workflow: SummarisedWorkflow, run: WorkflowRun): RunSummary {
	const totals: RunTotals = {
		codesCreated: 0,
		codesUpdated: 0,
		codesUnchanged: 0,
		codesDeleted: 0,
		membersInvited: 0,
		membersChanged: 0,
		scansTotal: 0,
		itemsFailed: 0,
	};
	const lines: string[] = [];
	for (const node of workflow.nodes) {
		const runs = run.nodes[node.name];
		if (!runs) continue;
		const items = runs.flatMap((taskRun) => taskRun.outputs.flat());
		const nodeError = runs.find((taskRun) => taskRun.error)?.error;
		if (!isQrtracNode(node.type)) {
			lines.push(
				`${node.name}: ${plural(items.length, 'item')}${nodeError ? ` - FAILED: ${nodeError.message}` : ''}`,
			);
			continue;
		}
		const resource = String(node.parameters?.resource ?? 'qrCode');
		const operation = String(node.parameters?.operation ?? '');
		const counts = countItems(items, resource, operation, totals);
		const detail = [...counts.entries()].map(([label, count]) => `${count} ${label}`).join(', ');
		lines.push(
			`${node.name} (${resource} ${operation}): ${plural(items.length, 'item')}${detail ? ` - ${detail}` : ''}${nodeError ? ` - FAILED: ${nodeError.message}` : ''}`,
		);
	}
	const ok = run.status === 'success' && !run.error;
	const outcome = ok
		? 'succeeded'
		: `FAILED${run.error ? `: ${run.error.message}${run.error.node ? ` (node "${run.error.node}")` : ''}` : ` (${run.status})`}`;
	return {
		ok,
		totals,
		lines: [`${workflow.name}: ${outcome}`, ...lines.map((line) => `  ${line}`)],
	};
}

/** Counts outcome labels of one node's items and adds them to the run totals. */
function countItems(
	items: JsonObject[],
	resource: string,
	operation: string,
	totals: RunTotals,
): Map<string, number> {
	const counts = new Map<string, number>();
	const add = (label: string) => counts.set(label, (counts.get(label) ?? 0) + 1);
	let scans: number | undefined;
	for (const item of items) {
		if (typeof item.error === 'string' || (typeof item.error === 'object' && item.error !== null)) {
			totals.itemsFailed++;
			add('failed');
			continue;
		}
		// Nodes of 1.2 name a code change's outcome `result`; Create or Update of 1 and 1.1 named it `operation`.
		const outcome = resource === 'qrCode' ? (item.result ?? item.operation) : item.operation;
		if (typeof outcome === 'string') {
			add(outcome);
			if (outcome === 'created') totals.codesCreated++;
			if (outcome === 'updated') totals.codesUpdated++;
			if (outcome === 'unchanged') totals.codesUnchanged++;
			if (outcome === 'deleted') totals.codesDeleted++;
		} else if (resource === 'qrCode' && CREATING.has(operation)) {
			add('created');
			totals.codesCreated++;
		} else if (resource === 'qrCode' && operation === 'delete') {
			add('deleted');
			totals.codesDeleted++;
		}
		if (resource === 'teamMember' && typeof item.result === 'string') {
			add(item.result);
			if (INVITED.has(item.result)) totals.membersInvited++;
			if (item.result === 'roleChanged') totals.membersChanged++;
		}
		if (typeof item.totalScans === 'number') scans = (scans ?? 0) + item.totalScans;
	}
	if (scans !== undefined) {
		totals.scansTotal += scans;
		counts.set('scans in total', scans);
	}
	return counts;
}

/** The one-line business result of several runs, e.g. `3 codes created, 1 updated, 2 members invited`. */
export function describeTotals(totals: RunTotals): string {
	const parts = [
		totals.codesCreated && `${plural(totals.codesCreated, 'code')} created`,
		totals.codesUpdated && `${plural(totals.codesUpdated, 'code')} updated`,
		totals.codesUnchanged && `${plural(totals.codesUnchanged, 'code')} unchanged`,
		totals.codesDeleted && `${plural(totals.codesDeleted, 'code')} deleted`,
		totals.membersInvited && `${plural(totals.membersInvited, 'member')} invited`,
		totals.membersChanged && `${plural(totals.membersChanged, 'member')} with a new role`,
		totals.scansTotal && `${plural(totals.scansTotal, 'scan')} totalled`,
		totals.itemsFailed && `${plural(totals.itemsFailed, 'item')} failed`,
	].filter(Boolean);
	return parts.length ? parts.join(', ') : 'no QRTRAC changes';
}

export function addTotals(a: RunTotals, b: RunTotals): RunTotals {
	const sum = { ...a };
	for (const key of Object.keys(sum) as Array<keyof RunTotals>) sum[key] += b[key];
	return sum;
}

function isQrtracNode(type: string): boolean {
	return /\.qrtrac$/.test(type);
}

function plural(count: number, noun: string): string {
	return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
