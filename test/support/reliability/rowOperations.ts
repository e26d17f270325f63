import type { Simulator } from '../../../simulator';

/**
 * The four bulk operations of the fault suite, each as: the node parameters (reading every value from the
 * row, as a sheet-driven workflow does), the rows, what must exist before the run, and how to read from the
 * simulator's state whether a row's write happened (its "effect") and how many duplicates exist.
 *
 * Every row carries a unique marker (`rel-<run>-<row>`): a code's name (and Display ID where one is used), a
 * member's name and e-mail, so that the state tells exactly which rows were written, and how often.
 */
export type BulkOperationName = 'create' | 'createOrUpdate' | 'update' | 'memberAdd';

export interface BulkRow {
	marker: string;
	[field: string]: unknown;
}

/** What the state says about the rows after a run. */
export interface StateReading {
	/** Row index -> the row's write is in the state. */
	written: (rowIndex: number) => boolean;
	/** Extra records beyond one per marker/displayId/e-mail (0 when nothing was created twice). */
	duplicates: number;
}

export interface BulkOperation {
	name: BulkOperationName;
	label: string;
	parameters(teamId: string): Record<string, unknown>;
	/** Builds the rows and seeds what they need (codes to update); nothing is sent over HTTP. */
	prepareRows(sim: Simulator, teamId: string, runTag: string, count: number): BulkRow[];
	read(sim: Simulator, teamId: string, rows: BulkRow[]): StateReading;
}

const byId = (value: string) => ({ __rl: true, mode: 'id', value });

function markers(runTag: string, count: number): string[] {
	return Array.from({ length: count }, (_, index) => `rel-${runTag}-${index}`);
}

/** Non-deleted codes of the team, grouped by a key. */
function groupCodes(
	sim: Simulator,
	teamId: string,
	key: (qr: { name: string; displayId: string }) => string,
): Map<string, number> {
	const groups = new Map<string, number>();
	for (const qr of sim.state.listQrs(teamId)) groups.set(key(qr), (groups.get(key(qr)) ?? 0) + 1);
	return groups;
}

function extras(groups: Map<string, number>, keys: Iterable<string>): number {
	let count = 0;
	for (const key of keys) count += Math.max(0, (groups.get(key) ?? 0) - 1);
	return count;
}

const create: BulkOperation = {
	name: 'create',
	label: 'QR Code: Create (no Display ID)',
	parameters: () => ({
		resource: 'qrCode',
		operation: 'create',
		qrType: 'WEB',
		name: '={{ $json.marker }}',
		qrRedirectUrl: '={{ "https://example.com/r/" + $json.marker }}',
	}),
	prepareRows: (_sim, _teamId, runTag, count) =>
		markers(runTag, count).map((marker) => ({ marker })),
	read(sim, teamId, rows) {
		const byName = groupCodes(sim, teamId, (qr) => qr.name);
		return {
			written: (index) => (byName.get(rows[index].marker) ?? 0) > 0,
			duplicates: extras(
				byName,
				rows.map((row) => row.marker),
			),
		};
	},
};

const createOrUpdate: BulkOperation = {
	name: 'createOrUpdate',
	label: 'QR Code: Create or Update',
	parameters: () => ({
		resource: 'qrCode',
		operation: 'createOrUpdate',
		displayId: '={{ $json.marker }}',
		qrType: 'WEB',
		name: '={{ $json.marker }}',
		qrRedirectUrl: '={{ "https://example.com/r/" + $json.marker }}',
	}),
	prepareRows: (_sim, _teamId, runTag, count) =>
		markers(runTag, count).map((marker) => ({ marker })),
	read(sim, teamId, rows) {
		const byName = groupCodes(sim, teamId, (qr) => qr.name);
		const byDisplayId = groupCodes(sim, teamId, (qr) => qr.displayId);
		const keys = rows.map((row) => row.marker);
		return {
			written: (index) =>
				(byName.get(rows[index].marker) ?? 0) > 0 && (byDisplayId.get(rows[index].marker) ?? 0) > 0,
			duplicates: Math.max(extras(byName, keys), extras(byDisplayId, keys)),
		};
	},
};

const update: BulkOperation = {
	name: 'update',
	label: 'QR Code: Update',
	parameters: () => ({
		resource: 'qrCode',
		operation: 'update',
		qrCodeId: byId('={{ $json.id }}'),
		updateFields: { name: '={{ $json.marker }}' },
	}),
	prepareRows(sim, teamId, runTag, count) {
		return markers(runTag, count).map((marker, index) => {
			const qr = sim.state.createQr(teamId, {
				qrType: 'WEB',
				name: `seed-${runTag}-${index}`,
				qrRedirectUrl: `https://example.com/seed/${index}`,
			});
			return { marker, id: qr.id };
		});
	},
	read(sim, teamId, rows) {
		const byName = groupCodes(sim, teamId, (qr) => qr.name);
		return {
			written: (index) => sim.state.getQr(String(rows[index].id))?.name === rows[index].marker,
			duplicates: extras(
				byName,
				rows.map((row) => row.marker),
			),
		};
	},
};

const memberAdd: BulkOperation = {
	name: 'memberAdd',
	label: 'Team Member: Add',
	parameters: (teamId) => ({
		resource: 'teamMember',
		operation: 'add',
		teamId: byId(teamId),
		name: '={{ $json.marker }}',
		email: '={{ $json.email }}',
		role: 'editor',
	}),
	prepareRows: (_sim, _teamId, runTag, count) =>
		markers(runTag, count).map((marker) => ({ marker, email: `${marker}@members.example.com` })),
	read(sim, teamId, rows) {
		const usersByEmail = new Map<string, string[]>();
		for (const user of sim.state.users.values()) {
			usersByEmail.set(user.email, [...(usersByEmail.get(user.email) ?? []), user.id]);
		}
		const roles = new Map<string, string>();
		for (const membership of sim.state.membershipsOfTeam(teamId))
			roles.set(membership.userId, membership.role);
		const duplicates = rows.reduce(
			(sum, row) => sum + Math.max(0, (usersByEmail.get(String(row.email))?.length ?? 0) - 1),
			0,
		);
		return {
			written: (index) =>
				(usersByEmail.get(String(rows[index].email)) ?? []).some(
					(userId) => roles.get(userId) === 'editor',
				),
			duplicates,
		};
	},
};

export const BULK_OPERATIONS: readonly BulkOperation[] = [
	create,
	createOrUpdate,
	update,
	memberAdd,
];
