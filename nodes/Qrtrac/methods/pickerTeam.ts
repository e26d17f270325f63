import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { getPickerTeam } from '../helpers/parameters';

/** What each entry says when the override could not be resolved, so the user knows whose records are listed. */
export const UNRESOLVED_OVERRIDE =
	"In the credential's team: the Team (Override) is an expression that cannot be resolved in the editor";

/**
 * The same, short, before the name of a list search's entry: n8n's "From List" shows names only, cut at its width
 * (385 px), so a remark after a long name is lost.
 */
const UNRESOLVED_OVERRIDE_TAG = "[credential's team]";

/**
 * The team the pickers list: the Team (Override) of the node being edited (the operation acts there), and how
 * to mark the entries when an override could not be resolved and the credential's team is listed instead: in the
 * description for a dropdown (load options), also in the name for a list search, whose list shows no description.
 */
export function pickerTeam(ctx: ILoadOptionsFunctions): {
	teamId?: string;
	mark: <Entry extends INodePropertyOptions>(entry: Entry) => Entry;
	markListed: <Entry extends INodePropertyOptions>(entry: Entry) => Entry;
} {
	const { teamId, unresolved } = getPickerTeam(ctx);
	const mark = <Entry extends INodePropertyOptions>(entry: Entry): Entry =>
		unresolved
			? {
					...entry,
					description: entry.description
						? `${entry.description}. ${UNRESOLVED_OVERRIDE}.`
						: UNRESOLVED_OVERRIDE,
				}
			: entry;
	return {
		teamId,
		mark,
		markListed: (entry) =>
			unresolved ? { ...mark(entry), name: `${UNRESOLVED_OVERRIDE_TAG} ${entry.name}` } : entry,
	};
}
