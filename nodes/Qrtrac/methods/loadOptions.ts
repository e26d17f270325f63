import type { ILoadOptionsFunctions, INodePropertyOptions } from 'n8n-workflow';

import { getQrTemplatesByTeam, listTeamQrs } from '../../shared/api';

export { getTeams, getTeamsToJoin } from '../../shared/forms/teamPickers';

/** Design templates of the credential's team. */
export async function getTemplates(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const templates = await getQrTemplatesByTeam(this);
	return [
		{ name: 'Default Template', value: '', description: "The team's default design" },
		...templates.map((template) => ({
			name: String(template.name ?? template.id),
			value: String(template.id),
			description: typeof template.description === 'string' ? template.description : undefined,
		})),
	];
}

/** How many codes the code picker lists: the most recently changed ones (10 pages of 100). */
const PICKER_PAGES = 10;

/**
 * QR codes of the credential's team for a multi-select picker, most recently changed first, labelled
 * "Name (Display ID)". Teams with more codes than the picker lists pick the rest by ID (an expression).
 */
export async function getQrCodes(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const options: INodePropertyOptions[] = [];
	const codes = await listTeamQrs(this, {
		query: { sortBy: 'updatedAt', sortOrder: 'desc' },
		walk: { returnAll: false, limit: PICKER_PAGES * 100, pageSize: 100 },
	});
	for (const qr of codes) {
		options.push({
			name: `${String(qr.name ?? 'Untitled')} (${String(qr.displayId ?? qr.id)})`,
			value: qr.id,
		});
	}
	return options;
}
