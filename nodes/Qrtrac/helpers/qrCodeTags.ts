export type TagMode = 'replace' | 'add' | 'remove';

/**
 * The tags a code ends up with. Replace: exactly the given tags. Add: the current tags, then the given ones
 * the code does not have yet. Remove: the current tags without the given ones. Tags compare exactly
 * (case-sensitive, as QRTRAC stores them); the order of first appearance is kept and repeats are dropped.
 */
export function applyTagChange(
	current: readonly string[],
	given: readonly string[],
	mode: TagMode,
): string[] {
	switch (mode) {
		case 'replace':
			return unique(given);
		case 'add':
			return unique([...current, ...given]);
		case 'remove':
			return unique(current.filter((tag) => !given.includes(tag)));
	}
}

function unique(tags: readonly string[]): string[] {
	return [...new Set(tags)];
}
