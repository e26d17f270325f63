/**
 * The ceiling of every wait for a send slot (the credential's Maximum Wait). Rule: one request waits at most
 * that long in all: in the rate limiter's line, after a 429, and for its retries together. A wait the service
 * asks for (Retry-After, or a reset with nothing remaining) that would pass the ceiling is not begun: the item
 * fails at once, saying how long the service asked for and until when by its clock (and what the request already
 * waited), so that no execution sits for hours without an error.
 */

/** Whether a wait of `waitMs`, after `waitedMs` already waited, stays within the ceiling. */
export function fitsCeiling(waitMs: number, waitedMs: number, ceilingMs: number): boolean {
	return waitedMs + waitMs <= ceilingMs;
}

/** Whose rate limit a request spends: the team's (the primary API), or the API key's (the simple interface). */
export type LimitOwner = 'team' | 'API key';

export interface ToldWait {
	/** How long the service asked us to wait, ms (our clock). */
	waitMs: number;
	nowMs: number;
	/** Service time minus ours, ms, when the service told its time; undefined when it did not. */
	serviceOffsetMs?: number;
	ceilingMs: number;
	/** The wait came with a 5xx (maintenance, overload), not with a rate limit used up. */
	unavailable?: boolean;
	limitOf: LimitOwner;
	/** What the request has waited before (in line, after refusals, before retries), counted against the ceiling. */
	waitedMs: number;
	/** The wait is the node's pause after a 429 that told none, not one QRTRAC asked for. */
	untold?: boolean;
	/** An earlier try's answer was lost: the change may have been made all the same. */
	earlierAnswerLost?: boolean;
	/** The request is a read checking a change (checkWait.ts): what was waited is theirs together. */
	checking?: CheckRead;
}

/** A read sent to check a change whose answer was lost, and that change: each named as sent, e.g. `GET /api/…`. */
export interface CheckRead {
	read: string;
	change: string;
}

/** The error for a told wait over the ceiling: what the service asked, until when, and what to do. */
export function toldWaitTooLong(told: ToldWait): { message: string; hint: string } {
	const untilMs = told.nowMs + told.waitMs + (told.serviceOffsetMs ?? 0);
	const clock = told.serviceOffsetMs === undefined ? "n8n's clock" : 'its clock';
	if (told.untold)
		return {
			message: `QRTRAC refused with HTTP 429 without telling how long to wait; the pause of ${seconds(told.waitMs)} s that follows (until ${isoSeconds(untilMs)} by n8n's clock) would pass this node's Maximum Wait of ${ceilingSeconds(told.ceilingMs)} s${andWaited([], told.waitedMs, told.checking)}`,
			hint: `QRTRAC's rate limit for this ${told.limitOf} kept refusing the request, ${told.earlierAnswerLost ? 'but an earlier try got no answer, so QRTRAC may have made the change all the same: check the record in QRTRAC before running the item again.' : 'so nothing was changed.'} ${RUN_LATER} Check whether other workflows or tools use the same ${told.limitOf} at the same time.`,
		};
	return {
		message: `QRTRAC asked to wait ${seconds(told.waitMs)} s (until ${isoSeconds(untilMs)} by ${clock}); that is over this node's Maximum Wait of ${ceilingSeconds(told.ceilingMs)} s${andWaited([], told.waitedMs, told.checking)}`,
		hint: told.unavailable
			? `QRTRAC says it cannot answer until then (maintenance or overload); the request was not sent again. ${RUN_LATER}`
			: `QRTRAC's rate limit for this ${told.limitOf} is used up until then. ${RUN_LATER} Check whether other workflows or tools use the same ${told.limitOf} at the same time.`,
	};
}

const RUN_LATER =
	'Run the items again after that time, or raise Maximum Wait in the QRTRAC credential if waiting that long is fine.';

/**
 * The error for a slot granted past the ceiling: QRTRAC's answers leave the rest of its window to others (another
 * tool, another worker), so the first slot lies after the window's reset, further away than the request may wait.
 */
export function slotTooFar(
	waitMs: number,
	nowMs: number,
	ceiling: { ceilingMs: number; waitedMs: number; checking?: CheckRead },
	limitOf: LimitOwner,
): { message: string; hint: string } {
	return {
		message: `QRTRAC's rate limit leaves no request slot before ${isoSeconds(nowMs + waitMs)} by n8n's clock (${seconds(waitMs)} s from now); that is over this node's Maximum Wait of ${ceilingSeconds(ceiling.ceilingMs)} s${andWaited([], ceiling.waitedMs, ceiling.checking)}`,
		hint: `QRTRAC's answers show the rest of this ${limitOf}'s rate-limit window used by other clients (another tool, or n8n elsewhere), so its next request slot comes after the window's reset. ${RUN_LATER}`,
	};
}

export interface LineWait {
	ceilingMs: number;
	/** What the request has waited so far: in line, after refusals, before retries. */
	waitedMs: number;
	/** How far away the slot granted is, when one was (on the pace's grid, not moved by QRTRAC's answers). */
	slotInMs?: number;
	/** Still in line: about how far away its place's slot is at the current pace, when the limiter knows. */
	placeInMs?: number;
	/** Still in line: how many requests are ahead of it. */
	ahead?: number;
	/** Still in line, its place not estimated yet (QRTRAC's first answer awaited): when it asks again, ms. */
	nextTurnInMs?: number;
	limitOf: LimitOwner;
	/** The request is a read checking a change (checkWait.ts). */
	checking?: CheckRead;
}

/**
 * The error for a request whose slot in the limiter's line would come only after its whole ceiling. It fails
 * before the ceiling is reached, so its slot "would" not come, however long it has waited. A place in line is an
 * estimate: requests ahead may leave or give their slots back, so it is told as "about".
 */
export function lineWaitTooLong(line: LineWait): { message: string; hint: string } {
	return {
		message: `No request slot would come within this node's Maximum Wait of ${ceilingSeconds(line.ceilingMs)} s${andWaited(lineDistance(line), line.waitedMs, line.checking)}`,
		hint: lineHint(line),
	};
}

/**
 * What to do about a line too long, by what holds the request: while QRTRAC's answer to the request sent ahead is
 * awaited (the first, or the first after the limiter restarted when idle), that answer's time, not the rate; with
 * none ahead in line (first, or its slot granted), the requests already sent, at the limit's pace; else the
 * requests ahead, which the limiter cannot tell apart: this execution's own items in flight may be all of them (a
 * pace QRTRAC cut), so the hint does not say whose they are.
 */
function lineHint(line: LineWait): string {
	if (
		line.slotInMs === undefined &&
		line.placeInMs === undefined &&
		line.nextTurnInMs !== undefined
	)
		return `QRTRAC has not answered the request sent ahead of it on the ${line.limitOf}'s rate limit yet, and the requests in line (this execution's items too) wait for that answer, to learn the pace from it. Raise Maximum Wait in the QRTRAC credential above the time QRTRAC takes to answer a request.`;
	const plan = line.limitOf === 'team' ? 'the plan' : 'the Simple Interface Plan';
	const advice = `Run fewer workflows on the same ${line.limitOf} at once, choose ${plan} QRTRAC has you on in the credential, or raise its Maximum Wait.`;
	if (line.slotInMs !== undefined || (line.ahead ?? 0) === 0)
		return `No request is ahead of it in line: the requests already sent on the ${line.limitOf}'s rate limit hold the slots before its own, at the pace the ${line.limitOf}'s limit allows. ${advice}`;
	return `Other requests on the ${line.limitOf}'s rate limit are ahead of it in line: they may be this execution's items or other executions' in this n8n. ${advice}`;
}

/**
 * How far the request is from sending: its slot, its place's slot at the current pace, or (no place estimated
 * while QRTRAC's first answer is awaited) when it asks again, which is the wait that passes the ceiling then.
 */
function lineDistance(line: LineWait): string[] {
	if (line.slotInMs !== undefined) return [`its send slot is ${tenthsUp(line.slotInMs)} s away`];
	const ahead = aheadOf(line.ahead ?? 0);
	if (line.placeInMs !== undefined)
		return [
			`its place in line is about ${tenthsUp(line.placeInMs)} s away at the current pace (${ahead})`,
		];
	if (line.nextTurnInMs === undefined) return [];
	return [
		`its place in line cannot be estimated yet (QRTRAC's first answer is awaited; ${ahead})`,
		`it would ask again in ${tenthsUp(line.nextTurnInMs)} s`,
	];
}

function aheadOf(count: number): string {
	if (count === 0) return 'first in line';
	return `${count.toLocaleString('en-US')} request${count === 1 ? '' : 's'} ahead`;
}

/**
 * The clause after a wait over the ceiling: what the request has already waited (unless nothing), with the change
 * it checks when it is a check read (their waits count together), then `more` (how far its slot is), so that a
 * wait under the ceiling alone does not read as over it. Every figure is rounded up, so those shown always add up
 * to more than the ceiling.
 */
function andWaited(more: string[], waitedMs: number, checking?: CheckRead): string {
	const who = checking
		? `this read, ${checking.read}, and ${checking.change}, whose outcome it checks, have`
		: 'this request has';
	const waited = waitedMs > 0 ? [`${who} already waited ${tenthsUp(waitedMs)} s`] : [];
	const parts = [...waited, ...more];
	return parts.length === 0 ? '' : `: ${parts.join(', and ')}`;
}

/**
 * The ceiling as the credential gives it (2.5 s, not 3 s), to the millisecond and never above it, so that the
 * waits stated, each rounded up, add up to more than it.
 */
export function ceilingSeconds(ms: number): string {
	return (Math.floor(ms) / 1000).toLocaleString('en-US', { maximumFractionDigits: 3 });
}

function seconds(ms: number): string {
	return Math.ceil(ms / 1000).toLocaleString('en-US');
}

/** Seconds to a tenth rounded up (30 ms reads 0.1 s), for waits a whole second would misstate (2.5 s of 3). */
export function tenthsUp(ms: number): string {
	return (Math.ceil(ms / 100) / 10).toLocaleString('en-US', { maximumFractionDigits: 1 });
}

function isoSeconds(ms: number): string {
	return new Date(Math.ceil(ms / 1000) * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
}
