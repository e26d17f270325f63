import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import { z } from 'zod';

import { locatorId, type StoredField } from '../shared/api';
import {
	gaveNothing,
	optionOrDefault,
	readingExpression,
	readPollParameter,
	writtenExpression,
} from '../shared/parameters';
import {
	asText,
	caselessChoice,
	flagSchema,
	textIdSchema,
	textOnlyEntrySchema,
} from '../shared/validation';
import { caselessOption, entryOf, optionSchema, shownValue } from '../shared/validation/nodeWords';
import { QR_TYPE_LABELS, QR_TYPES, qrTypeOf } from '../shared/forms/qrCodeTypes';
import {
	defaultIpAddressMode,
	ipPrivacyOptions,
	ipPrivacyShape,
	type IpAddressMode,
} from '../shared/records/ipPrivacy';
import type { ChangeKind } from './changeCursor';
import type { CodeFilters } from './codeFilters';
import { operationError } from '../shared/nodeErrors';
import { checked, gaveNothingError } from './settingChecks';
import { numberText } from '../shared/validation/count';

/** Default overlap: covers service clocks that disagree by up to +-5 s with room to spare. */
export const DEFAULT_OVERLAP_SECONDS = 15;

/**
 * How far back (n8n's clock) the first poll looks to learn the service's time without reporting anything. It
 * must exceed any clock difference between n8n and QRTRAC, or changes right after activation could be missed.
 */
export const FIRST_POLL_LOOKBACK_MS = 5 * 60_000;

/** Most versions (or scans) remembered at the window's edge; bounds the workflow's static data. */
export const MAX_SEEN = 10_000;

/** `endTime` of scan queries is the later of n8n's clock and the service's present, plus this: nothing new is left out. */
export const SCAN_END_MARGIN_MS = 60 * 60_000;

/**
 * Most scan time one pass over the watched codes reads: a poll after a long pause (the workflow off for a week)
 * reads it day by day (scanPass.ts), so that it can stop between days.
 */
export const MAX_SCAN_SPAN_MS = 86_400_000;

/**
 * A poll starts no further chunk of 100 codes, nor day when catching up, once it has this many scans to report; the
 * next polls continue. Bounds a poll's memory and items (to this plus one chunk's day) after a long pause.
 */
export const MAX_SCANS_PER_POLL = 10_000;

/** How far back "Fetch Test Event" looks for a sample scan. */
export const SAMPLE_SCAN_LOOKBACK_MS = 30 * 86_400_000;

/**
 * The stretches "Fetch Test Event" reads, newest first, each only when the later ones held no scan; the last reaches
 * SAMPLE_SCAN_LOOKBACK_MS. A busy team's last hour holds its newest scan; its day can hold 864,000 (10 scans/s).
 */
export const SAMPLE_SCAN_LOOKBACKS_MS = [3_600_000, 86_400_000, SAMPLE_SCAN_LOOKBACK_MS];

export type TriggerOn = 'codeChanges' | 'newScans';

export interface TriggerSettings {
	triggerOn: TriggerOn;
	events: ChangeKind[];
	/** Code changes of every team of the organization instead of one. */
	allTeams: boolean;
	/** Team to watch; undefined means the credential's team. */
	teamId?: string;
	filters: CodeFilters;
	includeExisting: boolean;
	overlapMs: number;
	/** New Scans: the IP address hashed, kept or removed (ipPrivacy.ts); hashed from version 1.1 unless set. */
	ipAddress: IpAddressMode;
	/** The IP Hash Key; undefined: the key derived from the workflow and the credential. */
	ipHashKey?: string;
}

/** The first trigger version whose New Scans hash the IP address unless told otherwise. */
export const TRIGGER_VERSION_1_1 = 1.1;

const includeExistingSchema = flagSchema('Include Existing Codes on First Poll');

const CHANGE_KINDS = ['created', 'updated', 'deleted'] as const satisfies readonly ChangeKind[];

/**
 * Teams to Watch: one of its options exactly. Any other value an expression gives (`"All"`, `"organization"`) is
 * refused, not read as One Team: it would watch only the credential's team, another team's changes never reported.
 */
const scopeSchema = optionSchema(['all', 'team']).describe('Teams to Watch');

/**
 * The trigger's parameters, normalised: events and QR types as the options write them, blank filters left out, the
 * overlap bounded.
 */
export function readSettings(ctx: IPollFunctions, baseUrl: string): TriggerSettings {
	const triggerOn = readPollParameter<TriggerOn>(ctx, 'triggerOn', 'codeChanges');
	// Events is shown, and read, only for Code Changes.
	const events =
		triggerOn === 'codeChanges'
			? checked(ctx, eventsSchema, readPollParameter(ctx, 'events', [...CHANGE_KINDS]))
			: [];
	const allTeams =
		triggerOn === 'codeChanges' &&
		checked(ctx, scopeSchema, readPollParameter(ctx, 'scope', 'team')) === 'all';
	// A dropdown's text (version 1) or a team picker's value (1.1), an address By URL read against the Base URL.
	const team = allTeams ? '' : readTeam(ctx, baseUrl);
	if (!allTeams && !team) refuseEmptyTeamExpression(ctx);
	const filters = readPollParameter<IDataObject>(ctx, 'filters', {});
	const options = readPollParameter<IDataObject>(ctx, 'options', {});
	// A field never set takes its default; one whose expression gave nothing fails, as in the Scan operations.
	const stored = (ctx.getNode().parameters.options ?? {}) as IDataObject;
	const overlapSeconds = checked(
		ctx,
		overlapSchema,
		optionOrDefault(
			options.overlapSeconds,
			stored.overlapSeconds,
			String(overlapSchema.description),
			DEFAULT_OVERLAP_SECONDS,
			(message, label) => gaveNothingError(ctx, message, label),
		),
	);
	// Code Changes has no IP address: the option is not read there.
	const ip: { ipAddress: IpAddressMode; ipHashKey?: string } =
		triggerOn === 'newScans'
			? checked(
					ctx,
					ipOptionsSchema,
					ipPrivacyOptions(
						options,
						stored,
						ctx.getNode().typeVersion >= TRIGGER_VERSION_1_1,
						(message, label) => gaveNothingError(ctx, message, label),
					),
				)
			: { ipAddress: defaultIpAddressMode(ctx.getNode().typeVersion >= TRIGGER_VERSION_1_1) };
	return {
		triggerOn,
		events,
		allTeams,
		teamId: team || undefined,
		filters: readFilters(ctx, filters),
		// a switch as the Scan operations read one: true, false or that text; other text, or an expression giving
		// nothing, fails, never taken as off
		includeExisting:
			triggerOn === 'codeChanges' &&
			checked(
				ctx,
				includeExistingSchema,
				optionOrDefault(
					options.includeExisting,
					stored.includeExisting,
					String(includeExistingSchema.description),
					false,
					(message, label) => gaveNothingError(ctx, message, label),
				),
			),
		overlapMs: Math.min(3600, Math.max(1, overlapSeconds)) * 1000,
		ipAddress: ip.ipAddress,
		ipHashKey: ip.ipHashKey,
	};
}

/** The Team field's label as the node's version shows it. */
function teamLabel(ctx: IPollFunctions): string {
	return ctx.getNode().typeVersion >= TRIGGER_VERSION_1_1 ? 'Team' : 'Team Name or ID';
}

/** References to item data, which a poll does not have: `$json`, `$input`, `$binary`, `$('…')`, `$node[…]`, `$item`. */
const ITEM_DATA = /\$(?:json|input|binary|item)\b|\$\(|\$node\s*[[.]|\$items\b/;

/**
 * The Team's ID, trimmed; '' when left empty. By URL takes only a team's address on the credential's Base URL
 * (`locatorId`). An expression reading item data that n8n cannot resolve fails under the field's label: a poll has
 * no input item, so `$json` fails with n8n's "hasn't been executed", which names neither. Any other error is n8n's
 * own, told as it is. The ID becomes the `x-request-team-id` header, so it is held to the ID rule (idSchema) before
 * any request: a list would be watched as its text, `team_a,team_b`.
 */
function readTeam(ctx: IPollFunctions, baseUrl: string): string {
	const read = locatorId(readStoredTeam(ctx), 'team', () => baseUrl);
	if (read.problem !== undefined)
		throw operationError(ctx.getNode(), `"${teamLabel(ctx)}" By URL: ${read.problem}`, {
			description: 'Nothing was read from QRTRAC.',
		});
	return read.id === '' ? '' : checked(ctx, textIdSchema.describe(teamLabel(ctx)), read.id);
}

/** The Team as stored (a team picker, 1.1; version 1's dropdown holds no locator) and as its expression gave it. */
function readStoredTeam(ctx: IPollFunctions): StoredField {
	const node = ctx.getNode();
	const stored = node.typeVersion >= TRIGGER_VERSION_1_1 ? node.parameters.team : undefined;
	const read = () => ({ stored, resolved: readPollParameter<unknown>(ctx, 'team', '') });
	const expression = writtenExpression(node.parameters.team);
	if (expression === undefined || !ITEM_DATA.test(expression)) return read();
	try {
		return read();
	} catch (error) {
		throw operationError(node, `"${teamLabel(ctx)}" is an expression that could not be read`, {
			description: `A trigger has no input item, so $json is empty here. Give a team ID, an expression without $json (for example $vars), or leave the field empty to watch the credential's team. n8n said: ${(error as Error).message}`,
		});
	}
}

/** A Team whose expression gave nothing must not watch the credential's team (shared/parameters.ts' rule). */
function refuseEmptyTeamExpression(ctx: IPollFunctions): void {
	const node = ctx.getNode();
	if (writtenExpression(node.parameters.team) === undefined) return;
	throw operationError(node, gaveNothing(teamLabel(ctx), 'team'), {
		description:
			"Nothing was read from QRTRAC. Make the expression give a team ID, or leave the field empty to watch the credential's team.",
	});
}

/** The IP options of New Scans, checked as the Scan operations check them (shared/records/ipPrivacy.ts). */
const ipOptionsSchema = z.object(ipPrivacyShape);

/**
 * A QR Types entry: a type in any case is that type, as codes' types are compared (`"web"`); the form's name of a
 * type (`"Website"`) is refused naming the type meant, as it would match no code, without a word; any other text is
 * kept, as a code's `qrType` may be any text (the contract). No number: 2026 is refused by its entry.
 */
const qrTypeEntrySchema = textOnlyEntrySchema.transform((text, context): string => {
	const type = qrTypeOf(text.trim());
	if (type !== undefined) return type;
	const named = caselessOption(Object.values(QR_TYPE_LABELS), text);
	if (named === undefined) return text.trim();
	const meant = QR_TYPES.find((candidate) => QR_TYPE_LABELS[candidate] === named)!;
	context.addIssue({
		code: z.ZodIssueCode.custom,
		message: `${entryOf(context.path)}is the form's name of a type, not the type: give ${JSON.stringify(meant)}, not ${shownValue(text)}`,
	});
	return z.NEVER;
});

/**
 * The QR Types filter: anything but a list (`"WEB"`) is refused; left out, an empty list; each type once (a
 * repeat would be named twice in the test event's words).
 */
const qrTypesSchema = z
	.preprocess(
		(value) => value ?? [],
		z.array(qrTypeEntrySchema, { invalid_type_error: 'must be a list' }),
	)
	// a blank entry (an empty variable, `{{ [$vars.TYPE] }}`) is no type: left out, as QR Code IDs leave one out
	.transform((types) => [...new Set(types.filter((type) => type !== ''))])
	.describe('QR Types');

/** A text filter: a number is its text; left empty, no filter. A boolean or an object is refused. */
const textFilterSchema = (label: string) =>
	z
		.preprocess((value, context) => asText(value ?? undefined, context), z.string().optional())
		.transform(blankToUndefined)
		.describe(label);

/**
 * The Overlap Window: a number, or text of one (an expression's); anything else fails naming the field. Read as 0 or
 * the default instead, an empty variable would shrink the window to its 1 s minimum without a word.
 */
const overlapSchema = z
	.preprocess(
		numberText,
		z
			.number({ invalid_type_error: 'must be a number of seconds' })
			.finite('must be a number of seconds'),
	)
	.describe('Overlap Window (Seconds)');

/**
 * Events: a list of the known ones, the case not counting. An event none of them (`"renamed"`) is refused by its
 * entry, and so is an empty list: the trigger would miss those changes, or watch nothing, without a word.
 */
const eventsSchema = z
	.array(caselessChoice(CHANGE_KINDS), { invalid_type_error: 'must be a list' })
	.transform((events) => [...new Set(events)])
	.refine((events) => events.length > 0, {
		message: `must give at least one of ${CHANGE_KINDS.join(', ')}`,
	})
	.describe('Events');

/**
 * The filters: left out, one would let every code through, so a value of the wrong kind fails naming the field,
 * before any request. QR Types left empty (n8n gives no key) is no filter.
 */
const filtersSchema = z.object({
	qrTypes: qrTypesSchema,
	tag: textFilterSchema('Tag'),
	search: textFilterSchema('Name or Display ID Contains'),
});

/**
 * The filters as given. A filter written as an expression that reads something and gives no value (null, blank
 * text, an empty list: a `$vars.TAG` empty in this environment) fails too: the user meant a filter, and an empty
 * field means none. An expression of a literal empty value (`{{ [] }}`, what n8n's editor saves for an empty QR
 * Types switched to Expression) is an empty field (shared/parameters.ts `readingExpression`).
 */
function readFilters(ctx: IPollFunctions, given: IDataObject): CodeFilters {
	const filters = checked(ctx, filtersSchema, given);
	const written = (ctx.getNode().parameters.filters ?? {}) as IDataObject;
	for (const [key, field] of Object.entries(filtersSchema.shape)) {
		const value = filters[key as keyof CodeFilters];
		const none = value === undefined || (Array.isArray(value) && value.length === 0);
		if (none && readingExpression(written[key]) !== undefined)
			throw operationError(ctx.getNode(), gaveNothing(field.description ?? key, 'value'), {
				description:
					'Nothing was read from QRTRAC. Make the expression give a value (a variable it reads may be empty here), or set the field to Fixed and leave it empty to filter nothing.',
			});
	}
	return filters;
}

function blankToUndefined(value: unknown): string | undefined {
	const text = typeof value === 'string' ? value.trim() : '';
	return text || undefined;
}
