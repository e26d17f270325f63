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
 * Each built error's quote of its title (quoteTitle), which a note put at the description's start must follow.
 * Keyed by the error itself, so an error that no longer exists holds nothing.
 */
const quotes = new WeakMap<Error, string>();

/**
 * A NodeApiError whose title is `options.message`, its description starting with a quote of the title where the
 * reader would not see it otherwise (quoteTitle).
 */
export function apiError(node: INode, body: JsonObject, options: ApiErrorOptions): NodeApiError {
	const { saidBy = 'Error', original, ...rest } = options;
	const error = new NodeApiError(node, body, rest);
	// without a description, the constructor copies the body's message there: the service's words said again after
	// the title (and after quoteTitle's quote of them, where the title rewords them)
	if (!rest.description) error.description = undefined;
	keepTitle(error, options.message);
	quoteTitle(node, error, saidBy, original);
	return error;
}

/**
 * Gives an error built here a new title and description (a refusal explained by the operation), the quote rule
 * applied to the new title.
 */
export function retitle(
	node: INode,
	error: NodeApiError | NodeOperationError,
	title: string,
	description: string | undefined,
): void {
	error.message = title;
	error.description = description;
	quoteTitle(node, error, 'Error');
}

/**
 * The error with `note` (what the node did before or around the request) leading its description, after the
 * quote of its title when it has one: the quote stands first, as a tool's reader sees it in place of the title.
 */
export function prefixDescription<E>(error: E, note: string): E {
	if (!(error instanceof Error)) return error;
	const target = error as Error & { description?: string | null };
	const quote = quotes.get(error);
	const quoted = quote !== undefined && target.description?.startsWith(quote) === true;
	const rest = quoted ? target.description?.slice(quote.length).trimStart() : target.description;
	target.description = [quoted ? quote : undefined, note, rest].filter(Boolean).join(' ');
	return error;
}

/**
 * The description starts with the title's words (`QRTRAC's message: ...`) in two cases. A reworded title
 * (`original`, a field relabelled) is quoted as the words came, for everyone. A title n8n would replace is kept by
 * keepTitle where n8n shows it, but an AI agent's tool call wraps a NodeApiError again in n8n-core
 * (`new NodeOperationError(node, error)`), which replaces the title once more: the model reads only n8n's text and
 * the description, so on the tool variant (only there: elsewhere the title shows) the description quotes it.
 */
function quoteTitle(
	node: INode,
	error: NodeApiError | NodeOperationError,
	saidBy: string,
	original?: string,
): void {
	const title = error.message;
	const words = original ?? title;
	// a NodeOperationError is handed on as it is, unwrapped (n8n-workflow returns it from its constructor)
	const swapped =
		isToolNode(node) &&
		!(error instanceof NodeOperationError) &&
		new NodeOperationError(node, title).message !== title;
	if (words === title && !swapped) {
		quotes.delete(error);
		return;
	}
	const quote = `${saidBy}: ${/[.!?]$/.test(words) ? words : `${words}.`}`;
	// an error told again (a retry's) carries the quote already
	if (error.description?.startsWith(quote) !== true)
		error.description = [quote, error.description].filter(Boolean).join(' ');
	quotes.set(error, quote);
}

/** The node runs as an AI agent's tool (n8n's `<node>Tool` variant). */
export function isToolNode(node: INode): boolean {
	// never throws while an error is built: a node given without its type is no tool
	return typeof node.type === 'string' && node.type.endsWith('Tool');
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
