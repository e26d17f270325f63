import type { Simulator } from '../../../simulator';

/**
 * Valid parameters for every operation of the action node, built against one team of the simulator: a code
 * of its own (made fresh per call, so that Delete and friends always have something to act on), members in
 * the states their operations need, a second team of the same organization for Add to Teams.
 */
export interface OperationCall {
	name: string;
	parameters: Record<string, unknown>;
}

const byId = (value: string) => ({ __rl: true, mode: 'id', value });

export function everyOperation(sim: Simulator, teamId: string, tag: string): OperationCall[] {
	const orgId = sim.state.teams.get(teamId)!.orgId;
	const code = sim.state.createQr(teamId, {
		qrType: 'WEB',
		name: `secret-scan ${tag}`,
		qrRedirectUrl: 'https://example.com/s',
	});
	const otherTeam = sim.state.createTeam(orgId, `Other ${tag}`);
	const active = `active-${tag}@example.com`;
	const paused = `paused-${tag}@example.com`;
	const pending = `pending-${tag}@example.com`;
	sim.state.addMember(teamId, { name: 'Active', email: active, role: 'editor' });
	sim.state.addMember(otherTeam.id, { name: 'Active', email: active, role: 'editor' });
	sim.state.acceptInvite(active);
	sim.state.addMember(teamId, { name: 'Paused', email: paused, role: 'viewer' });
	sim.state.addMember(otherTeam.id, { name: 'Paused', email: paused, role: 'viewer' });
	sim.state.acceptInvite(paused);
	sim.state.setMemberState(teamId, paused, 'paused');
	sim.state.addMember(teamId, { name: 'Pending', email: pending, role: 'viewer' });
	const qr = (operation: string, extra: Record<string, unknown> = {}) => ({
		name: `qrCode.${operation}`,
		parameters: { resource: 'qrCode', operation, ...extra },
	});
	const member = (operation: string, extra: Record<string, unknown>) => ({
		name: `teamMember.${operation}`,
		parameters: { resource: 'teamMember', operation, ...extra },
	});
	const team = (operation: string, extra: Record<string, unknown> = {}) => ({
		name: `team.${operation}`,
		parameters: { resource: 'team', operation, ...extra },
	});
	const analytics = (operation: string, extra: Record<string, unknown>) => ({
		name: `analytics.${operation}`,
		parameters: { resource: 'analytics', operation, ...extra },
	});
	return [
		qr('create', { qrType: 'WEB', name: `c ${tag}`, qrRedirectUrl: 'https://example.com/c' }),
		qr('create', {
			qrType: 'WEB',
			qrRedirectUrl: 'https://example.com/d',
			additionalFields: { displayId: `scan-${tag}` },
		}),
		qr('createOrUpdate', {
			displayId: `upsert-${tag}`,
			qrType: 'WEB',
			qrRedirectUrl: 'https://example.com/u',
		}),
		qr('update', { qrCodeId: byId(code.id), updateFields: { name: `u ${tag}` } }),
		qr('get', { qrCodeId: byId(code.id) }),
		qr('getMany', { returnAll: true }),
		qr('getUpdatedSince', { since: 1704067200000 }),
		qr('getUpdatedSince', { since: 1704067200000, scope: 'organization' }),
		qr('duplicate', { qrCodeId: byId(code.id) }),
		qr('updateTags', { qrCodeId: byId(code.id), mode: 'add', tags: 'a, b' }),
		qr('updateTitle', { qrCodeId: byId(code.id), title: `t ${tag}` }),
		qr('checkAvailability', { displayId: `free-${tag}` }),
		qr('downloadImage', { qrCodeId: byId(code.id) }),
		{
			name: 'designTemplate.getMany',
			parameters: { resource: 'designTemplate', operation: 'getMany', returnAll: true },
		},
		analytics('getScans', { qrCodeId: byId(code.id), returnAll: true }),
		analytics('getScansForCodes', { codeSelection: 'all' }),
		analytics('getTotals', { codeSelection: 'all' }),
		analytics('getReport', { codeSelection: 'all', breakdowns: ['country'] }),
		{
			name: 'dynamicLink.create',
			parameters: {
				resource: 'dynamicLink',
				operation: 'create',
				destinationUrl: 'https://example.com/v1',
			},
		},
		team('create', { name: `Team ${tag}` }),
		team('get', { teamId: byId(teamId) }),
		team('getMany', { returnAll: true }),
		team('rename', { teamId: byId(otherTeam.id), name: `Renamed ${tag}` }),
		team('setDomains', { teamId: byId(otherTeam.id), domains: 'q.qrtrac.com' }),
		member('add', {
			teamId: byId(teamId),
			name: 'New',
			email: `new-${tag}@example.com`,
			role: 'viewer',
		}),
		member('addToTeams', {
			name: 'Multi',
			email: `multi-${tag}@example.com`,
			teams: {
				team: [
					{ teamId, role: 'viewer' },
					{ teamId: otherTeam.id, role: 'editor' },
				],
			},
		}),
		member('pause', { teamId: byId(teamId), email: active }),
		member('activate', { teamId: byId(teamId), email: paused }),
		member('changeRole', { teamId: byId(otherTeam.id), email: active, role: 'admin' }),
		member('resendInvite', { email: pending }),
		member('remove', { teamId: byId(otherTeam.id), email: paused }),
		member('delete', { teamId: byId(teamId), email: pending }),
		qr('delete', { qrCodeId: byId(code.id) }),
	];
}
