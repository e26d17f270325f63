import type { INode, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

/**
 * The one place that builds n8n's error types. Their constructors replace a message holding one of Node's error
 * codes anywhere, in any case (EPERM in "FreePermit", EEXIST in "store-preexisting", ENOTFOUND in
 * "TemplateNotFound") with a generic text, keeping ours only in `messages`: the builders here keep our message.
 */

type ApiErrorOptions = NonNullable<ConstructorParameters<typeof NodeApiError>[2]> & {
	message: string;
};

type OperationErrorOptions = NonNullable<ConstructorParameters<typeof NodeOperationError>[2]>;

/** A NodeApiError whose title is `options.message`. */
export function apiError(node: INode, body: JsonObject, options: ApiErrorOptions): NodeApiError {
	const error = new NodeApiError(node, body, options);
	keepTitle(error, options.message);
	return error;
}

/** A NodeOperationError whose title is `message` (n8n-core hands such an error on as it is, unwrapped). */
export function operationError(
	node: INode,
	message: string,
	options: OperationErrorOptions = {},
): NodeOperationError {
	const error = new NodeOperationError(node, message, options);
	keepTitle(error, message);
	return error;
}

/**
 * Puts `title` back where the constructor replaced it, and drops the copy it pushed onto `messages`, which then
 * holds what it holds for any other title. Returns whether it had been replaced.
 */
function keepTitle(error: NodeApiError | NodeOperationError, title: string): boolean {
	if (error.message === title) return false;
	error.message = title;
	const pushed = error.messages.lastIndexOf(title);
	if (pushed !== -1) error.messages.splice(pushed, 1);
	return true;
}
