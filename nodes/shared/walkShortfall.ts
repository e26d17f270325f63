/**
 * Why a page walk (pagination.ts) holds fewer codes than the service announced, in words for the caller's error;
 * undefined when the walk is whole.
 */

import type { PageCollector } from './pagination';

/** Why the walk holds fewer codes than announced, in words; undefined when it holds them all. */
export function shortfallReason<T extends { id?: string }>(
	collector: PageCollector<T>,
): string | undefined {
	const expected = collector.expected;
	if (!collector.stop) return undefined;
	const { why, page, size } = collector.stop;
	// A full page of codes already read means the pages do not move on, whatever the total says.
	const repeated =
		why === 'repeat' && (expected === undefined || collector.items.length < expected);
	// The cap is no end of the list: without a total, a walk it stopped cannot be known whole.
	const capped = why === 'cap' && expected === undefined;
	if (!repeated && !capped && (expected === undefined || collector.items.length >= expected))
		return undefined;
	const served = collector.servedSize;
	switch (why) {
		case 'repeat':
			return repeatedPageReason(page);
		case 'empty':
			return `page ${page} was empty before the announced total was reached (pages of ${served})`;
		case 'short':
			return `page ${page} held ${size} codes where ${served} were served per page, before the announced total was reached`;
		case 'cap':
			return expected === undefined
				? `the walk stopped after ${collector.pagesAdded} pages of ${served} without reaching the end of the list, and the service announced ${collector.totalCount === undefined ? 'no total' : `a total of ${collector.totalCount} its pages passed`}`
				: `the walk stopped after ${collector.pagesAdded} pages of ${served}, while the total kept growing to ${expected}`;
		default:
			return `the total changed to ${expected} while the list was read`;
	}
}

/** Why a walk whose page repeated what was read cannot be taken whole, in words. */
export function repeatedPageReason(page: number): string {
	return `page ${page} held only codes of earlier pages: the service seems to ignore "page"`;
}
