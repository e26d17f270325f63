/**
 * Path templates like '/qrs-api/{id}/tags' matched segment by segment against the raw (still encoded) path.
 * Literal segments compare exactly, so '/qrs-api/v2/teams/' needs its trailing slash; parameters are decoded.
 * When several templates match, the one with more literal segments wins ('/teams/fromTime/{t}' over '/teams/{id}').
 */
export interface PathTemplate {
	method: string;
	path: string;
}

export interface RouteMatch<R> {
	route: R;
	params: Record<string, string>;
}

export class MalformedPathError extends Error {}

interface Compiled<R> {
	route: R;
	segments: Array<{ literal: string } | { param: string }>;
	literals: number;
}

function compile<R extends PathTemplate>(route: R): Compiled<R> {
	const segments = route.path
		.slice(1)
		.split('/')
		.map((part) => {
			const param = /^\{(\w+)\}$/.exec(part)?.[1];
			return param ? { param } : { literal: part };
		});
	return { route, segments, literals: segments.filter((segment) => 'literal' in segment).length };
}

function decodeSegment(segment: string): string {
	try {
		return decodeURIComponent(segment);
	} catch {
		throw new MalformedPathError(`Malformed path segment: ${segment}`);
	}
}

export function createRouter<R extends PathTemplate>(
	routes: readonly R[],
): (method: string, rawPath: string) => RouteMatch<R> | undefined {
	const compiled = routes.map(compile);
	return (method, rawPath) => {
		const parts = rawPath.slice(1).split('/');
		let best: { entry: Compiled<R>; params: Record<string, string> } | undefined;
		for (const entry of compiled) {
			if (entry.route.method !== method || entry.segments.length !== parts.length) continue;
			if (best && best.entry.literals >= entry.literals) continue;
			const params: Record<string, string> = {};
			const fits = entry.segments.every((segment, index) => {
				if ('literal' in segment) return segment.literal === parts[index];
				if (parts[index] === '') return false;
				params[segment.param] = decodeSegment(parts[index]);
				return true;
			});
			if (fits) best = { entry, params };
		}
		return best && { route: best.entry.route, params: best.params };
	};
}
