/** The credential's Team ID help names the option that overrides the team as each version's form labels it. */
import { QrtracApi } from '../../../credentials/QrtracApi.credentials';
import { teamOverrideOptions } from '../../../nodes/Qrtrac/descriptions/common';

it("names the Team Override option by each layout's label", () => {
	const help = new QrtracApi().properties.find((field) => field.name === 'teamId')?.description;
	const labels = teamOverrideOptions.map((option) => option.displayName);

	expect(labels).toEqual(['Team Override Name or ID', 'Team (Override)']);
	for (const label of labels) expect(help).toContain(`'${label}'`);
});
