/** The team and the sync node the Delete Missing engine tests share (deleteMissing, deleteMissingAfterLoop). */
import { SHEET_ROW, type SheetRow as Row } from '../../../support/sheetRows';
import type { useSimulator } from '../../../support/simulatorSuite';

/** A maker of teams holding exactly the sheet's codes, each with the tag Delete Missing is scoped to. */
export function deleteMissingTeams(suite: ReturnType<typeof useSimulator>, label: string) {
	let teamCount = 0;
	return (rows: Row[]): string => {
		const orgId = suite.sim.state.teams.get(suite.credentials.teamId!)!.orgId;
		const team = suite.sim.state.createTeam(orgId, `${label} ${++teamCount}`);
		for (const row of rows)
			suite.sim.state.createQr(team.id, {
				displayId: row.displayId,
				name: row.name,
				qrType: 'WEB',
				qrRedirectUrl: row.url,
				tags: ['sheet'],
			});
		return team.id;
	};
}

/** The sync node with Delete Missing on for the tag every row carries, and `settings` (n8n's node settings). */
export function syncNode(teamId: string, settings: Record<string, unknown> = {}) {
	return {
		id: 'sync',
		name: 'Sync',
		type: 'qrtrac',
		typeVersion: 1.2,
		position: [0, 0] as [number, number],
		parameters: {
			...SHEET_ROW,
			additionalFields: { tags: 'sheet' },
			options: { teamOverride: teamId, deleteMissing: true, deleteMissingTag: 'sheet' },
		},
		...settings,
	};
}
