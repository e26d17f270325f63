import type { INode } from 'n8n-workflow';

/** What executionNode needs of a context: n8n's getNode, which every kind of function context has. */
interface NodeContext {
	getNode(): INode;
}

const nodes = new WeakMap<NodeContext, INode>();

/**
 * The node being run, taken once per execution context. n8n's `getNode()` hands out a deep copy of the node,
 * parameters included, on every call; a bulk run that asked for it a few times per row copied every parameter
 * of the node thousands of times (about a fifth of the memory a 10,000-row sync turned over). The node does
 * not change during an execution, and callers only read it.
 */
export function executionNode(ctx: NodeContext): INode {
	let node = nodes.get(ctx);
	if (!node) {
		node = ctx.getNode();
		nodes.set(ctx, node);
	}
	return node;
}
