import type { INodeProperties } from 'n8n-workflow';

import { BEFORE_LAYOUT_1_2, LAYOUT_1_2 } from './layoutVersions';
import { SCAN_RULE_LABELS } from '../../shared/records/fieldLabels';

/**
 * Scan Rules, the API's `settings` (renamed: n8n's panel has a Settings tab). Before 1.2 one collection lists
 * switches and settings together, since a collection cannot show a setting only when its switch is on; from 1.2
 * each rule is a group that opens with its switch. Both give the same `settings` (qrCodeForm.readSettings).
 */

const passwordEnabled: INodeProperties = {
	displayName: SCAN_RULE_LABELS.passwordEnabled,
	name: 'passwordEnabled',
	type: 'boolean',
	default: true,
	description: 'Whether scanners must enter a password before the content opens',
};

const password: INodeProperties = {
	displayName: SCAN_RULE_LABELS.password,
	name: 'password',
	type: 'string',
	typeOptions: { password: true },
	default: '',
	displayOptions: { show: { passwordEnabled: [true] } },
	description: 'Password scanners must enter',
};

const ageGating: INodeProperties = {
	displayName: SCAN_RULE_LABELS.ageGating,
	name: 'ageGating',
	type: 'boolean',
	default: true,
	description: 'Whether scanners must confirm their age before the content opens',
};

const minAge: INodeProperties = {
	displayName: SCAN_RULE_LABELS.minAge,
	name: 'minAge',
	type: 'number',
	default: 18,
	typeOptions: { minValue: 1, maxValue: 120 },
	displayOptions: { show: { ageGating: [true] } },
	description: 'Age scanners must confirm',
};

const scheduleCampaign: INodeProperties = {
	displayName: SCAN_RULE_LABELS.scheduleCampaign,
	name: 'scheduleCampaign',
	type: 'boolean',
	default: true,
	description: "Whether the code works only between 'Campaign Start' and 'Campaign End'",
};

const campaignStart: INodeProperties = {
	displayName: SCAN_RULE_LABELS.campaignStart,
	name: 'campaignStart',
	type: 'dateTime',
	default: '',
	displayOptions: { show: { scheduleCampaign: [true] } },
	description: 'When the code starts working: a date, or epoch milliseconds from an expression',
};

const campaignEnd: INodeProperties = {
	displayName: SCAN_RULE_LABELS.campaignEnd,
	name: 'campaignEnd',
	type: 'dateTime',
	default: '',
	displayOptions: { show: { scheduleCampaign: [true] } },
	description:
		'When the code stops working: a moment (a date alone means the start of that day), or epoch milliseconds from an expression',
};

const locationEnabled: INodeProperties = {
	displayName: SCAN_RULE_LABELS.locationEnabled,
	name: 'locationEnabled',
	type: 'boolean',
	default: true,
	description: 'Whether scans ask for and record the location of the scanner',
};

/** Each rule: its group in the 1.2 layout, its switch first, then its settings in reading order. */
export const SCAN_RULES = [
	{ name: 'ageGate', displayName: SCAN_RULE_LABELS.ageGating, values: [ageGating, minAge] },
	{
		name: 'campaign',
		displayName: SCAN_RULE_LABELS.scheduleCampaign,
		values: [scheduleCampaign, campaignStart, campaignEnd],
	},
	{ name: 'location', displayName: SCAN_RULE_LABELS.locationEnabled, values: [locationEnabled] },
	{
		name: 'password',
		displayName: SCAN_RULE_LABELS.passwordEnabled,
		values: [passwordEnabled, password],
	},
] as const;

const description =
	'What happens when someone scans the code: password, age gate, campaign dates, location';

/** Layouts 1 and 1.1: one collection of switches and settings. */
const scanRulesCollection: INodeProperties = {
	displayName: 'Scan Rules',
	name: 'settings',
	type: 'collection',
	placeholder: 'Add Rule',
	default: {},
	description,
	displayOptions: { show: BEFORE_LAYOUT_1_2 },
	options: SCAN_RULES.flatMap((rule) => [...rule.values]).sort((a, b) =>
		a.displayName.localeCompare(b.displayName),
	),
};

/** Layout 1.2: one group per rule, each showing its settings under its switch. */
const scanRulesGroups: INodeProperties = {
	displayName: 'Scan Rules',
	name: 'scanRules',
	type: 'fixedCollection',
	placeholder: 'Add Rule',
	default: {},
	description,
	displayOptions: { show: LAYOUT_1_2 },
	options: SCAN_RULES.map((rule) => ({
		name: rule.name,
		displayName: rule.displayName,
		values: [...rule.values],
	})),
};

/** Scan Rules of Create, Create or Update and Update, in the layout of the node's version. */
export const scanRulesProperties: INodeProperties[] = [scanRulesCollection, scanRulesGroups];
