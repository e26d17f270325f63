import { isLive } from './qrCode';

/**
 * Codes' versions in the order they were made, for a sort: by the time `timeOf` reads, then by id (one order for
 * codes of one time), and of two versions of one code stamped alike the deletion last: a service storing whole
 * seconds stamps an update and the deletion after it alike, and lists them in either order.
 */
export function changeOrder<T extends object>(
	timeOf: (version: T) => number,
): (a: T, b: T) => number {
	return (a, b) => compare(timeOf(a), timeOf(b)) || compare(idOf(a), idOf(b)) || deletionLast(a, b);
}

/** A deleted code whose answer gives no time of its change: its creation is no time of its deletion. */
export function deletedWithoutTime(code: { updatedAt?: unknown }): boolean {
	return !isLive(code) && code.updatedAt === undefined;
}

function deletionLast(a: object, b: object): number {
	return Number(!isLive(a)) - Number(!isLive(b));
}

function idOf(version: object): string {
	return String((version as { id?: unknown }).id);
}

function compare<T extends number | string>(a: T, b: T): number {
	return a < b ? -1 : a > b ? 1 : 0;
}
