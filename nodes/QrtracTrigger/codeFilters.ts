import { sameAt } from '../shared/records/sameValue';

/** The trigger's optional filters on QR codes; all set filters must match. */
export interface CodeFilters {
	/** Allowed `qrType`s, compared as sameAt compares types (a service may answer `web` for WEB); empty allows every type. */
	qrTypes: string[];
	/** A tag the code must carry (case-insensitive). */
	tag?: string;
	/** Text the code's name or display ID must contain (case-insensitive); never sent as the list's `search`. */
	search?: string;
}

/** Whether a code record matches every filter that is set. */
export function matchesFilters(record: Record<string, unknown>, filters: CodeFilters): boolean {
	if (
		filters.qrTypes.length > 0 &&
		!filters.qrTypes.some((type) => sameAt('qrType', type, record.qrType))
	)
		return false;
	if (filters.tag !== undefined) {
		const wanted = filters.tag.toLowerCase();
		const tags = Array.isArray(record.tags) ? record.tags : [];
		if (!tags.some((tag) => String(tag).toLowerCase() === wanted)) return false;
	}
	if (filters.search !== undefined) {
		const needle = filters.search.toLowerCase();
		const haystacks = [record.name, record.displayId].map((value) =>
			typeof value === 'string' ? value.toLowerCase() : '',
		);
		if (!haystacks.some((text) => text.includes(needle))) return false;
	}
	return true;
}

/**
 * A stable text for a filter set, to tell whether a cached list of matching codes is still valid. With a Search,
 * it also says the list was read without the service's `search` ("local"): one saved under the bare key was read
 * with it and may miss codes it left out, so it is listed once again (the scan cursor stays).
 */
export function filtersKey(filters: CodeFilters): string {
	const key = bareKey(filters);
	return JSON.stringify(filters.search === undefined ? key : [...key, LOCAL]);
}

/**
 * Whether `filters` are the ones a watch list saved under `storedKey` was read for: its key, or one that differs
 * only by the "local" marker (a list saved under the bare key, listed once again for the same filters).
 */
export function sameFilters(storedKey: string, filters: CodeFilters): boolean {
	const key = filtersKey(filters);
	return storedKey === key || storedKey === JSON.stringify(bareKey(filters));
}

const LOCAL = 'local';

function bareKey(filters: CodeFilters): [string[], string, string] {
	return [
		[...filters.qrTypes].sort(),
		filters.tag?.toLowerCase() ?? '',
		filters.search?.toLowerCase() ?? '',
	];
}
