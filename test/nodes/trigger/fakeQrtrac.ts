/**
 * A small QRTRAC for trigger polls on a fake context (fakePoll.ts): the team's codes and scans, with the changes
 * answer replaceable, so that a test can answer what a faithful but different service may (versions in another
 * order, repeats). Every answer carries the service's `Date`.
 */
import type { IDataObject } from 'n8n-workflow';

import { ok, refused, type FakeAnswer, type SentRequest } from '../../support/fakeContext';

export type FakeCode = IDataObject & { id: string; updatedAt: number };

export interface FakeQrtrac {
	codes: FakeCode[];
	scans: IDataObject[];
	/** The updated-after answer's data for `fromTime`; unset: the codes changed after it, in the store's order. */
	changes?: (fromTime: number) => unknown;
	/** The list in the store's order whatever `sortBy` asks (a service ignoring it); unset: newest change first. */
	unsorted?: boolean;
}

export function fakeQrtrac(state: FakeQrtrac): (request: SentRequest) => FakeAnswer {
	return (request) => {
		const headers = { date: new Date().toUTCString() };
		const changed = /fromTime\/(\d+)$/.exec(request.url);
		if (changed) {
			const fromTime = Number(changed[1]);
			const data = state.changes
				? state.changes(fromTime)
				: state.codes.filter((code) => code.updatedAt > fromTime);
			return ok(data, headers);
		}
		if (/\/v2\/teams\/?$/.test(request.url)) {
			const live = state.codes.filter((code) => code.deleted !== true);
			if (!state.unsorted) live.sort((a, b) => b.updatedAt - a.updatedAt);
			const page = Number(request.qs?.page ?? 1);
			const limit = Number(request.qs?.limit ?? 10);
			const qrs = live.slice((page - 1) * limit, page * limit);
			return ok({ qrs, totalCount: live.length, page, limit }, headers);
		}
		if (/\/detailed\/all$/.test(request.url)) {
			const { qrIds, startTime, endTime } = request.body as {
				qrIds: string[];
				startTime: number;
				endTime: number;
			};
			const live = (id: string) => state.codes.some((code) => code.id === id && !code.deleted);
			if (!qrIds.every(live)) return refused(400, 'QR not found');
			const inRange = (scan: IDataObject) =>
				qrIds.includes(scan.qrId as string) &&
				(scan.scanTime as number) >= startTime &&
				(scan.scanTime as number) <= endTime;
			return ok(state.scans.filter(inRange), headers);
		}
		const byId = /\/qrs-api\/teams\/([^/]+)$/.exec(request.url);
		if (byId) {
			const code = state.codes.find((held) => held.id === byId[1]);
			return code ? ok(code, headers) : refused(400, 'QR not found');
		}
		throw new Error(`fakeQrtrac: no route for ${request.method} ${request.url}`);
	};
}
