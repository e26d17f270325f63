import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { qrtracApiRequestAllPages } from '../../shared/transport';
import { extractQrPage } from './qrCodeLookup';
import { KeyedQueue, TeamRecords } from './teamRecords';

/** Pages of the largest size the list serves: 10,000 codes cost 100 requests. */
const SNAPSHOT_PAGE_SIZE = 100;

/**
 * The live codes of the teams a sync touches, read ONCE per execution (every page, oldest first, so codes created
 * during the walk land on later pages instead of shifting earlier ones) and kept current as the run writes, keyed
 * by the exact Display ID. A team that could not be read fails only the rows that need it. Work on one Display ID
 * is serialized: a second row with the same Display ID waits for the first, then decides from what the first did.
 */
export class TeamCodeSnapshot {
	private readonly queue = new KeyedQueue();

	private constructor(private readonly records: TeamRecords<IDataObject>) {}

	/** Reads each team once; `teamItems` maps a team to the first item needing it, named in the error of a failed read. */
	static async read(ctx: IExecuteFunctions, teamItems: Map<string, number>): Promise<TeamCodeSnapshot> {
		return new TeamCodeSnapshot(
			await TeamRecords.read(teamItems, async (teamId, itemIndex) => await readTeamCodes(ctx, teamId, itemIndex)),
		);
	}

	/** The team's code with this Display ID as known now, or undefined; throws the read error of a team that failed. */
	code(teamId: string, displayId: string): IDataObject | undefined {
		return this.team(teamId).get(displayId);
	}

	/** Every code of the team as known now. */
	codes(teamId: string): IDataObject[] {
		return [...this.team(teamId).values()];
	}

	/** Records a code this run created or changed, so that later rows see it. */
	record(teamId: string, code: IDataObject): void {
		if (typeof code.displayId === 'string') this.records.set(teamId, code.displayId, code);
	}

	/** Runs `task` after every earlier task for the same team and Display ID has settled. */
	async forDisplayId<T>(teamId: string, displayId: string, task: () => Promise<T>): Promise<T> {
		return await this.queue.run(JSON.stringify([teamId, displayId]), task);
	}

	private team(teamId: string): Map<string, IDataObject> {
		const team = this.records.team(teamId);
		if (!team) throw new Error(`The codes of team ${teamId} were not read`);
		return team;
	}
}

async function readTeamCodes(ctx: IExecuteFunctions, teamId: string, itemIndex: number): Promise<Map<string, IDataObject>> {
	const codes = await qrtracApiRequestAllPages<IDataObject>(
		ctx,
		{ method: 'GET', path: '/qrs-api/v2/teams/', query: { sortBy: 'createdAt', sortOrder: 'asc' }, teamId, itemIndex },
		{ returnAll: true, pageSize: SNAPSHOT_PAGE_SIZE, extract: extractQrPage },
	);
	const byDisplayId = new Map<string, IDataObject>();
	for (const code of codes) {
		if (typeof code.displayId === 'string' && code.deleted !== true) byDisplayId.set(code.displayId, code);
	}
	return byDisplayId;
}
