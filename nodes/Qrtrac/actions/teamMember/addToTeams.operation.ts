import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { z } from 'zod';

import type { ParsedItem } from '../../../shared/executor';
import { qrtracApiRequest } from '../../../shared/transport';
import { assignableRoleSchema, emailSchema, idSchema, nonEmptyTextSchema, validateParameters } from '../../../shared/validation';
import { alwaysSendOption, memberEmailField, memberNameField, roleOptions } from '../../descriptions/member';
import { type MemberChange, normalizeEmail, planMemberChange, readMemberRoles, TeamRoster } from '../../helpers/member';

const properties: INodeProperties[] = [
	memberNameField,
	memberEmailField,
	{
		displayName: 'Define Teams',
		name: 'teamsSource',
		type: 'options',
		default: 'fields',
		description: 'Pick the teams in the form, or give each person their own list from the input data',
		options: [
			{ name: 'Using Fields Below', value: 'fields' },
			{ name: 'Using JSON', value: 'json', description: 'A list such as [{"teamId": "team_1", "role": "editor"}]' },
		],
	},
	{
		displayName: 'Teams (JSON)',
		name: 'teamsJson',
		type: 'json',
		default: '[\n  { "teamId": "", "role": "viewer" }\n]',
		required: true,
		displayOptions: { show: { teamsSource: ['json'] } },
		description:
			'List of {teamId, role} objects; role is admin, editor or viewer. Use an expression such as {{ $JSON.teams }} to take it from the item.',
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
					{
						displayName: 'Team Name or ID',
						name: 'teamId',
						type: 'options',
						typeOptions: { loadOptionsMethod: 'getTeamsToJoin' },
						default: '',
						description:
							'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
					},
					{
						displayName: 'Role',
						name: 'role',
						type: 'options',
						options: roleOptions,
						default: 'viewer',
						description: 'Role of the person in this team',
					},
				],
			},
		],
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [alwaysSendOption],
	},
];

export const description = updateDisplayOptions({ show: { resource: ['teamMember'], operation: ['addToTeams'] } }, properties);

/** One request can carry many teams, but an organization has a bounded number of them. */
const MAX_TEAMS = 100;

const inputSchema = z.object({
	name: nonEmptyTextSchema.max(200, 'must be at most 200 characters').describe('Name'),
	email: emailSchema.transform(normalizeEmail).describe('Email'),
	teams: z
		.array(z.object({ teamId: idSchema.describe('Team Name or ID'), role: assignableRoleSchema.describe('Role') }), {
			invalid_type_error: 'must be a list of {"teamId", "role"} objects',
		})
		.min(1, 'must list at least one team')
		.max(MAX_TEAMS, `must list at most ${MAX_TEAMS} teams`)
		.refine((teams) => new Set(teams.map((team) => team.teamId)).size === teams.length, 'must not list a team twice')
		.describe('Teams'),
	alwaysSend: z.boolean(),
});

type Input = z.infer<typeof inputSchema>;

export function parse(this: IExecuteFunctions, itemIndex: number): Input {
	const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const fromJson = this.getNodeParameter('teamsSource', itemIndex, 'fields') === 'json';
	const teams = fromJson
		? parseTeamsJson(this.getNodeParameter('teamsJson', itemIndex, '[]'))
		: (this.getNodeParameter('teams.team', itemIndex, []) as IDataObject[]);
	return validateParameters(
		this,
		inputSchema,
		{
			name: this.getNodeParameter('name', itemIndex, ''),
			email: this.getNodeParameter('email', itemIndex, ''),
			teams: Array.isArray(teams)
				? teams.map((team: IDataObject) =>
						team && typeof team === 'object' ? { teamId: String(team.teamId ?? '').trim(), role: team.role } : team,
					)
				: teams,
			alwaysSend: options.alwaysSend === true,
		},
		itemIndex,
	);
}

/** Teams (JSON) as text or as the list an expression gives; anything else is left for the schema to refuse. */
function parseTeamsJson(value: unknown): unknown {
	if (typeof value !== 'string') return value;
	try {
		return JSON.parse(value) as unknown;
	} catch {
		return 'invalid JSON';
	}
}

/** Reads the members of every team the change-aware items touch, once per execution. */
export async function prepare(this: IExecuteFunctions, items: Array<ParsedItem<Input>>): Promise<TeamRoster> {
	const teamItems = new Map<string, number>();
	for (const { input, itemIndex } of items) {
		if (input.alwaysSend) continue;
		for (const { teamId } of input.teams) if (!teamItems.has(teamId)) teamItems.set(teamId, itemIndex);
	}
	return await TeamRoster.read(this, teamItems);
}

interface TeamOutcome {
	teamId: string;
	role: string;
	result: MemberChange | 'sent';
	previousRole?: string;
	status?: string;
}

/**
 * Adds one person to several teams with one request (POST /teams-api/members/bulk). Change-aware unless Always
 * Send is on: only teams where the person is missing or has another role are sent; when none is, nothing is.
 */
export async function execute(this: IExecuteFunctions, input: Input, itemIndex: number, roster: TeamRoster): Promise<IDataObject> {
	const record = { email: input.email, name: input.name };
	if (input.alwaysSend) {
		await sendBulk(this, input, input.teams, itemIndex);
		const teams: TeamOutcome[] = input.teams.map((team) => ({ ...team, result: 'sent' }));
		return { ...record, result: 'sent', teams: teams as unknown as IDataObject[] };
	}
	return await roster.forPerson(input.email, async () => {
		const teams: TeamOutcome[] = input.teams.map(({ teamId, role }) => {
			const current = roster.member(teamId, input.email);
			const result = planMemberChange(current, role);
			return {
				teamId,
				role,
				result,
				...(result === 'roleChanged' ? { previousRole: current?.role } : {}),
				...(current?.status ? { status: current.status } : {}),
			};
		});
		const changed = input.teams.filter((_, index) => teams[index].result !== 'unchanged');
		if (changed.length > 0) {
			await sendBulk(this, input, changed, itemIndex);
			for (const [index, team] of input.teams.entries()) {
				roster.record(team.teamId, { email: input.email, name: input.name, role: team.role, status: teams[index].status });
			}
		}
		return { ...record, result: changed.length > 0 ? 'updated' : 'unchanged', teams: teams as unknown as IDataObject[] };
	});
}

/**
 * Sends the bulk add. Adding is setting a role, so after an unknown outcome the teams are read again: when every
 * role is in place the request went through; when not, sending it again cannot do harm (the person then exists,
 * so nobody is invited twice); when the teams cannot be read, the item fails.
 */
async function sendBulk(ctx: IExecuteFunctions, input: Input, teams: Input['teams'], itemIndex: number): Promise<void> {
	await qrtracApiRequest(ctx, {
		method: 'POST',
		path: '/teams-api/members/bulk',
		body: { name: input.name, email: input.email, teams },
		itemIndex,
		verifyUnknownOutcome: async () => {
			const roles = await readMemberRoles(ctx, teams.map((team) => team.teamId), input.email, itemIndex).catch(() => undefined);
			if (!roles) return undefined;
			return teams.every((team) => roles.get(team.teamId) === team.role) ? { email: input.email } : null;
		},
	});
}
