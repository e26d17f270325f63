import type { IExecuteFunctions, ILoadOptionsFunctions, IPollFunctions } from 'n8n-workflow';

import { executionNode } from './executionNode';

export interface ReadOptions {
	/** A resource locator's value (From List, By ID or By URL) instead of the locator object. */
	extractValue?: boolean;
}

const constantParameters = new WeakMap<object, Map<string, unknown>>();

/**
 * The one way the nodes read a parameter of an item, with n8n's per-item semantics:
 * - an expression is resolved for the item on every read (a plain string one without n8n's schema check, which
 *   acts only on `validateType` and resource mappers, and this package has neither: see
 *   test/nodes/package/formDefaults.unit.test.ts);
 * - a parameter without an expression is the same for every item, so n8n is asked once per execution;
 * - a parameter left out is the fallback, as n8n gives it. Callers must not change what they get.
 */
export function readParameter<T>(
	ctx: IExecuteFunctions,
	name: string,
	itemIndex: number,
	fallback?: T,
	options: ReadOptions = {},
): T {
	const raw = storedParameter(executionNode(ctx).parameters, name);
	const extract = options.extractValue === true;
	const read = (skipValidation: boolean): T =>
		(skipValidation || extract
			? ctx.getNodeParameter(name, itemIndex, fallback, {
					...(extract && { extractValue: true }),
					...(skipValidation && { skipValidation: true }),
				})
			: ctx.getNodeParameter(name, itemIndex, fallback)) as T;
	if (typeof raw === 'string' && holdsExpression(raw)) return read(true);
	if (holdsExpression(raw) || (raw === undefined && fallback === undefined)) return read(false);
	if (raw === undefined) return fallback as T;
	const key = extract ? `${name}\u0000value` : name;
	let known = constantParameters.get(ctx);
	if (!known) constantParameters.set(ctx, (known = new Map()));
	if (!known.has(key)) known.set(key, read(false));
	return known.get(key) as T;
}

/**
 * A parameter as the workflow stores it, before n8n resolves its expressions, at a dotted path: a path through an
 * expression (`teams.team` where `teams` is one) is that expression. Whether a field holds a locator is judged on
 * this, never on what an expression gave (recordAddress.ts `locatorOf`).
 */
export function storedParameter(parameters: unknown, name: string): unknown {
	return name
		.split('.')
		.reduce<unknown>(
			(value, key) => (isObject(value) ? value[key] : holdsExpression(value) ? value : undefined),
			parameters,
		);
}

/** A trigger's parameter for one poll: a poll has no items, so n8n resolves it once, as for the first item. */
export function readPollParameter<T>(
	ctx: IPollFunctions,
	name: string,
	fallback?: T,
	options: ReadOptions = {},
): T {
	return (
		options.extractValue === true
			? ctx.getNodeParameter(name, fallback, { extractValue: true })
			: ctx.getNodeParameter(name, fallback)
	) as T;
}

/**
 * A parameter of the node being edited, for a picker (load options, list search): as the editor sent it with the
 * request, at a dotted path (`options.teamOverride`). The editor resolves the expressions it can; one it cannot
 * (an item's data, before a run) may still be text starting with "=", so callers check what they get.
 */
export function readEditorParameter<T>(ctx: ILoadOptionsFunctions, path: string): T | undefined {
	return ctx.getCurrentNodeParameter(path) as T | undefined;
}

/**
 * The expression a stored team field holds (a resource locator's value), or undefined: one that gives an item no
 * team must fail, not fall back to the credential's team. `=` alone, or with spaces, is what n8n saves for a field
 * switched to Expression and left empty: an empty field, as saved workflows have it.
 */
export function writtenExpression(stored: unknown): string | undefined {
	const text = isObject(stored) ? stored.value : stored;
	return typeof text === 'string' && text.startsWith('=') && text.slice(1).trim() !== ''
		? text
		: undefined;
}

/**
 * An expression of a literal empty value alone, any spacing: `{{ [] }}` (what n8n's editor saves for an empty
 * multi-select switched to Expression), `{{ "" }}`, `{{ null }}`, `{{ undefined }}`, `{{ }}`.
 */
const LITERAL_EMPTY = /^=\s*\{\{\s*(?:\[\s*\]|"\s*"|'\s*'|`\s*`|null|undefined)?\s*\}\}\s*$/;

/**
 * The expression a stored field holds that reads something (`$vars.TAG`), or undefined for an empty field: none,
 * `=` alone, or a literal empty value (LITERAL_EMPTY), which gives nothing wherever it runs. A field whose
 * expression reads something and gives nothing must fail, not act as if empty. Used by the trigger's filters; the
 * team fields keep writtenExpression: n8n saves an empty one switched to Expression as `=`, and a team written as a
 * literal empty value fails rather than act in the credential's team.
 */
export function readingExpression(stored: unknown): string | undefined {
	const text = writtenExpression(stored);
	return text === undefined || LITERAL_EMPTY.test(text) ? undefined : text;
}

/** An expression that gave nothing (`what`: "team", "value"), in every node's words. */
export function expressionGaveNo(what: string): string {
	return `an expression that gave no ${what}`;
}

/** The message of a field whose expression gave nothing (`what`: "team", "value"), in every node's words. */
export function gaveNothing(label: string, what: string): string {
	return `"${label}" is ${expressionGaveNo(what)}`;
}

/**
 * An option's value, or `fallback` for a field never set (left out, or `=` alone). A field stored as an expression
 * that gave nothing (null, undefined: an unset variable, `{{ null }}`) fails through `refuse` in gaveNothing's words,
 * as a team field does (writtenExpression): the version's default taken instead would keep an address meant hashed
 * or removed, or change a window, without a word. Any other value is for the caller's schema to check.
 */
export function optionOrDefault(
	given: unknown,
	stored: unknown,
	label: string,
	fallback: unknown,
	refuse: (message: string, label: string) => Error,
): unknown {
	if (given !== undefined && given !== null) return given;
	if (writtenExpression(stored) !== undefined) throw refuse(gaveNothing(label, 'value'), label);
	return fallback;
}

function holdsExpression(value: unknown): boolean {
	if (typeof value === 'string') return value.startsWith('=');
	if (Array.isArray(value)) return value.some(holdsExpression);
	return isObject(value) && Object.values(value).some(holdsExpression);
}

function isObject(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null;
}
