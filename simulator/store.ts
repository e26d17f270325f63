import { notFound } from './apiError';
import type { SimulatorClock } from './clock';
import type {
	ApiClient,
	ApiKey,
	LeadCounts,
	Membership,
	Organization,
	QrRecord,
	ScanEvent,
	Team,
	Template,
	User,
} from './model';

export interface StoreConfig {
	/** Base URL the server answers on; image URLs are built from it. */
	publicUrl: string;
	/** Maximum number of non-deleted codes per team, unless a team has its own. */
	quota: number;
	/** Updated-after-time boundary: false = updatedAt > fromTime (the default), true = updatedAt >= fromTime. */
	fromTimeInclusive: boolean;
	/** How many times an invitation may be re-sent to a pending user. */
	resendLimit: number;
	/** Domain every team starts with; short URLs are https://{domain}/{displayId}. */
	platformDomain: string;
	/**
	 * How PUT /qrs-api/{id} applies its body (the contract does not say): `merge` sets the given top-level fields
	 * and keeps the others; `replace` makes the code exactly the body (fields left out fall back to their defaults).
	 */
	putSemantics: PutSemantics;
	/**
	 * Where new codes' `qrImageUrl` points (`{imageBaseUrl}/images/{id}.png`) instead of `publicUrl`: a service
	 * whose images live on another host (e.g. another loopback address, for Download Image's address checks).
	 */
	imageBaseUrl?: string;
	/**
	 * E-mails held as given and compared exactly (case kept), as a service may do (the contract says only
	 * `format: email`); default false: held lower-case, compared without case.
	 */
	exactEmails?: boolean;
	/**
	 * Bulk Add applied team by team in the order listed, stopping at the first team refused (the contract does not
	 * say it is all-or-nothing): the teams before it keep the person. Default false: every team checked first.
	 */
	bulkAddInOrder?: boolean;
}

export type PutSemantics = 'merge' | 'replace';

/** The simulator's data and plain lookups; business rules live in domain/*.ts and work on this. */
export class Store {
	readonly orgs = new Map<string, Organization>();
	readonly teams = new Map<string, Team>();
	readonly users = new Map<string, User>();
	/** Keyed by `${teamId}/${userId}`. */
	readonly memberships = new Map<string, Membership>();
	readonly clients = new Map<string, ApiClient>();
	readonly apiKeys = new Map<string, ApiKey>();
	readonly qrs = new QrIndex();
	readonly templates = new Map<string, Template>();
	/** Scan events per code, kept sorted by scanTime. */
	readonly scans = new Map<string, ScanEvent[]>();
	readonly leads = new Map<string, LeadCounts>();
	readonly teamQuotas = new Map<string, number>();

	constructor(
		readonly clock: SimulatorClock,
		readonly config: StoreConfig,
	) {}

	/** The team, if it belongs to the organization; 400 otherwise (the service does not reveal other orgs' teams). */
	teamOfOrg(orgId: string, teamId: string): Team {
		const team = this.teams.get(teamId);
		if (!team || team.orgId !== orgId)
			throw notFound('Team not found', team ? 'foreign' : 'unknown');
		return team;
	}

	/** In creation order. */
	teamsOfOrg(orgId: string): Team[] {
		return [...this.teams.values()].filter((team) => team.orgId === orgId);
	}

	/** An e-mail as the service holds and compares it (config.exactEmails). */
	heldEmail(email: string): string {
		return this.config.exactEmails ? email : email.toLowerCase();
	}

	userByEmail(orgId: string, email: string): User | undefined {
		const wanted = this.heldEmail(email);
		return [...this.users.values()].find((user) => user.orgId === orgId && user.email === wanted);
	}

	membership(teamId: string, userId: string): Membership | undefined {
		return this.memberships.get(`${teamId}/${userId}`);
	}

	membershipsOfUser(userId: string): Membership[] {
		return [...this.memberships.values()].filter((membership) => membership.userId === userId);
	}

	membershipsOfTeam(teamId: string): Membership[] {
		return [...this.memberships.values()].filter((membership) => membership.teamId === teamId);
	}

	putMembership(membership: Membership): void {
		this.memberships.set(`${membership.teamId}/${membership.userId}`, membership);
	}

	deleteMembership(teamId: string, userId: string): void {
		this.memberships.delete(`${teamId}/${userId}`);
	}

	quotaOf(teamId: string): number {
		return this.teamQuotas.get(teamId) ?? this.config.quota;
	}

	liveQrsOfTeam(teamId: string): QrRecord[] {
		return this.qrs.ofTeam(teamId).filter((qr) => !qr.deleted);
	}

	/** Display ids are unique across the service; soft-deleted codes keep theirs. */
	displayIdTaken(displayId: string, exceptQrId?: string): boolean {
		return this.qrs.withDisplayId(displayId).some((qr) => qr.id !== exceptQrId);
	}

	templatesOfTeam(teamId: string): Template[] {
		return [...this.templates.values()].filter((template) => template.teamId === teamId);
	}
}

/**
 * The codes by id, indexed by team and by Display ID, so that a create's quota and uniqueness checks do not scan
 * every code of the service (a benchmark's team of 10,000 codes made each create slower than the plan allows).
 * Records are checked against the index when read, so a record changed in place by a test stays correct.
 */
export class QrIndex extends Map<string, QrRecord> {
	private readonly byTeam = new Map<string, Set<string>>();
	private readonly byDisplayId = new Map<string, Set<string>>();
	/** Code id -> the versions a write replaced, oldest first (only while `keepVersions`: list drift `listStaleMs`). */
	private readonly earlier = new Map<string, QrRecord[]>();
	private keeping = false;

	/** Whether replaced versions are kept, for a list that answers codes as they stood a while ago. */
	get keepVersions(): boolean {
		return this.keeping;
	}

	/** Off forgets the versions kept: a history with a gap would answer a version older than the code was. */
	set keepVersions(keep: boolean) {
		this.keeping = keep;
		if (!keep) this.earlier.clear();
	}

	override set(id: string, qr: QrRecord): this {
		const previous = this.get(id);
		if (previous) this.unindex(previous);
		if (this.keeping && previous && previous !== qr)
			this.earlier.set(id, [...(this.earlier.get(id) ?? []), previous].slice(-MAX_KEPT_VERSIONS));
		super.set(id, qr);
		add(this.byTeam, qr.teamId, id);
		add(this.byDisplayId, qr.displayId, id);
		return this;
	}

	override delete(id: string): boolean {
		const previous = this.get(id);
		if (previous) this.unindex(previous);
		this.earlier.delete(id);
		return super.delete(id);
	}

	override clear(): void {
		this.byTeam.clear();
		this.byDisplayId.clear();
		this.earlier.clear();
		super.clear();
	}

	/**
	 * The code as it stood at `atMs`: its newest version changed then or before; its first version when every one is
	 * later (a code created since is answered as created).
	 */
	versionAt(qr: QrRecord, atMs: number): QrRecord {
		const versions = [...(this.earlier.get(qr.id) ?? []), qr];
		return versions.filter((version) => version.updatedAt <= atMs).at(-1) ?? versions[0];
	}

	/** Every code of the team, deleted ones included, in creation order. */
	ofTeam(teamId: string): QrRecord[] {
		return [...(this.byTeam.get(teamId) ?? [])]
			.map((id) => this.get(id)!)
			.filter((qr) => qr && qr.teamId === teamId);
	}

	withDisplayId(displayId: string): QrRecord[] {
		return [...(this.byDisplayId.get(displayId) ?? [])]
			.map((id) => this.get(id)!)
			.filter((qr) => qr && qr.displayId === displayId);
	}

	private unindex(qr: QrRecord): void {
		this.byTeam.get(qr.teamId)?.delete(qr.id);
		this.byDisplayId.get(qr.displayId)?.delete(qr.id);
	}
}

/** Most replaced versions kept per code under `keepVersions`. */
const MAX_KEPT_VERSIONS = 20;

function add(index: Map<string, Set<string>>, key: string, id: string): void {
	const ids = index.get(key) ?? new Set<string>();
	index.set(key, ids.add(id));
}
