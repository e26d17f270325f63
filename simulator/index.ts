import type { ShapeDrift } from './answerDrift';
import type { AnswerModes } from './answerModes';
import { NO_LIST_DRIFT, type ListDrift } from './listDrift';
import { NO_CHANGE_DRIFT, type ChangeDrift } from './changeDrift';
import { createClock, type SimulatorClock } from './clock';
import { createFaultInjector, type FaultInjector } from './faults';
import type { ServerContext } from './http/context';
import { PlanBook, type PlanName, type SimplePlanName } from './plans';
import { requestCounter, type LimitShape } from './limitShapes';
import { FixedWindowLimiter, type LimitWindow, type ResetFormat } from './rateLimit';
import type { LoggedRequest } from './requestLog';
import { seedDemoOrganization, type SeededCredentials } from './seed';
import { listen } from './server';
import type { ScanVolume } from './scanVolume';
import { SimulatorState } from './state';
import type { PutSemantics } from './store';

export type { PlanName, SimplePlanName } from './plans';
export type { LimitWindow, ResetFormat } from './rateLimit';
export { LIMIT_SHAPE_KINDS, type LimitShape, type LimitShapeKind } from './limitShapes';
export { LIMIT_WINDOWS, RESET_FORMATS } from './rateLimit';
export type { LoggedRequest } from './requestLog';
export type { FaultInjector, FaultRule, FaultKind, ActiveFault } from './faults';
export type { SimulatorClock } from './clock';
export type { ShapeDrift } from './answerDrift';
export type { AnswerModes } from './answerModes';
export { SHAPE_DRIFTS } from './answerDrift';
export type { ListDrift } from './listDrift';
export { LIST_DRIFT_SWITCHES, NO_LIST_DRIFT } from './listDrift';
export type { ChangeDrift, UpdatedAtFormat } from './changeDrift';
export { UPDATED_AT_FORMATS } from './changeDrift';
export type { PutSemantics } from './store';
export type { SeededCredentials } from './seed';
export type { ScanVolume, SeededVolume } from './scanVolume';
export type { ScanTrafficOptions } from './domain/scanTraffic';
export type { ClientCredentials } from './state';
export type { MemberView, TeamView } from './domain/teams';
export type * from './model';
export { SimulatorState } from './state';
export { QR_IMAGE_MARGIN, QR_IMAGE_SIZE } from './qrImage';
export { REDACTED } from './requestLog';
export { REQUESTS_PER_SECOND, SIMPLE_REQUESTS_PER_MINUTE } from './plans';

export interface SimulatorOptions {
	/** 0 (default) = any free port. */
	port?: number;
	/** Plan of every team: a name or a custom requests-per-second number. Default 'Enterprise'. */
	plan?: PlanName | number;
	/** Plan of every v1 API key: 'Pro' (default), 'Agency' or requests per minute. */
	simplePlan?: SimplePlanName | number;
	/** Added to every answer, in ms. */
	latencyMs?: number;
	/** Non-deleted codes allowed per team. Default 10000. */
	quota?: number;
	/** Format of X-RateLimit-Reset ('none' leaves it out). Default 'epochSeconds'. */
	resetFormat?: ResetFormat;
	/** Window of the primary API's per-team limit: 'second' (default, the plan's rate) or 'minute' (60 x the plan's rate). */
	limitWindow?: LimitWindow;
	/** How a team's requests are counted (limitShapes.ts). Default fixed windows on whole seconds. */
	limitShape?: LimitShape;
	/** Send Retry-After (seconds) on 429. Default false. */
	retryAfter?: boolean;
	/** Updated-after-time includes updatedAt == fromTime. Default false (exclusive). */
	fromTimeInclusive?: boolean;
	/** Seed the demo organization. Default true. */
	seed?: boolean;
	/** Invitation resends allowed per pending user. Default 3. */
	resendLimit?: number;
	/** Request log entries kept (oldest dropped beyond). Default 50000. */
	requestLogLimit?: number;
	/** How PUT /qrs-api/{id} applies its body: 'merge' (default) or 'replace' (see domain/qrCodes.ts). */
	putSemantics?: PutSemantics;
	/** Shape drift kinds applied to successful answers (answerDrift.ts). Default none. */
	shapeDrift?: ShapeDrift[];
	/** How the paginated list and the team header are read (listDrift.ts). Default: as the contract says. */
	listDrift?: Partial<ListDrift>;
	/** Change drift (changeDrift.ts): updatedAt format, capped updated-after answers, late scan fields, Date header offset. */
	changeDrift?: Partial<ChangeDrift>;
	/** Origin new codes' `qrImageUrl` points to instead of the simulator's own (e.g. 'http://127.0.0.2:8080'). */
	imageBaseUrl?: string;
	/** Long waits, trickled, huge, echoing and flagless answers (answerModes.ts). Default none. */
	answerModes?: AnswerModes;
	/** E-mails held as given and compared exactly, case kept (store.ts). Default false: without case. */
	exactEmails?: boolean;
	/** Bulk Add applied team by team, stopping at the first team refused (store.ts). Default false: all or nothing. */
	bulkAddInOrder?: boolean;
	/**
	 * New codes with realistic scans in the demo's Marketing team (scanVolume.ts), e.g. `{codes: 1000,
	 * scansPerCode: 1000}`; needs the demo organization (`seed` not false). Default none.
	 */
	scanVolume?: ScanVolume;
	/** Receives one line per answered request and internal errors; never secrets. */
	log?: (line: string) => void;
}

export interface Simulator {
	/** 'http://127.0.0.1:<port>': the credential's base URL (primary API under /api, simple variant under /v1). */
	url: string;
	/** Owner API client of the demo org in its main team, plus a v1 key of that team (empty when not seeded). */
	credentials: SeededCredentials;
	state: SimulatorState;
	requestLog: LoggedRequest[];
	clearRequestLog(): void;
	/** Plan (rate limit) of one team, or of every team when no id is given. */
	setPlan(plan: PlanName | number, teamId?: string): void;
	/** Plan (per-minute limit) of one v1 key, or of every key. */
	setSimplePlan(plan: SimplePlanName | number, apiKey?: string): void;
	setLatency(ms: number): void;
	setResetFormat(format: ResetFormat): void;
	setLimitWindow(window: LimitWindow): void;
	/** Counts teams' requests in this shape from now on (the counts so far are dropped). */
	setLimitShape(shape: LimitShape): void;
	setRetryAfter(enabled: boolean): void;
	setPutSemantics(semantics: PutSemantics): void;
	/** Replaces the shape drift kinds in effect (none: []). */
	setShapeDrift(drifts: ShapeDrift[]): void;
	/** Replaces the list drift in effect; settings left out are the defaults (none: {}). */
	setListDrift(drift: Partial<ListDrift>): void;
	/** Changes the given change-drift settings; the others stay (defaults: changeDrift.ts NO_CHANGE_DRIFT). */
	setChangeDrift(drift: Partial<ChangeDrift>): void;
	/** Origin of new codes' `qrImageUrl` (undefined: the simulator's own); codes already made keep theirs. */
	setImageBaseUrl(url: string | undefined): void;
	/** Replaces the answer modes in effect (none: {}). */
	setAnswerModes(modes: AnswerModes): void;
	/** E-mails compared exactly from now on (held ones keep the spelling they were held in). */
	setExactEmails(exact: boolean): void;
	/** Bulk Add applied team by team from now on (true), or all or nothing (false). */
	setBulkAddInOrder(inOrder: boolean): void;
	faults: FaultInjector;
	clock: SimulatorClock;
	close(): Promise<void>;
}

export async function startSimulator(options: SimulatorOptions = {}): Promise<Simulator> {
	if (options.scanVolume && options.seed === false)
		throw new Error('scanVolume seeds the demo team: it needs seed (the default)');
	const clock = createClock();
	const state = new SimulatorState(clock, {
		publicUrl: '',
		quota: options.quota ?? 10_000,
		fromTimeInclusive: options.fromTimeInclusive ?? false,
		resendLimit: options.resendLimit ?? 3,
		platformDomain: 'q.qrtrac.com',
		putSemantics: options.putSemantics ?? 'merge',
		imageBaseUrl: options.imageBaseUrl,
		exactEmails: options.exactEmails ?? false,
		bulkAddInOrder: options.bulkAddInOrder ?? false,
	});
	state.qrs.keepVersions = (options.listDrift?.listStaleMs ?? 0) > 0;
	const limitShape = options.limitShape ?? { kind: 'fixed' };
	const context: ServerContext = {
		state,
		faults: createFaultInjector(),
		plans: new PlanBook<PlanName | number>(options.plan ?? 'Enterprise'),
		simplePlans: new PlanBook<SimplePlanName | number>(options.simplePlan ?? 'Pro'),
		perSecond: requestCounter(limitShape, 1000),
		perMinute: new FixedWindowLimiter(60_000),
		teamPerMinute: requestCounter(limitShape, 60_000),
		limitShape,
		limitWindow: options.limitWindow ?? 'second',
		resetFormat: options.resetFormat ?? 'epochSeconds',
		retryAfter: options.retryAfter ?? false,
		latencyMs: options.latencyMs ?? 0,
		shapeDrift: new Set(options.shapeDrift ?? []),
		listDrift: { ...NO_LIST_DRIFT, ...options.listDrift },
		changeDrift: { ...NO_CHANGE_DRIFT, ...options.changeDrift },
		answerModes: { ...options.answerModes },
		requestLog: [],
		requestLogLimit: options.requestLogLimit ?? 50_000,
		timers: new Map(),
		stalled: new Set(),
		log: options.log,
	};
	const running = await listen(context, options.port ?? 0);
	state.config.publicUrl = running.url;
	const credentials: SeededCredentials =
		options.seed === false
			? { teamId: '', clientId: '', clientSecret: '', apiKey: '' }
			: seedDemoOrganization(state);
	if (options.scanVolume) state.seedScanVolume(credentials.teamId, options.scanVolume);

	return {
		url: running.url,
		credentials,
		state,
		requestLog: context.requestLog,
		clearRequestLog: () => {
			context.requestLog.length = 0;
		},
		setPlan: (plan, teamId) => context.plans.set(plan, teamId),
		setSimplePlan: (plan, apiKey) => context.simplePlans.set(plan, apiKey),
		setLatency: (ms) => {
			context.latencyMs = ms;
		},
		setResetFormat: (format) => {
			context.resetFormat = format;
		},
		setLimitWindow: (window) => {
			context.limitWindow = window;
		},
		setLimitShape: (shape) => {
			context.limitShape = shape;
			context.perSecond = requestCounter(shape, 1000);
			context.teamPerMinute = requestCounter(shape, 60_000);
		},
		setRetryAfter: (enabled) => {
			context.retryAfter = enabled;
		},
		setPutSemantics: (semantics) => {
			state.config.putSemantics = semantics;
		},
		setShapeDrift: (drifts) => {
			context.shapeDrift = new Set(drifts);
		},
		setListDrift: (drift) => {
			context.listDrift = { ...NO_LIST_DRIFT, ...drift };
			state.qrs.keepVersions = (drift.listStaleMs ?? 0) > 0;
		},
		setChangeDrift: (drift) => {
			context.changeDrift = { ...context.changeDrift, ...drift };
		},
		setImageBaseUrl: (url) => {
			state.config.imageBaseUrl = url;
		},
		setAnswerModes: (modes) => {
			context.answerModes = { ...modes };
		},
		setExactEmails: (exact) => {
			state.config.exactEmails = exact;
		},
		setBulkAddInOrder: (inOrder) => {
			state.config.bulkAddInOrder = inOrder;
		},
		faults: context.faults,
		clock,
		close: running.close,
	};
}
