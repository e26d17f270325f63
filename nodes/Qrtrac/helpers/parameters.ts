import type { IDataObject, IExecuteFunctions, ILoadOptionsFunctions } from 'n8n-workflow';
import { z } from 'zod';

import { executionNode } from '../../shared/executionNode';
import { isToolNode } from '../../shared/nodeErrors';
import {
	gaveNothing,
	readEditorParameter,
	readParameter,
	storedParameter,
	writtenExpression,
} from '../../shared/parameters';
import {
	asText,
	callsFromAi,
	idSchema,
	itemInputError,
	textIdSchema,
	validateParameters,
} from '../../shared/validation';
import { baseUrlRead, givenValue, locatorId, type StoredField } from '../../shared/api';
import { qrCodeLocator, teamLocator } from '../descriptions/common';
import { VERSION_1_2 } from '../descriptions/layoutVersions';

// The reader lives in shared/ (the trigger uses it too); this re-export serves the files rewritten in parallel
// (createOrUpdate, analytics) until they import shared/parameters themselves.
export { readParameter };

/** The locators with a By URL mode: their label on the form and the record whose address they take. */
const ADDRESSED_LOCATORS = {
	qrCodeId: { label: qrCodeLocator.displayName, record: 'qrCode' },
	teamId: { label: teamLocator.displayName, record: 'team' },
} as const;

/**
 * Reads a resource locator's ID (From List / By ID / By URL), trimmed, for the operation's ID rule (idSchema) to
 * check: a value that is no text stays as it is, to be refused there under the field's label. By URL takes only the
 * record's address on the credential's Base URL (`locatorId`); anything else fails the item before any request.
 */
export function getLocatorValue(
	ctx: IExecuteFunctions,
	name: keyof typeof ADDRESSED_LOCATORS,
	itemIndex: number,
): unknown {
	const { label, record } = ADDRESSED_LOCATORS[name];
	const field = {
		stored: storedParameter(executionNode(ctx).parameters, name),
		resolved: readParameter<unknown>(ctx, name, itemIndex, ''),
	};
	const read = locatorId(field, record, () => baseUrlRead(ctx));
	if (read.problem === undefined) return read.id;
	throw itemInputError(
		executionNode(ctx),
		itemIndex,
		`"${label}" By URL: ${read.problem}`,
		'Nothing was sent to QRTRAC for this item.',
	);
}

/** Team Override under the label of the node's layout (a dropdown until 1.1, a team picker from 1.2). */
const teamOverrideSchemas = {
	dropdown: z.object({ teamOverride: textIdSchema.describe('Team Override Name or ID') }),
	picker: z.object({ teamOverride: textIdSchema.describe('Team (Override)') }),
};

/**
 * The acting team of an operation: the Team Override option when set (a dropdown's value until 1.1, a team
 * picker's from 1.2), else undefined (the credential's team). The value becomes the `x-request-team-id` header
 * and the rate-limit bucket, so it is validated like any ID.
 */
export function getTeamOverride(ctx: IExecuteFunctions, itemIndex: number): string | undefined {
	const picker = atLeastVersion(ctx, VERSION_1_2);
	const raw = overrideValue({
		// a dropdown (until 1.1) holds no locator: what its expression gives is taken as it is
		stored: picker
			? storedParameter(executionNode(ctx).parameters, 'options.teamOverride')
			: undefined,
		resolved: readParameter<IDataObject>(ctx, 'options', itemIndex, {}).teamOverride,
	});
	const schema = teamOverrideSchemas[picker ? 'picker' : 'dropdown'];
	if (raw === undefined) {
		if (!expressionGaveNoTeam(ctx)) return undefined;
		throw itemInputError(
			executionNode(ctx),
			itemIndex,
			`${gaveNothing(String(schema.shape.teamOverride.description), 'team')} for this item`,
			"Nothing was sent to QRTRAC for this item. Give every item a team ID, or remove the option to act in the credential's team.",
		);
	}
	return validateParameters(ctx, schema, { teamOverride: raw }, itemIndex).teamOverride;
}

/**
 * Whether the Team (Override) is an expression (that just resolved to nothing): an item without its team must not
 * act in the credential's team, where a sync's Delete Missing would delete codes. An AI agent's `$fromAI` left
 * empty is the agent choosing no override.
 */
function expressionGaveNoTeam(ctx: IExecuteFunctions): boolean {
	const node = executionNode(ctx);
	const options = node.parameters.options;
	const text = writtenExpression(
		typeof options === 'object' && options !== null
			? (options as IDataObject).teamOverride
			: undefined,
	);
	if (text === undefined) return false;
	return !(isToolNode(node) && callsFromAi(text));
}

/** The team a picker lists from: the Team (Override) of the node being edited, else the credential's team. */
export interface PickerTeam {
	/** The override's team; undefined is the credential's team. */
	teamId?: string;
	/** An override was set but the editor could not resolve it (an expression on the item's data). */
	unresolved?: boolean;
}

/**
 * The Team (Override) of the node being edited, for the "From List" pickers, so that they list the team the
 * operation will act in. The editor resolves expressions before it asks: one it cannot resolve (on the item's
 * data) arrives as null, or as a picker without a value when it gave undefined; that, a raw expression or no valid
 * ID is unresolved (the credential's team is listed, marked). An override left empty is none.
 */
export function getPickerTeam(ctx: ILoadOptionsFunctions): PickerTeam {
	const picked = readEditorParameter<unknown>(ctx, 'options.teamOverride');
	if (picked === undefined) return {};
	// the editor sends the field resolved as far as it can, and nothing else to judge a locator by
	const raw = givenValue({ stored: picked, resolved: picked });
	if (typeof raw === 'string' && raw.trim() === '') return {};
	const id = idSchema.safeParse(asText(raw));
	if (id.success && !id.data.startsWith('=')) return { teamId: id.data };
	return { unresolved: true };
}

/** The operation of the node being edited, for a picker whose first entry means another thing in it. */
export function getEditedOperation(ctx: ILoadOptionsFunctions): unknown {
	return readEditorParameter<unknown>(ctx, 'operation');
}

/**
 * The override's value, a dropdown's (until 1.1) or a picker's (from 1.2); undefined when left empty. An object an
 * expression gave (`{value: "team_b"}`, `{mode: "id", value: "team_b"}`) stays as it is, for the ID rule to refuse.
 */
function overrideValue(field: StoredField): unknown {
	const raw = givenValue(field);
	if (raw === null || (typeof raw === 'string' && raw.trim() === '')) return undefined;
	return raw;
}

/** Whether the node runs as `version` or later (the layout and outputs of layoutVersions.ts). */
export function atLeastVersion(ctx: IExecuteFunctions, version: number): boolean {
	return executionNode(ctx).typeVersion >= version;
}
