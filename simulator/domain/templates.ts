import type { Team, Template } from '../model';
import { randomId } from '../random';
import type { Store } from '../store';

/** Every team starts with these design templates; the first is the default of new codes. */
const STARTER_TEMPLATES = [
	{ name: 'Classic', description: 'Black squares on white, square eyes' },
	{ name: 'Rounded', description: 'Rounded modules and eyes' },
	{ name: 'Brand', description: 'Brand colour modules with a centred logo' },
];

export function seedTemplates(store: Store, team: Team): Template[] {
	return STARTER_TEMPLATES.map((starter, index) => {
		const id = randomId('tpl_');
		const template: Template = {
			id,
			teamId: team.id,
			name: starter.name,
			description: starter.description,
			previewUrl: `${store.config.publicUrl}/images/templates/${id}.png`,
			createdAt: team.createdAt + index,
		};
		store.templates.set(id, template);
		return template;
	});
}

/** Templates as the API shows them (without the internal team link), oldest first. */
export function templatesView(store: Store, teamId: string): Omit<Template, 'teamId'>[] {
	return store
		.templatesOfTeam(teamId)
		.sort((a, b) => a.createdAt - b.createdAt)
		.map((template) => ({
			id: template.id,
			name: template.name,
			description: template.description,
			previewUrl: template.previewUrl,
			createdAt: template.createdAt,
		}));
}
