import type { IExecuteFunctions, NodeConnectionType } from 'n8n-workflow';

/** n8n's Loop Over Items (Split in Batches). */
const LOOP_NODE_TYPE = 'n8n-nodes-base.splitInBatches';

type Graph = Pick<IExecuteFunctions, 'getParentNodes' | 'getChildNodes'>;

/** Per run of the node: rows whose options hold an expression each ask, and the answer is the workflow's. */
const asked = new WeakMap<IExecuteFunctions, ReturnType<typeof loopAround>>();

/**
 * The loop that runs the node once per pass, if any: Delete Missing would then take each pass's rows for the
 * whole sheet. `loopOverItems` when the node is in the body of a Loop Over Items (the loop node both before and
 * after it); else the first node by name that is both before and after a node from which the node is reached
 * without passing a Loop Over Items (a loop built of an IF leading back, with the node in it or hanging off it).
 * Below a Loop Over Items the node is left alone: on its "done" output it runs once over every row, and which
 * output leads here is not told to a node.
 */
export function loopAround(
	ctx: IExecuteFunctions,
): 'loopOverItems' | { through: string } | undefined {
	if (asked.has(ctx)) return asked.get(ctx);
	const found = findLoop(ctx, ctx.getNode().name);
	asked.set(ctx, found);
	return found;
}

function findLoop(graph: Graph, name: string): 'loopOverItems' | { through: string } | undefined {
	// older n8n versions do not tell the workflow's graph to a node
	if (typeof graph.getParentNodes !== 'function' || typeof graph.getChildNodes !== 'function')
		return undefined;
	const around = loopsThrough(graph, name);
	if (around.some((node) => node.type === LOOP_NODE_TYPE)) return 'loopOverItems';
	if (around.length > 0) return { through: around.map((node) => node.name).sort()[0] };
	// n8n-core before 1.114 ignores `depth` and lists every node before this one: no walk it cannot do
	const main = 'main' as NodeConnectionType;
	const direct = (node: string) => graph.getParentNodes(node, { connectionType: main, depth: 1 });
	if (graph.getParentNodes(name, { connectionType: main, depth: 0 }).length > 0) return undefined;
	const seen = new Set<string>([name]);
	const waiting = direct(name);
	const looped: string[] = [];
	// bounded: each node of the workflow is looked at once
	while (waiting.length > 0) {
		const node = waiting.shift()!;
		if (seen.has(node.name) || node.type === LOOP_NODE_TYPE) continue;
		seen.add(node.name);
		if (loopsThrough(graph, node.name).length > 0) looped.push(node.name);
		else waiting.push(...direct(node.name));
	}
	return looped.length > 0 ? { through: looped.sort()[0] } : undefined;
}

/** The nodes both before and after `name`: the loops it is in. */
function loopsThrough(graph: Graph, name: string): Array<{ name: string; type: string }> {
	const before = new Set(graph.getParentNodes(name).map((node) => node.name));
	return graph.getChildNodes(name).filter((node) => before.has(node.name));
}
