import type { IDataObject, ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { getQrTemplatesByTeam, listTeamQrs } from '../../shared/api';
import { distinctLabels } from '../../shared/forms/distinctLabels';
import { IF_SHOWN } from '../descriptions/qrCodeFields';
import { getEditedOperation } from '../helpers/parameters';
import { codeEntry } from './codeEntry';
import { pickerTeam } from './pickerTeam';

export { getTeams, getTeamsToJoin } from '../../shared/forms/teamPickers';

/**
 * What the empty template entry does: Create or Update gives no template, so a code it updates keeps its own where
 * QRTRAC's records show it (IF_SHOWN).
 */
const EMPTY_TEMPLATE: Record<string, INodePropertyOptions> = {
	create: { name: 'Default Template', value: '', description: "The team's default design" },
	update: {
		name: 'Keep Current Template',
		value: '',
		description: `Leave the code's design as it is ${IF_SHOWN}`,
	},
	createOrUpdate: {
		name: 'Default Template for New Codes',
		value: '',
		description: `A new code gets the team's default design; a code the row updates keeps its own ${IF_SHOWN}`,
	},
};

/**
 * Design templates of the acting team (Team (Override), else the credential's), after the empty entry: the team's
 * default on Create, and on Update (where a blank value is not given) the code's template kept; Create or Update
 * says both.
 */
export async function getTemplates(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const { teamId, mark } = pickerTeam(this);
	const templates = await getQrTemplatesByTeam(this, { teamId });
	const empty = EMPTY_TEMPLATE[String(getEditedOperation(this))] ?? EMPTY_TEMPLATE.create;
	return distinctLabels([
		empty,
		// a template listed without an `id` (the contract requires none) cannot be chosen: no entry
		...templates.filter(hasId).map((template) => ({
			name: String(template.name ?? template.id),
			value: String(template.id),
			description: typeof template.description === 'string' ? template.description : undefined,
		})),
	]).map(mark);
}

function hasId(template: IDataObject): boolean {
	return typeof template.id === 'string' && template.id !== '';
}

/** How many codes the code picker lists: the most recently changed ones (10 pages of 100). */
const PICKER_CODES = 1_000;

/** What the first entry says when the team holds more codes than the picker lists. */
const MORE_CODES =
	"The list holds the team's 1,000 most recently changed codes: give any other by its ID in an expression";

/**
 * QR codes of the acting team (Team (Override), else the credential's) for a multi-select picker, most recently
 * changed first, labelled as codeEntry says. One code more is read to know whether the team holds more than the
 * picker lists; if so the first entry says so (the field's help text must stay n8n's standard one).
 */
export async function getQrCodes(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const { teamId, mark } = pickerTeam(this);
	const codes = await listTeamQrs(this, {
		query: { sortBy: 'updatedAt', sortOrder: 'desc' },
		walk: { returnAll: false, limit: PICKER_CODES + 1, pageSize: 100 },
		teamId,
	});
	return codes.slice(0, PICKER_CODES).map((qr, index) =>
		mark({
			...codeEntry(qr),
			...(index === 0 && codes.length > PICKER_CODES && { description: MORE_CODES }),
		}),
	);
}
