import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { z } from 'zod';

import { bulkAddMember, spellingOf } from '../../../../shared/api';
import { loadOptionsField } from '../../../../shared/forms/fields';
import type { ItemResults, Rows, TaskPool } from '../../../../shared/executor';
import { readParameter } from '../../../../shared/parameters';
import {
	assignableRoleSchema,
	flagSchema,
	textIdSchema,
	validateParameters,
} from '../../../../shared/validation';
import { jsonTextSchema } from '../../../../shared/validation/jsonObject';
import { isPlainObject } from '../../../../shared/plainObject';
import { AS_TOOL } from '../../../descriptions/common';
import { CURRENT_LAYOUT, FIRST_LAYOUT } from '../../../descriptions/layoutVersions';
import {
	alwaysSendOptions,
	memberEmailField,
	memberNameField,
	roleField,
} from '../../../descriptions/member';
import { alwaysSendInput, personInput, personShape } from '../person';
import type { Placement } from '../personTurns';
import { sentSpelling } from '../memberChange';
import { placeRows, type HeldSpelling } from '../placeRows';
import { sentUntold, type KnownMember, type RosterMember } from '../rosters';
import { oneSpellingFor, spellingHeld, type AlsoKnown } from '../spellings';
import { planTeams, type TeamOutcome } from './plan';
import { optionSchema } from '../../../../shared/validation/nodeWords';

const TEAMS_SOURCES = ['fields', 'json'] as const;

/**
 * Define Teams. A value the form does not offer (an expression giving "xml") is refused naming the field, not read
 * as Fields, which then fails on a Teams list the user never meant to give.
 */
const teamsSourceSchema = z.object({
	teamsSource: optionSchema(TEAMS_SOURCES).describe('Define Teams'),
});

const teamsSourceField: INodeProperties = {
	displayName: 'Define Teams',
	name: 'teamsSource',
	type: 'options',
	default: 'fields',
	description: 'Pick the teams in the form, or give each person their own list from the input data',
	options: [
		{ name: 'Using Fields Below', value: 'fields' },
		{
			name: 'Using JSON',
			value: 'json',
			description: 'A list such as [{"teamId": "team_1", "role": "editor"}]',
		},
	],
};

const properties: INodeProperties[] = [
	memberNameField,
	memberEmailField,
	{ ...teamsSourceField, displayOptions: { show: FIRST_LAYOUT } },
	{ ...teamsSourceField, displayOptions: { show: CURRENT_LAYOUT, hide: AS_TOOL } },
	// An AI agent passes the teams as a JSON list (its tool description says so): the tool variant starts there.
	{
		...teamsSourceField,
		default: 'json',
		displayOptions: { show: { ...CURRENT_LAYOUT, ...AS_TOOL } },
	},
	{
		displayName: 'Teams (JSON)',
		name: 'teamsJson',
		type: 'json',
		default: '[\n  { "teamId": "", "role": "viewer" }\n]',
		required: true,
		displayOptions: { show: { teamsSource: ['json'] } },
		description:
			"List of {teamId, role} objects; role is admin, editor or viewer. To take it from the item, use an expression that reads the item's teams field.",
	},
	{
		displayName: 'Teams',
		name: 'teams',
		type: 'fixedCollection',
		displayOptions: { show: { teamsSource: ['fields'] } },
		typeOptions: { multipleValues: true },
		placeholder: 'Add Team',
		default: {},
		required: true,
		description: 'The teams to add the person to, each with a role',
		options: [
			{
				displayName: 'Team',
				name: 'team',
				values: [
					loadOptionsField({
						displayName: 'Team Name or ID',
						name: 'teamId',
						method: 'getTeamsToJoin',
					}),
					{ ...roleField, description: 'Role of the person in this team' },
				],
			},
		],
	},
	alwaysSendOptions,
];

export const description = updateDisplayOptions(
	{ show: { resource: ['teamMember'], operation: ['addToTeams'] } },
	properties,
);

/** A row as an agent or a sheet must write it, in the refusals of rows written otherwise. */
const TEAM_ROW = '{"teamId": "<the team\'s id>", "role": "viewer"}';

function misnamed(keys: string[]): string {
	return `is missing: the row has no "teamId" key (its keys: ${keys.join(', ')}); write each team as ${TEAM_ROW}`;
}

/** One request can carry many teams, but an organization has a bounded number of them. */
const MAX_TEAMS = 100;

/**
 * The teams, from the form's rows or Teams (JSON) (text, or the list an expression gives; blank text is no teams):
 * each team ID trimmed. JSON text that does not parse is refused as such, not as "no list". A team ID that is no
 * text (a list, an object, true) stays as it is for the ID rule to refuse: made text, `["team_1"]` would act on
 * team_1. A number is its text (asText); a row without one is empty.
 */
const teamsSchema = jsonTextSchema(
	() => [],
	z.preprocess(
		(teams, ctx) =>
			Array.isArray(teams)
				? teams.map((team: unknown, index) => {
						const refuse = (path: Array<string | number>, message: string) =>
							ctx.addIssue({ code: 'custom', path: [index, ...path], message });
						if (!isPlainObject(team)) refuse([], `row ${index + 1} must be an object ${TEAM_ROW}`);
						else if (team.teamId === undefined && Object.keys(team).some((key) => key !== 'role'))
							// the form's rows hold no other keys: one is a key misnamed (team_id, id), said as such
							refuse(['teamId'], misnamed(Object.keys(team)));
						return isPlainObject(team) ? { teamId: team.teamId ?? '', role: team.role } : team;
					})
				: teams,
		z
			.array(
				z.object({
					teamId: textIdSchema.describe('Team Name or ID'),
					role: assignableRoleSchema.describe('Role'),
				}),
				{
					invalid_type_error: 'must be a list of {"teamId", "role"} objects',
				},
			)
			.min(1, 'must list at least one team')
			.max(MAX_TEAMS, `must list at most ${MAX_TEAMS} teams`)
			.refine(
				(teams) => new Set(teams.map((team) => team.teamId)).size === teams.length,
				'must not list a team twice',
			),
	),
);

const inputShape = { ...personShape, alwaysSend: flagSchema('Always Send') };

const fieldsSchema = z.object({ ...inputShape, teams: teamsSchema.describe('Teams') });

/** Keyed and labelled as the field it comes from, so that a refusal names it (and a tool's argument). */
const jsonSchema = z
	.object({ ...inputShape, teamsJson: teamsSchema.describe('Teams (JSON)') })
	.transform(({ teamsJson, ...input }) => ({ ...input, teams: teamsJson }));

type Input = z.infer<typeof fieldsSchema>;

export function parse(this: IExecuteFunctions, itemIndex: number): Input {
	const input = { ...personInput(this, itemIndex), alwaysSend: alwaysSendInput(this, itemIndex) };
	const given = { teamsSource: readParameter(this, 'teamsSource', itemIndex, 'fields') };
	if (validateParameters(this, teamsSourceSchema, given, itemIndex).teamsSource === 'json')
		return validateParameters(
			this,
			jsonSchema,
			{ ...input, teamsJson: readParameter(this, 'teamsJson', itemIndex, '[]') },
			itemIndex,
		);
	return validateParameters(
		this,
		fieldsSchema,
		{ ...input, teams: readParameter(this, 'teams.team', itemIndex, []) },
		itemIndex,
	);
}

export const kind = 'batch' as const;

/**
 * Adds each person to several teams with one request (POST /teams-api/members/bulk). Change-aware unless Always
 * Send is on: each team's members are read once, only the teams where the person is missing or has another role
 * are sent, and when none is, nothing is. Rows for the same person follow each other (placementTurns).
 */
export async function run(
	this: IExecuteFunctions,
	rows: Rows<Input>,
	results: ItemResults,
	pool: TaskPool,
): Promise<void> {
	await placeRows(this, rows, results, pool, {
		teamIds: (input) => input.teams.map(({ teamId }) => teamId),
		write: async ({ input, itemIndex }, { rosters, decided, sending }) => {
			const { placement, planned, email } = await decided(async ({ current, heldAs }) => {
				const placement = input.alwaysSend ? undefined : await placementOf(input, current);
				const planned = placement && planTeams(input.teams, teamsIn(input, placement));
				const email = await sentEmail(this, input, itemIndex, planned, {
					heldAs,
					listed: listedAs(placement),
					label: async (teamId) => await rosters.teamLabel(teamId, input.email),
				});
				return { placement, planned, email };
			});
			const untold = new Map<string, string>();
			for (const [teamId, member] of placement ?? [])
				if (member === null) untold.set(teamId, await rosters.untoldNote(teamId, input.email));
			sending(email, heldIn(placement));
			return await addToTeams(this, { ...input, email }, itemIndex, planned, untold);
		},
		left: (input, sentIn) => placed(input, sentIn),
	});
}

/**
 * By team, the spelling each of the row's teams holds the person under (those that hold them), including one the
 * node sent there itself (rosters.ts spellingUntold).
 */
function listedAs(placement: Placement | undefined): Map<string, string> {
	return new Map([...heldIn(placement)].map(([teamId, { email }]) => [teamId, email]));
}

/**
 * By team, the person as each of the row's teams holds them, with the spellingUntold mark: a team the row does not
 * send keeps both (placeRows.ts), and one it sends was sent that spelling (sentEmail).
 */
function heldIn(placement: Placement | undefined): Map<string, HeldSpelling> {
	const held = new Map<string, HeldSpelling>();
	for (const [teamId, member] of placement ?? [])
		if (member) held.set(teamId, { email: member.email, spellingUntold: member.spellingUntold });
	return held;
}

/**
 * The e-mail the row sends, one for all its teams: a team sent that lists the person needs its own spelling, one
 * that does not (or may not) the spelling spellingHeld picks from the row's teams and the person's earlier rows;
 * where they need several the row fails unsent (oneSpellingFor). Nothing to send: the one spelling the row's teams
 * list, else as typed.
 */
async function sentEmail(
	ctx: IExecuteFunctions,
	input: Input,
	itemIndex: number,
	planned: ReturnType<typeof planTeams> | undefined,
	held: Required<AlsoKnown> & { heldAs: ReadonlyMap<string, string> },
): Promise<string> {
	const toSend = planned ? planned.toSend : input.teams;
	const knownAs = toSend.some(({ teamId }) => !held.listed.has(teamId))
		? await spellingHeld(ctx, itemIndex, input.email, held.heldAs, held)
		: undefined;
	// By spelling (spellingOf), the teams needing it, and the e-mail first needed in it, sent as is.
	const needed = new Map<string, string[]>();
	const sentAs = new Map<string, string>();
	for (const { teamId } of toSend) {
		const listed = held.listed.get(teamId);
		const email = sentSpelling(
			input.email,
			listed === undefined ? undefined : { email: listed },
			knownAs,
		);
		needed.set(spellingOf(email), [...(needed.get(spellingOf(email)) ?? []), teamId]);
		if (!sentAs.has(spellingOf(email))) sentAs.set(spellingOf(email), email);
	}
	const sent = await oneSpellingFor(ctx, itemIndex, needed, held.label);
	if (sent !== undefined) return sentAs.get(sent) ?? sent;
	const spellings = new Set([...held.listed.values()].map(spellingOf));
	return spellings.size === 1 ? [...spellings][0] : input.email;
}

/** The person in each of the row's teams, in the row's order. */
function teamsIn(input: Input, placement: Placement): RosterMember[] {
	return input.teams.map(({ teamId }) => placement.get(teamId));
}

/** The person in each of the row's teams, by team. */
async function placementOf(
	input: Input,
	current: (teamId: string) => Promise<RosterMember>,
): Promise<Placement> {
	const placement = new Map<string, RosterMember>();
	for (const { teamId } of input.teams) placement.set(teamId, await current(teamId));
	return placement;
}

/** `input` as sent (sentEmail); `planned` from the row's teams as read, none under Always Send. */
async function addToTeams(
	ctx: IExecuteFunctions,
	input: Input,
	itemIndex: number,
	planned: ReturnType<typeof planTeams> | undefined,
	untoldNotes: ReadonlyMap<string, string>,
): Promise<IDataObject> {
	const record = { email: input.email, name: input.name };
	const send = async (teams: Input['teams']) =>
		await bulkAddMember(ctx, { email: input.email, name: input.name, teams, itemIndex });
	if (!planned) {
		await send(input.teams);
		const teams: TeamOutcome[] = input.teams.map((team) => ({ ...team, result: 'sent' }));
		return { ...record, result: 'sent', teams: teams as unknown as IDataObject[] };
	}
	const { toSend } = planned;
	// A team that cannot tell whether the person is in it says why its change was sent (rosters.ts sentUntold).
	const outcomes = planned.outcomes.map((outcome) => {
		const rosterNote = untoldNotes.get(outcome.teamId);
		return rosterNote ? { ...outcome, rosterNote } : outcome;
	});
	const notes = [...untoldNotes].map(([teamId, note]) => `Team ${teamId}: ${note}`).join(' ');
	if (toSend.length > 0)
		await sentUntold(
			send(toSend as Input['teams']).then(() => ({})),
			notes || undefined,
		);
	const untold = outcomes.some((outcome) => outcome.result === 'sent');
	return {
		...record,
		result: toSend.length === 0 ? 'unchanged' : untold ? 'sent' : 'updated',
		teams: outcomes as unknown as IDataObject[],
	};
}

/** The person in each of the row's teams as a row that succeeded left them, under the team's spelling (`sentIn`). */
function placed(input: Input, sentIn: (teamId: string) => string): Array<[string, KnownMember]> {
	return input.teams.map(({ teamId, role }) => [
		teamId,
		{ email: sentIn(teamId), name: input.name, role },
	]);
}
