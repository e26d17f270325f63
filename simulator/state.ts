import type { SimulatorClock } from './clock';
import { createQrFromBody } from './domain/qrCodes';
import { addMember as addTeamMember, findMember as findTeamMember } from './domain/members';
import { addScan, seedScans, type SeedScansOptions } from './domain/scans';
import {
	createTeam,
	setDomainPreferences,
	teamView,
	type MemberView,
	type TeamView,
} from './domain/teams';
import type {
	ApiClient,
	AssignableRole,
	LeadCounts,
	Organization,
	QrRecord,
	ScanEvent,
	Team,
	TeamRole,
	User,
} from './model';
import { randomId, randomSecret } from './random';
import { seedScanVolume, type ScanVolume, type SeededVolume } from './scanVolume';
import { Store, type StoreConfig } from './store';

export interface ClientCredentials {
	teamId: string;
	clientId: string;
	clientSecret: string;
}

/**
 * Direct access to the simulator's data for tests, benchmarks and the demo: seed and inspect without HTTP.
 * Writes go through the same rules as the API (a code created here is validated like a POST).
 */
export class SimulatorState extends Store {
	constructor(clock: SimulatorClock, config: StoreConfig) {
		super(clock, config);
	}

	/** A new organization with its owner (an active user) and a first team. */
	createOrganization(
		name: string,
		owner: { name: string; email: string },
		firstTeamName = 'Main',
	): { org: Organization; owner: User; team: Team } {
		const now = this.clock.now();
		const user: User = {
			id: randomId('usr_'),
			orgId: '',
			name: owner.name,
			email: this.heldEmail(owner.email),
			state: 'active',
			invitationsSent: 0,
			resendCount: 0,
			createdAt: now,
		};
		const org: Organization = { id: randomId('org_'), name, ownerUserId: user.id, createdAt: now };
		user.orgId = org.id;
		this.orgs.set(org.id, org);
		this.users.set(user.id, user);
		return { org, owner: user, team: this.createTeam(org.id, firstTeamName) };
	}

	/** A team with starter templates and the org owner; `domains` (first = default) replace the platform domain. */
	createTeam(orgId: string, name: string, domains?: string[]): Team {
		const team = createTeam(this, orgId, name, 'simulator');
		if (domains)
			setDomainPreferences(this, team, { defaultDomain: domains[0], domains }, 'simulator');
		return team;
	}

	/** Adds (or re-roles) a member; unknown e-mails become pending, invited users. */
	addMember(
		teamId: string,
		member: { name: string; email: string; role: AssignableRole },
	): MemberView {
		const team = this.mustTeam(teamId);
		addTeamMember(this, team, { ...member, email: this.heldEmail(member.email) });
		return this.mustMember(teamId, member.email);
	}

	/** The pending user accepts the invitation and becomes active. */
	acceptInvite(email: string): User {
		const user = this.findUser(email);
		if (!user) throw new Error(`no user ${email}`);
		user.state = 'active';
		return user;
	}

	setMemberState(teamId: string, email: string, state: 'active' | 'paused'): void {
		const { membership } = findTeamMember(this, this.mustTeam(teamId), email);
		this.putMembership({ ...membership, state });
	}

	/** A new API client of the organization; its default team is `teamId` or the org's oldest team. */
	addApiClient(orgId: string, role: TeamRole = 'owner', teamId?: string): ClientCredentials {
		const defaultTeamId = teamId ?? this.teamsOfOrg(orgId)[0]?.id;
		if (!defaultTeamId) throw new Error(`organization ${orgId} has no team`);
		const client: ApiClient = {
			clientId: randomId('cl_', 16),
			clientSecret: randomSecret('cs_'),
			orgId,
			role,
			defaultTeamId,
		};
		this.clients.set(client.clientId, client);
		return { teamId: defaultTeamId, clientId: client.clientId, clientSecret: client.clientSecret };
	}

	/** A v1 bearer key creating codes in `teamId`. */
	addApiKey(teamId: string): string {
		const team = this.mustTeam(teamId);
		const key = randomSecret('qrt_');
		this.apiKeys.set(key, { key, orgId: team.orgId, teamId });
		return key;
	}

	/** Creates a code as the API would (same validation and rules), bypassing HTTP, auth and rate limits. */
	createQr(teamId: string, fields: Record<string, unknown>, actorId = 'simulator'): QrRecord {
		return createQrFromBody(this, this.mustTeam(teamId), fields, actorId);
	}

	/** Like createQr but with createdAt/updatedAt forced, for seeding history. */
	createQrAt(teamId: string, fields: Record<string, unknown>, at: number): QrRecord {
		const qr = this.createQr(teamId, fields);
		return Object.assign(qr, { createdAt: at, updatedAt: at });
	}

	listQrs(teamId: string, options: { includeDeleted?: boolean } = {}): QrRecord[] {
		return this.qrs.ofTeam(teamId).filter((qr) => options.includeDeleted || !qr.deleted);
	}

	/** Any code by id, deleted ones included. */
	getQr(id: string): QrRecord | undefined {
		return this.qrs.get(id);
	}

	seedScans(qrId: string, count: number, options?: SeedScansOptions): ScanEvent[] {
		this.mustQr(qrId);
		return seedScans(this, qrId, count, options);
	}

	/** New codes in the team, each with realistic scans (see scanVolume.ts): a benchmark's or a report's data. */
	seedScanVolume(teamId: string, volume: ScanVolume): SeededVolume {
		this.mustTeam(teamId);
		return seedScanVolume(this, teamId, volume);
	}

	addScan(qrId: string, scan?: Partial<Omit<ScanEvent, 'qrId'>>): ScanEvent {
		this.mustQr(qrId);
		return addScan(this, qrId, scan);
	}

	setLeads(qrId: string, leads: LeadCounts): void {
		this.mustQr(qrId);
		this.leads.set(qrId, { ...leads });
	}

	/** Quota of non-deleted codes for one team, or the default of every team without its own. */
	setQuota(quota: number, teamId?: string): void {
		if (teamId) this.teamQuotas.set(teamId, quota);
		else this.config.quota = quota;
	}

	team(teamId: string): TeamView | undefined {
		const team = this.teams.get(teamId);
		return team && teamView(this, team);
	}

	findUser(email: string, orgId?: string): User | undefined {
		const wanted = this.heldEmail(email);
		return [...this.users.values()].find(
			(user) => user.email === wanted && (!orgId || user.orgId === orgId),
		);
	}

	/** The member as the API shows it, or undefined when the e-mail is not in the team. */
	findMember(teamId: string, email: string): MemberView | undefined {
		return this.team(teamId)?.members.find((member) => member.email === this.heldEmail(email));
	}

	/** Pending (not yet accepted) users, of one organization or all. */
	pendingInvites(orgId?: string): User[] {
		return [...this.users.values()].filter(
			(user) => user.state === 'pending' && (!orgId || user.orgId === orgId),
		);
	}

	/** How often the invitation of this user was re-sent. */
	resendCount(email: string): number {
		return this.findUser(email)?.resendCount ?? 0;
	}

	private mustTeam(teamId: string): Team {
		const team = this.teams.get(teamId);
		if (!team) throw new Error(`no team ${teamId}`);
		return team;
	}

	private mustQr(qrId: string): QrRecord {
		const qr = this.qrs.get(qrId);
		if (!qr) throw new Error(`no QR code ${qrId}`);
		return qr;
	}

	private mustMember(teamId: string, email: string): MemberView {
		const member = this.findMember(teamId, email);
		if (!member) throw new Error(`no member ${email} in ${teamId}`);
		return member;
	}
}
