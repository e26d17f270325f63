/**
 * Runs an operation's `parse` (the input checks every item passes before anything is sent) on the fake context:
 * the validation rules as fast unit tests. Parameters mark with `VALUE` where each item's value goes, as the
 * engine tests read it from `$json.value`.
 */
import type { IDataObject } from 'n8n-workflow';

import * as analytics from '../../nodes/Qrtrac/actions/analytics';
import * as designTemplate from '../../nodes/Qrtrac/actions/designTemplate';
import * as dynamicLink from '../../nodes/Qrtrac/actions/dynamicLink';
import * as qrCode from '../../nodes/Qrtrac/actions/qrCode';
import * as team from '../../nodes/Qrtrac/actions/team';
import * as teamMember from '../../nodes/Qrtrac/actions/teamMember';
import { NODE_VERSIONS } from '../../nodes/Qrtrac/descriptions/layoutVersions';
import type { Operation } from '../../nodes/shared/executor';
import { fakeContext } from './fakeContext';

export const VALUE = '={{ $json.value }}';

const operations: Record<string, Record<string, Operation>> = {
	qrCode: qrCode.operations,
	designTemplate: designTemplate.operations,
	analytics: analytics.operations,
	team: team.operations,
	teamMember: teamMember.operations,
	dynamicLink: dynamicLink.operations,
};

/** A rule of an operation's input: item 0 carries `good`, item 1 `bad`; `message` is the error item 1 gets. */
export interface Refusal {
	rule: string;
	parameters: IDataObject;
	good: unknown;
	bad: unknown;
	message: string;
}

/** What parse gave for one item: its input, or its error as the engine's run reports it. */
export interface ParsedItem {
	input?: unknown;
	error?: { name: string; message: string; description?: string | null; itemIndex?: number };
}

/** `parameters` with every `VALUE` replaced by `value` (at any depth). */
function withValue(parameters: unknown, value: unknown): unknown {
	if (parameters === VALUE) return value;
	if (Array.isArray(parameters)) return parameters.map((entry) => withValue(entry, value));
	if (typeof parameters === 'object' && parameters !== null)
		return Object.fromEntries(
			Object.entries(parameters).map(([key, entry]) => [key, withValue(entry, value)]),
		);
	return parameters;
}

/** Parses one item per value (item i reads `values[i]` where the parameters say `VALUE`). */
export async function parseItems(
	resource: string,
	operation: string,
	parameters: IDataObject,
	values: unknown[] = [undefined],
	typeVersion: number = NODE_VERSIONS[NODE_VERSIONS.length - 1],
): Promise<ParsedItem[]> {
	// stored as the workflow writes them (`VALUE` is the expression), each item reading its own value
	const stored = { resource, operation, ...parameters };
	const { ctx } = fakeContext({
		items: values.map((value) => ({ value }) as IDataObject),
		parameters: (itemIndex) => withValue(stored, values[itemIndex]) as IDataObject,
		stored,
		typeVersion,
	});
	const { parse } = operations[resource][operation];
	const parsed: ParsedItem[] = [];
	for (const itemIndex of values.keys()) {
		try {
			parsed.push({ input: await parse.call(ctx, itemIndex) });
		} catch (caught) {
			const error = caught as Error & {
				description?: string | null;
				context?: { itemIndex?: number };
			};
			parsed.push({
				error: {
					name: error.name,
					message: error.message,
					description: error.description,
					itemIndex: error.context?.itemIndex,
				},
			});
		}
	}
	return parsed;
}
