import type { IExecuteFunctions } from 'n8n-workflow';

import {
	findTakenDisplayId,
	indexTeamQrsByDisplayId,
	type DisplayIdIndex,
	type ListedHolder,
	type QrCode,
	type TeamDisplayId,
	type TeamListing,
} from './api';
import { feedFrom, heldCodes, type TeamCodes } from './teamCodes';
import { TeamReads } from './teamReads';

/**
 * The team's list for the look-up of a Display ID QRTRAC refused as taken (api/takenDisplayId.ts), so that a
 * refusal naming no holder (a quota, a validation: the contract gives all of them as 400, their words are not in
 * it) costs one request a row, not a walk of the whole list: the sync's snapshot where it tells (no code held the
 * Display ID when it was read), else a walk read at most once per team and execution (held for the node's later
 * runs, as the sync's snapshots are) and brought up to date by the changes since, which each look-up reads.
 */

interface Walk {
	index: DisplayIdIndex;
	readAtServiceMs: number;
}

/**
 * Under the sync's ceiling and age bound: one budget of codes held in the process. A walk yields: it never pushes
 * out the sync's snapshot, which serves every batch.
 */
const heldWalks = heldCodes.alongside<Walk>('walk', { yields: true });

export class TakenDisplayIdLookUp implements TeamListing {
	private readonly walks: TeamReads<Walk>;

	/** `snapshot`: the sync's snapshots of the run, which tell of the Display IDs its rows took from them. */
	constructor(
		private readonly ctx: IExecuteFunctions,
		private readonly snapshot?: TeamCodes,
	) {
		this.walks = new TeamReads(
			ctx,
			{
				read: async (teamId, team, itemIndex) =>
					await indexTeamQrsByDisplayId(ctx, {
						teamId,
						itemIndex,
						purpose: `the look-up of a Display ID QRTRAC refused as taken in team ${team} (the search showed no code holding it)`,
					}),
				sizeOf: (walk) => walk.index.size,
			},
			heldWalks,
		);
	}

	/** The team's live code holding `displayId` after QRTRAC refused a create with it (findTakenDisplayId). */
	async find({ displayId, teamId, itemIndex }: TeamDisplayId): Promise<QrCode | undefined> {
		return await findTakenDisplayId(this.ctx, { displayId, teamId, itemIndex }, this);
	}

	async held({ displayId, teamId, itemIndex }: TeamDisplayId): Promise<ListedHolder | undefined> {
		const unheldAt = await this.snapshot?.unheldSince(teamId, displayId);
		if (unheldAt !== undefined) return { code: undefined, changesFrom: feedFrom(unheldAt) };
		const walk = await this.walks.ifKept(teamId);
		return walk && said(walk, displayId, itemIndex);
	}

	async read(
		{ displayId, teamId, itemIndex }: TeamDisplayId,
		fresh: boolean,
	): Promise<ListedHolder> {
		const walk = fresh
			? await this.walks.fresh(teamId, itemIndex)
			: await this.walks.get(teamId, itemIndex);
		return said(walk, displayId, itemIndex);
	}
}

function said(walk: Walk, displayId: string, itemIndex: number): ListedHolder {
	return {
		code: walk.index.find(displayId, itemIndex),
		changesFrom: feedFrom(walk.readAtServiceMs),
	};
}
