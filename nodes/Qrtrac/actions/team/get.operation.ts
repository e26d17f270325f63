import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { getTeamById } from '../../../shared/api';
import { teamLocator } from '../../descriptions/common';
import { parseTeamTarget, type TeamTarget } from '../../helpers/teamTarget';
import { teamOutput } from './teamChange';

const properties: INodeProperties[] = [teamLocator];

export const description = updateDisplayOptions(
	{ show: { resource: ['team'], operation: ['get'] } },
	properties,
);

export const parse = parseTeamTarget;

/**
 * The team with its domains and members. The request acts in that team (x-request-team-id). Its members as every
 * team operation shows them (teamOutput).
 */
export async function execute(
	this: IExecuteFunctions,
	input: TeamTarget,
	itemIndex: number,
): Promise<IDataObject> {
	return teamOutput(
		this,
		input.teamId,
	)(await getTeamById(this, { teamId: input.teamId, itemIndex }));
}
