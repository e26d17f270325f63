import type { IExecuteFunctions, IN8nHttpFullResponse } from 'n8n-workflow';

import { destroyStream, headerValue } from './answerBody';
import { networkFailure, type AttemptFailure } from './attemptFailure';
import { ByteBudget } from './byteBudget';
import { hostName } from './hostName';
import { isIpLiteral, localAddressKind } from './localAddress';
import { getConnection } from './readConnection';
import { redactHost, secretForms } from './redaction';
import { isRedirect, MAX_REDIRECTS, redirectTarget } from './redirects';
import { classifyFailure, decideRetry, retryPolicyWithin } from './retryPolicy';
import { serviceError } from './serviceErrors';
import { cancelledError, isCancelled, napUnlessCancelled } from './slotWait';

/**
 * The uncredentialed download of a public file (the QR image). It is kept apart from the transport because it
 * must never carry the credential: it uses n8n's plain `httpRequest`, follows http(s) redirects itself (each hop
 * checked against the local network, see localAddress.ts), bounds the whole exchange by the Request Timeout, and
 * caps the bytes held per file and across the process.
 */

const MB = 1024 * 1024;

/** Largest image Download Image accepts; QR images are a few kilobytes. */
export const MAX_DOWNLOAD_BYTES = 10 * MB;

/** Bytes of image downloads this process holds at once, across executions: many large files cannot add up. */
export const MAX_DOWNLOAD_BYTES_IN_FLIGHT = 64 * MB;

const bytesInFlight = new ByteBudget(MAX_DOWNLOAD_BYTES_IN_FLIGHT);

type Fetched = { response: IN8nHttpFullResponse } | { refusal: string };

/**
 * Downloads a public file (the QR image): no credential is sent; only http(s) addresses off the local network
 * are followed (the Base URL's own host excepted; redirects included, at most MAX_REDIRECTS); the whole exchange,
 * body included, must end within the Request Timeout; more than `maxBytes` is refused while it streams in.
 */
export async function downloadPublicFile(
	ctx: IExecuteFunctions,
	url: string,
	itemIndex: number,
	maxBytes = MAX_DOWNLOAD_BYTES,
): Promise<{ data: Buffer; contentType?: string }> {
	const connection = await getConnection(ctx);
	const trustedHost = hostName(new URL(connection.baseUrl).hostname);
	// Where an address is named (its scheme is http(s)), its host is service text: shown without the secrets.
	const shown = (at: URL | undefined) => originOf(at, secretForms(connection.secrets));
	const refuse = (message: string) => serviceError(ctx.getNode(), { message, itemIndex });
	const holder = ctx.getExecutionId() || undefined;
	let waitedMs = 0;
	// Once the body ran past its declared size (compressed anyway), the per-file cap is reserved instead.
	let reserveWhole = false;
	for (let attempt = 1; ; attempt++) {
		// n8n's Stop ends the retries as it ends the transport's: nothing more is sent.
		if (isCancelled(ctx)) throw cancelledError(ctx, 'Download Image', itemIndex);
		// One deadline for the attempt: hops, the wait for room and a body that trickles all count.
		const deadline = AbortSignal.timeout(connection.timeoutMs);
		const timedOut = (): AttemptFailure => ({
			kind: 'timeout',
			message: `The QR image did not arrive within the Request Timeout (${connection.timeoutMs / 1000} s)`,
		});
		const hop: { url?: URL } = {};
		const outcome: Fetched | { failure: AttemptFailure } = await fetchFollowingHttp(
			ctx,
			url,
			{ baseUrl: connection.baseUrl, trustedHost, shown },
			deadline,
			hop,
		).catch((error: unknown) => ({
			failure: deadline.aborted ? timedOut() : unreachable(shown(hop.url), error),
		}));
		if ('refusal' in outcome) throw refuse(outcome.refusal);
		let failure: AttemptFailure;
		if ('response' in outcome && outcome.response.statusCode < 300) {
			const { response } = outcome;
			const declared = Number(headerValue(response.headers, 'content-length'));
			const known = Number.isFinite(declared) && declared >= 0;
			if (known && declared > maxBytes) {
				destroyStream(response.body);
				throw refuse(tooLarge(maxBytes));
			}
			const read = await readWithinBudget(
				response.body,
				{ size: known && !reserveWhole ? declared : maxBytes, maxBytes, holder },
				deadline,
			);
			if ('data' in read)
				return { data: read.data, contentType: headerValue(response.headers, 'content-type') };
			if (read.problem === 'tooLarge') throw refuse(tooLarge(maxBytes));
			if (read.problem === 'noRoom') throw refuse(noRoomMessage(connection.timeoutMs, read));
			if (read.problem === 'longer') {
				// fetched again, holding nothing while it waits for the larger room; not a failed attempt
				reserveWhole = true;
				attempt--;
				continue;
			}
			failure = deadline.aborted ? timedOut() : unreachable(shown(hop.url), read.error);
		} else if ('response' in outcome) {
			destroyStream(outcome.response.body);
			const status = outcome.response.statusCode;
			failure = {
				kind: classifyFailure(status, undefined),
				status,
				message: `The QR image could not be downloaded: its address (${shown(hop.url)}) answered HTTP ${status}`,
				hint: IMAGE_HINT,
			};
		} else {
			failure = outcome.failure;
		}
		const decision = decideRetry(
			{
				attempt,
				method: 'GET',
				kind: failure.kind,
				status: failure.status,
				waitedSoFarMs: waitedMs,
			},
			retryPolicyWithin(connection.maxWaitMs),
		);
		if (!decision.retry) throw serviceError(ctx.getNode(), { ...failure, itemIndex });
		waitedMs += await napUnlessCancelled(ctx, decision.delayMs);
	}
}

/**
 * The body, read only once the process-wide budget holds room for all of it (`size`: what it declared, else the
 * per-file cap), so that a waiting download holds nothing. Waiting ends with the deadline. A declared size is
 * the size on the wire: a body the server compressed anyway comes unpacked by n8n, longer than it declared; it
 * is dropped with its room (`longer`), never read on while waiting for more room than it holds.
 */
async function readWithinBudget(
	body: unknown,
	{ size, maxBytes, holder }: { size: number; maxBytes: number; holder?: string },
	deadline: AbortSignal,
): Promise<
	| { data: Buffer }
	| { problem: 'tooLarge' }
	| { problem: 'longer' }
	| ({ problem: 'noRoom' } & RoomWhenTheWaitEnded)
	| { problem: 'failed'; error: unknown }
> {
	let release: () => void;
	try {
		release = await bytesInFlight.reserve(size, deadline, holder);
	} catch {
		destroyStream(body);
		// read as the wait ends: the holders' own deadlines may free their room a moment later
		const own = holder ? bytesInFlight.heldBy(holder) : 0;
		return { problem: 'noRoom', needed: size, held: bytesInFlight.inUse, own };
	}
	const stop = () => destroyStream(body);
	deadline.addEventListener('abort', stop, { once: true });
	try {
		const data = await readCapped(body, size);
		if (deadline.aborted) return { problem: 'failed', error: deadline.reason };
		if (data) return { data };
		return { problem: size < maxBytes ? 'longer' : 'tooLarge' };
	} catch (error) {
		return { problem: 'failed', error };
	} finally {
		deadline.removeEventListener('abort', stop);
		release();
	}
}

/**
 * The public file, following http(s) redirects only, without any credential, each address checked first. A
 * relative `url` is read against the Base URL.
 * Network failures throw (they are retried by the caller); a refusal to follow (a non-http(s) or local address,
 * too many hops) is returned as `refusal`.
 */
async function fetchFollowingHttp(
	ctx: IExecuteFunctions,
	url: string,
	where: { baseUrl: string; trustedHost: string; shown: (url: URL) => string },
	deadline: AbortSignal,
	at: { url?: URL },
): Promise<Fetched> {
	// The contract types qrImageUrl as a bare string: a relative one is read as a link on a page at the Base URL
	// and a slash (`images/a.png` below its path, `/images/a.png` from its host's root).
	let current = httpUrl(url, `${where.baseUrl}/`);
	for (let hop = 0; current; hop++) {
		const refusal = await refusedAddress(ctx, current, where);
		if (refusal) return { refusal };
		at.url = current;
		const response = (await ctx.helpers.httpRequest({
			url: current.href,
			method: 'GET',
			// the image as stored: its Content-Length is then the size the budget reserves (readWithinBudget)
			headers: { 'Accept-Encoding': 'identity' },
			encoding: 'stream',
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			disableFollowRedirect: true,
			abortSignal: deadline,
		})) as IN8nHttpFullResponse;
		if (!isRedirect(response.statusCode)) return { response };
		destroyStream(response.body);
		if (hop >= MAX_REDIRECTS)
			return { refusal: `The QR image redirected more than ${MAX_REDIRECTS} times` };
		current = httpUrl(
			redirectTarget(current.href, headerValue(response.headers, 'location'))?.href ?? '',
		);
	}
	return {
		refusal:
			'The QR image address (or where it redirected) is not an http(s) URL, so it was not fetched',
	};
}

/**
 * Why `url` must not be fetched, or undefined. An address holding a user name or password is refused on any host.
 * The credential's Base URL host is trusted (the user chose it; a
 * local QRTRAC serves its images there). Other hosts: IP literals and local names are judged here; a DNS name is
 * resolved by n8n's egress filter (its `enforced` policy, n8n 2.x) where that exists, and only a blocked address
 * refuses (a name that does not resolve fails on the request itself).
 */
async function refusedAddress(
	ctx: IExecuteFunctions,
	url: URL,
	{ trustedHost, shown }: { trustedHost: string; shown: (url: URL) => string },
): Promise<string | undefined> {
	// n8n would send an address's user name and password as a Basic Authorization header, to any host.
	if (url.username !== '' || url.password !== '')
		return `The QR image address ${shown(url)} was not fetched: it holds a user name or password, and Download Image sends no credentials.`;
	// as DNS reads a host: the root's trailing dot names the same one
	const host = url.hostname.toLowerCase();
	if (hostName(host) === trustedHost) return undefined;
	const refusal = (why: string) =>
		`The QR image address ${shown(url)} was not fetched: it is ${why}. Only the credential's Base URL host (${trustedHost}) may be on this machine or a private network.`;
	const kind = localAddressKind(host);
	if (kind) return refusal(kind);
	if (isIpLiteral(host) || typeof ctx.helpers.getSecureEgressFilter !== 'function')
		return undefined;
	const checked = await ctx.helpers
		.getSecureEgressFilter('enforced')
		.validateUrl(url)
		.catch(() => undefined);
	return checked && !checked.ok
		? refusal(`a name that resolves to ${blockedTarget(checked.error)}`)
		: undefined;
}

/** The address n8n's egress filter named, for the message. */
function blockedTarget(error: Error): string {
	const ip = (error as { ip?: unknown }).ip;
	return typeof ip === 'string'
		? `${ip}, a loopback, private or link-local address`
		: 'a blocked host';
}

function httpUrl(url: string, base?: string): URL | undefined {
	try {
		const parsed = new URL(url, base);
		return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed : undefined;
	} catch {
		return undefined;
	}
}

/** The whole stream, or undefined as soon as it grows beyond `maxBytes` (the rest is not read). */
async function readCapped(body: unknown, maxBytes: number): Promise<Buffer | undefined> {
	if (typeof body === 'string') return readCapped(Buffer.from(body), maxBytes);
	const chunks: AsyncIterable<Buffer | string> | Buffer[] = Buffer.isBuffer(body)
		? [body]
		: (body as AsyncIterable<Buffer | string>);
	const read: Buffer[] = [];
	let size = 0;
	for await (const chunk of chunks) {
		const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
		size += bytes.length;
		if (size > maxBytes) {
			destroyStream(body);
			return undefined;
		}
		read.push(bytes);
	}
	return Buffer.concat(read);
}

/**
 * The image host's refusals and failures are not QRTRAC's: the transport's hints (the code's ID, the credential,
 * QRTRAC's rate limit) would blame the wrong thing, so these name the address and say no credential went there.
 */
const IMAGE_HINT =
	'The code was read; its image is fetched from the address QRTRAC gives in its qrImageUrl, without the QRTRAC credential. Check that address (open it in a browser), or try again later.';

/** Scheme (http or https) and host of an image address, the host without the secrets: its path and query may hold a token, so they are left out. */
function originOf(url: URL | undefined, forms: readonly string[]): string {
	return url ? `${url.protocol}//${redactHost(url.host, forms)}` : 'unknown';
}

function unreachable(origin: string, error: unknown): AttemptFailure {
	const failure = networkFailure(error);
	const reason =
		failure.kind === 'timeout'
			? 'no answer came before the timeout'
			: 'the connection was dropped before an answer came';
	return {
		...failure,
		message: `The QR image could not be downloaded: its address (${origin}) could not be reached (${reason})`,
		hint: IMAGE_HINT,
	};
}

/** The budget when a wait for room ended: bytes held in all, by this execution's other downloads, and asked for. */
type RoomWhenTheWaitEnded = { held: number; own: number; needed: number };

/**
 * Why a download found no room: what was held of the budget and what it asked for. The room this execution's
 * other downloads held (other items, or an agent's parallel tool calls) is named, not blamed on others.
 */
export function noRoomMessage(
	timeoutMs: number,
	{ held, own, needed }: RoomWhenTheWaitEnded,
): string {
	const ofBudget = `${held < MB ? sizeText(held) : megabytes(held)} of the ${MAX_DOWNLOAD_BYTES_IN_FLIGHT / MB} MB`;
	const holders =
		own === 0
			? `other image downloads of this n8n process held ${ofBudget}`
			: `image downloads of this n8n process held ${ofBudget} (${sizeText(own)} of them by other downloads of this execution)`;
	return `The QR image was not downloaded: ${holders}, and room for ${sizeText(needed)} more did not come within the Request Timeout (${timeoutMs / 1000} s)`;
}

/** MB to one decimal ("9.5"), never a few KB shown as a whole MB. */
function megabytes(bytes: number): string {
	return String(Math.round((bytes / MB) * 10) / 10);
}

function sizeText(bytes: number): string {
	return bytes < MB ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${megabytes(bytes)} MB`;
}

function tooLarge(maxBytes: number): string {
	return `The QR image is larger than ${Math.round(maxBytes / MB)} MB and was not downloaded`;
}
