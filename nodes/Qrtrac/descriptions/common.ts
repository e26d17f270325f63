import type { IDisplayOptions, INodeProperties } from 'n8n-workflow';

import { loadOptionsField, optionsCollection } from '../../shared/forms/fields';
import { recordLocator } from '../../shared/forms/recordLocator';
import { BEFORE_LAYOUT_1_2, LAYOUT_1_2 } from './layoutVersions';

/**
 * Form pieces reused by several operations. Each operation wraps them with `updateDisplayOptions`
 * so that they show for that operation only.
 */

export const qrCodeLocator = recordLocator({
	displayName: 'QR Code',
	name: 'qrCodeId',
	noun: 'QR code',
	searchListMethod: 'searchQrCodes',
	idExample: 'qr_a1b2c3',
	address: 'qrCode',
});

export const teamLocator = recordLocator({
	displayName: 'Team',
	name: 'teamId',
	noun: 'team',
	searchListMethod: 'searchTeams',
	idExample: 'team_1234',
	address: 'team',
});

/** Acting team for one operation; empty means the credential's team. Layouts 1 and 1.1. */
const teamOverrideOption: INodeProperties = loadOptionsField({
	displayName: 'Team Override Name or ID',
	name: 'teamOverride',
	method: 'getTeams',
	lead: "Team to act in instead of the credential's team.",
});

/**
 * The acting team from 1.2: picked like every team (a searchable list, or an ID), so that it reads as what it is,
 * "Team (Override)", instead of the label n8n's rules give a plain dropdown. The name stays, so an ID given as
 * text (an expression, a workflow written by hand) still works. No URL mode: an option's value is read as it is
 * stored, where n8n extracts nothing.
 */
const teamOverrideLocatorOption: INodeProperties = (() => {
	const locator = recordLocator({
		displayName: 'Team (Override)',
		name: 'teamOverride',
		noun: 'team',
		searchListMethod: 'searchTeams',
		idExample: 'team_1234',
	});
	return {
		...locator,
		required: false,
		description: "Team to act in instead of the credential's team",
		// empty means the credential's team, so the empty list says so (as the trigger's team does)
		modes: locator.modes?.map((mode) =>
			mode.name === 'list' ? { ...mode, placeholder: "The credential's team" } : mode,
		),
	};
})();

/** Shown on the node used as an AI agent's tool (n8n's `<node>Tool` variant). */
export const AS_TOOL: IDisplayOptions['show'] = { '@tool': [true] };

/**
 * For a dropdown filled from the acting team (design templates, codes): the editor loads it again when the Team
 * (Override) changes (a dropdown's value until 1.1, a picker's `value` from 1.2).
 */
export const FOLLOWS_TEAM_OVERRIDE = {
	loadOptionsDependsOn: ['options.teamOverride', 'options.teamOverride.value'],
};

/** The Team Override option in the layout of the node's version. */
export const teamOverrideOptions: INodeProperties[] = [
	{ ...teamOverrideOption, displayOptions: { show: BEFORE_LAYOUT_1_2 } },
	{ ...teamOverrideLocatorOption, displayOptions: { show: LAYOUT_1_2 } },
];

export const simplifyOption: INodeProperties = {
	displayName: 'Simplify',
	name: 'simplify',
	type: 'boolean',
	default: true,
	description:
		'Whether to return a simplified version of the response instead of the raw data (ID, Display ID, name, type, the short link people scan and the other URLs, tags, team, whether deleted, times as epoch ms and ISO text)',
};

export const returnAllOption: INodeProperties = {
	displayName: 'Return All',
	name: 'returnAll',
	type: 'boolean',
	default: false,
	description: 'Whether to return all results or only up to a given limit',
};

export const limitOption: INodeProperties = {
	displayName: 'Limit',
	name: 'limit',
	type: 'number',
	default: 50,
	typeOptions: { minValue: 1 },
	displayOptions: { show: { returnAll: [false] } },
	description: 'Max number of results to return',
};

/** The Options collection of operations whose only option is the Team Override. */
export const teamOptionsCollection: INodeProperties = optionsCollection(teamOverrideOptions);
