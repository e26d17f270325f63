import type { INode } from 'n8n-workflow';

/** What executionNode needs of a context: n8n's getNode, which every kind of function context has. */
export interface NodeContext {
	getNode(): INode;
}

const nodes = new WeakMap<NodeContext, INode>();

/**
 * The node being run, taken once per execution context: n8n's `getNode()` deep-copies the node on every call,
 * which is costly when asked per row (bench/README.md, "Reading the rows"). Callers only read it.
 */
export function executionNode(ctx: NodeContext): INode {
	let node = nodes.get(ctx);
	if (!node) {
		node = ctx.getNode();
		nodes.set(ctx, node);
	}
	return node;
}
