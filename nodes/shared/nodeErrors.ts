import type { INode, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

/**
 * The one place that builds n8n's error types. Their constructors replace a message holding one of Node's error
 * codes anywhere, in any case (EPERM in "FreePermit", EEXIST in "store-preexisting", ENOTFOUND in
 * "TemplateNotFound") with a generic text, keeping ours only in `messages`: the builders here keep our message.
 */

type ApiErrorOptions = NonNullable<ConstructorParameters<typeof NodeApiError>[2]> & {
	message: string;
	/** Whose words the title is, for the description's copy of it (default: the node's own, "Error"). */
	saidBy?: string;
	/** The words as they came, when the title shows them reworded: the description then quotes these. */
	original?: string;
};

type OperationErrorOptions = NonNullable<ConstructorParameters<typeof NodeOperationError>[2]>;

/**
 * A NodeApiError whose title is `options.message`. When n8n would replace that title, the description starts with
 * it too (`QRTRAC's message: ...`): an AI agent's tool call wraps the error again in n8n-core
 * (`new NodeOperationError(node, error)`), which replaces the title once more, and the model then reads only n8n's
 * text and the description. A reworded title (`original`) is quoted as it came.
 */
export function apiError(node: INode, body: JsonObject, options: ApiErrorOptions): NodeApiError {
	const { saidBy = 'Error', original, ...rest } = options;
	const error = new NodeApiError(node, body, rest);
	const replaced = keepTitle(error, options.message);
	const words = original ?? options.message;
	const quote = `${saidBy}: ${words}.`;
	// an error told again (a retry's) carries the quote already
	const quoted = options.description?.startsWith(quote) === true;
	if ((replaced || words !== options.message) && !quoted)
		error.description = [quote, options.description].filter(Boolean).join(' ');
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
