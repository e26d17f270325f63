import type { INodePropertyOptions } from 'n8n-workflow';

/**
 * Entries of a picker whose names repeat (names need not be unique: two teams "Marketing") say their ID,
 * "Marketing (team_2)", so that a person picks the record they mean; a name held once is shown as it is.
 * Names are compared trimmed and in any case, as a person reads them.
 */
export function distinctLabels<Entry extends INodePropertyOptions>(entries: Entry[]): Entry[] {
	const key = (entry: Entry) => entry.name.trim().toLowerCase();
	const counts = new Map<string, number>();
	for (const entry of entries) counts.set(key(entry), (counts.get(key(entry)) ?? 0) + 1);
	return entries.map((entry) =>
		(counts.get(key(entry)) ?? 0) > 1 && entry.value !== ''
			? { ...entry, name: `${entry.name.trim()} (${String(entry.value)})` }
			: entry,
	);
}
