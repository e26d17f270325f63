import type { IExecuteFunctions } from 'n8n-workflow';

import {
	caseTwins,
	getTeamById,
	isUnidentified,
	notFound,
	memberState,
	membershipState,
} from '../../../shared/api';
import { HeldSnapshots } from '../../../shared/heldSnapshots';
import { attempt, withNote } from '../../helpers/outcome';
import { TeamReads } from '../../../shared/teamReads';
import { normalizeEmail } from '../../../shared/records/member';
import { caseTwinsError } from './spellings';

/**
 * How long a roster read serves the node's later runs in the same execution (Loop Over Items). No change feed
 * exists for members, so only this bound and the node's own writes keep it honest: shorter than the codes'.
 */
export const ROSTER_MAX_AGE_MS = 2 * 60_000;
/** Most members held across teams and executions of this process; the least recently used teams go first. */
export const HELD_MEMBERS_CEILING = 100_000;

/**
 * A team's members by e-mail (compared without case), and how many it lists without an e-mail; null when the
 * team's answer lists none (Team.members is optional in the contract): who is in the team is then not known, and
 * changes are sent as version 1.1 sends them.
 */
export type Roster = {
	byEmail: Map<string, KnownMember>;
	/** By e-mail (compared without case), the spellings of accounts listed under it in several (caseTwins). */
	twins: Map<string, string[]>;
	unidentified: number;
	/** The team's name as the same answer gives it, for errors: the form shows teams by name. */
	teamName?: string;
} | null;

/**
 * A member as a roster tells them: undefined is not in the team; null is not known (the roster is not told, or
 * the person may be a member it lists without an e-mail).
 */
export type RosterMember = KnownMember | undefined | null;

const held = new HeldSnapshots<Roster>({
	ceiling: HELD_MEMBERS_CEILING,
	maxAgeMs: ROSTER_MAX_AGE_MS,
});

/** What a run knows about one member of one team. */
export interface KnownMember {
	email: string;
	name?: string;
	/** Absent where the team lists the member without one (a pending invitee may be). */
	role?: string;
	/** pending (invitation not accepted), active or paused, where the service tells it. */
	status?: string;
	/** active or paused in this team, where the service tells it (a pending person may be either). */
	state?: 'active' | 'paused';
	/**
	 * The e-mail is the one the node sent into a team that did not list the person (absent, or not known): the
	 * service never listed it, so it is no spelling a team holds (placeRows.ts reads the team again on a conflict).
	 */
	spellingUntold?: true;
}

/**
 * The members of each team the rows touch, read once per execution (GET /teams-api/{id}) and kept for the
 * node's later runs in it within ROSTER_MAX_AGE_MS. A team that could not be read fails only the rows that need
 * it. Within a run, rows of the same person take over what the row before them left; for later runs, a write
 * puts the member it made in the roster (`wrote`), and a write whose effect is not just that drops the roster
 * (`forget`), so that the next run reads it again.
 */
export class Rosters {
	private readonly reads: TeamReads<Roster>;
	/**
	 * By team and person, what the team read for that person alone (memberNow) told of the team, for the note and
	 * the label of their rows deciding from it: their later rows in the team start from that read, not the run's.
	 */
	private readonly ownReads = new Map<string, TeamTold>();

	constructor(private readonly ctx: IExecuteFunctions) {
		this.reads = new TeamReads(
			ctx,
			{ read: async (_teamId, team, itemIndex) => await readRoster(ctx, team, itemIndex), sizeOf },
			held,
		);
	}

	async member(teamId: string, email: string, itemIndex: number): Promise<RosterMember> {
		return this.find(await this.reads.get(teamId, itemIndex), teamId, email, itemIndex);
	}

	/**
	 * The member, where "not in the team" must come from the service's list as it is now: a roster held from an
	 * earlier run that does not list the person is read again (once per run), since they may have been added since.
	 */
	async listedNow(teamId: string, email: string, itemIndex: number): Promise<RosterMember> {
		const member = await this.member(teamId, email, itemIndex);
		if (member !== undefined) return member;
		return this.find(await this.reads.fresh(teamId, itemIndex), teamId, email, itemIndex);
	}

	/**
	 * The member as the team lists them now, read for this row alone, shared and kept nowhere: after a row of theirs
	 * that failed once its write may have landed, neither this run's read nor their earlier rows tell where they are.
	 */
	async memberNow(teamId: string, email: string, itemIndex: number): Promise<RosterMember> {
		const roster = await readRoster(this.ctx, teamId, itemIndex);
		this.ownReads.set(personInTeam(teamId, email), roster && told(roster));
		return this.find(roster, teamId, email, itemIndex);
	}

	/** The member a person's row decides from (placementTurns): read again for it alone after a failed write. */
	async placed(
		teamId: string,
		email: string,
		itemIndex: number,
		again: boolean,
	): Promise<RosterMember> {
		return again
			? await this.memberNow(teamId, email, itemIndex)
			: await this.member(teamId, email, itemIndex);
	}

	/** The member in a roster read; a row whose e-mail the team lists in several spellings fails, nothing sent. */
	private find(roster: Roster, teamId: string, email: string, itemIndex: number): RosterMember {
		if (roster === null) return null;
		const key = normalizeEmail(email);
		const spellings = roster.twins.get(key);
		if (spellings)
			throw caseTwinsError(this.ctx, itemIndex, teamLabel(teamId, roster.teamName), spellings);
		return roster.byEmail.get(key) ?? notFound(roster.unidentified > 0);
	}

	/**
	 * The output's `rosterNote` for a row of the person (`email`) decided without knowing whether they are in the
	 * team (its member was null): why, from the read their row decided from (theirs alone, else this run's).
	 */
	async untoldNote(teamId: string, email: string): Promise<string> {
		const roster = await this.toldFor(teamId, email);
		return rosterNote(roster ? roster.unidentified : 0);
	}

	/**
	 * The team as an error about the person's (`email`) row names it: "Marketing (team_1)" when the read their row
	 * decided from gave a name, else its id. No request of its own: a name the read did not give is not looked up.
	 */
	async teamLabel(teamId: string, email: string): Promise<string> {
		return teamLabel(teamId, (await this.toldFor(teamId, email))?.teamName);
	}

	/** What the read the person's rows in the team decide from told: their own (memberNow), else this run's. */
	private async toldFor(teamId: string, email: string): Promise<TeamTold | undefined> {
		const key = personInTeam(teamId, email);
		if (this.ownReads.has(key)) return this.ownReads.get(key);
		return await this.reads.ifRead(teamId);
	}

	/**
	 * The member as a write left them (the role set), keeping what the roster told of their status and e-mail. A
	 * team this run did not read (Always Send) is let go: a roster held from an earlier run may not list them.
	 */
	async wrote(teamId: string, member: KnownMember): Promise<void> {
		const roster = await this.reads.ifRead(teamId);
		// a team read this run whose answer lists no members (null) has nothing to update, but stays read
		if (roster === undefined) return await this.forget(teamId);
		if (roster === null) return;
		const email = normalizeEmail(member.email);
		const before = roster.byEmail.get(email);
		roster.byEmail.set(email, {
			...before,
			...member,
			email: before?.email ?? member.email,
			name: member.name ?? before?.name,
			spellingUntold: before ? before.spellingUntold : member.spellingUntold,
		});
		await this.reads.resized(teamId, roster);
	}

	/** The team's roster is no longer known: the node's later runs read it again. */
	async forget(teamId: string): Promise<void> {
		await this.reads.forget(teamId);
	}

	/** No roster held for this credential is known any more (Delete Completely reaches every team): read again. */
	async forgetAll(): Promise<void> {
		await this.reads.forgetAllTeams();
	}
}

/** What a read of a team told besides its members: null where its answer lists none. */
type TeamTold = Pick<NonNullable<Roster>, 'unidentified' | 'teamName'> | null;

function told(roster: NonNullable<Roster>): TeamTold {
	return { unidentified: roster.unidentified, teamName: roster.teamName };
}

/** One person in one team, as rows of the same person (e-mail without case) are one (personTurns.ts). */
function personInTeam(teamId: string, email: string): string {
	return JSON.stringify([teamId, normalizeEmail(email)]);
}

async function readRoster(
	ctx: IExecuteFunctions,
	teamId: string,
	itemIndex: number,
): Promise<Roster> {
	const { members, name } = await getTeamById(ctx, { teamId, itemIndex });
	if (!members) return null;
	const byEmail = new Map<string, KnownMember>();
	const twins = new Map<string, string[]>();
	let unidentified = 0;
	for (const member of members) {
		if (isUnidentified(member)) {
			unidentified++;
			continue;
		}
		const email = member.email as string;
		const key = normalizeEmail(email);
		const spellings = byEmail.has(key) && !twins.has(key) && caseTwins(members, email);
		if (spellings) twins.set(key, spellings);
		byEmail.set(key, {
			email,
			name: typeof member.name === 'string' ? member.name : undefined,
			role: member.role,
			status: memberState(member),
			state: membershipState(member),
		});
	}
	return { byEmail, twins, unidentified, teamName: shownName(name) };
}

/** A team as an error names it: "Marketing (team_1)" where its answer gave a name fit to show, else its id. */
export function teamLabel(teamId: string, name: unknown): string {
	const shown = shownName(name);
	return shown ? `${shown} (${teamId})` : teamId;
}

/** Longest team name an error quotes: a service's name is text of any length. */
const MAX_SHOWN_NAME = 60;

/** A team name fit for an error's title: text, on one line, not blank, cut to MAX_SHOWN_NAME characters. */
function shownName(name: unknown): string | undefined {
	if (typeof name !== 'string') return undefined;
	const line = name.replace(/\s+/g, ' ').trim();
	if (!line) return undefined;
	return line.length > MAX_SHOWN_NAME ? `${line.slice(0, MAX_SHOWN_NAME - 1)}…` : line;
}

/**
 * Why a change was sent without knowing whether the person is in the team, for the item: the team lists
 * `unidentified` members without an e-mail, or (0) its answer lists no members.
 */
export function rosterNote(unidentified: number): string {
	const why =
		unidentified > 0
			? hiddenMembers(unidentified)
			: "QRTRAC's answer about the team lists no members";
	return `Sent without checking what already holds: ${why}. The result is QRTRAC's answer.`;
}

/** Why a team listing `unidentified` (> 0) members without an e-mail cannot tell whether it lists the person. */
export function hiddenMembers(unidentified: number): string {
	return `the team lists ${unidentified} member${unidentified === 1 ? '' : 's'} without an e-mail, who may be this person`;
}

/**
 * A change sent without knowing whether the person is in the team: the service's answer stands, and the item says
 * why it was sent (`note`, from `untoldNote`), as `rosterNote` or leading a failure's description.
 */
export async function sentUntold<T extends object>(
	request: Promise<T>,
	note: string | undefined,
): Promise<T & { rosterNote?: string }> {
	const sent = await attempt(request);
	if ('failed' in sent) throw withNote(sent.failed, note ?? '');
	return note ? { ...sent.done, rosterNote: note } : sent.done;
}

function sizeOf(roster: Roster): number {
	return roster ? roster.byEmail.size + roster.unidentified : 1;
}
