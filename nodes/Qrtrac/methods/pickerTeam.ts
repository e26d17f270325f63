import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { getPickerTeam } from '../helpers/parameters';

/** What each entry says when the override could not be resolved, so the user knows whose records are listed. */
export const UNRESOLVED_OVERRIDE =
	"In the credential's team: the Team (Override) is an expression that cannot be resolved in the editor";

/**
 * The team the pickers list: the Team (Override) of the node being edited (the operation acts there), and how
 * to mark the entries when an override could not be resolved and the credential's team is listed instead.
 */
export function pickerTeam(ctx: ILoadOptionsFunctions): {
	teamId?: string;
	mark: <Entry extends INodePropertyOptions>(entry: Entry) => Entry;
} {
	const { teamId, unresolved } = getPickerTeam(ctx);
	return {
		teamId,
		mark: (entry) =>
			unresolved
				? {
						...entry,
						description: entry.description
							? `${entry.description}. ${UNRESOLVED_OVERRIDE}.`
							: UNRESOLVED_OVERRIDE,
					}
				: entry,
	};
}
