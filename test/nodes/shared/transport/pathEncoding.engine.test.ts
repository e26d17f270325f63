/**
 * Path segments are always encoded: a value that passes validation but holds characters with a meaning in a
 * URL (`+ & = ; : @ ' ( ) ~ ä`, or a `%2F` escape in a Display ID) travels as exactly ONE path segment. Each
 * operation runs twice, once with a plain value and once with the special one: the request target must be
 * the plain one with only that segment replaced by its percent-encoding, and the simulator must decode it
 * back to the value given.
 */
import type { LoggedRequest } from '../../../../simulator';
import { expectNoSecrets } from '../../../support/secretScan';
import { runNode } from '../../../support/n8nHarness';
import {
	createReliabilityTeam,
	startReliabilitySimulator,
	type ReliabilitySimulator,
	type ReliabilityTeam,
} from '../../../support/reliability/reliabilityTeam';

let env: ReliabilitySimulator;
let team: ReliabilityTeam;

beforeAll(async () => {
	env = await startReliabilitySimulator();
	team = createReliabilityTeam(env, 'Path encoding', { ratePerSecond: 200 });
});

afterAll(async () => {
	await env?.sim.close();
});

const byId = (value: string) => ({ __rl: true, mode: 'id', value });
const SPECIAL_ID = "qr_ä+&=;:@!$'()*,~1";
const SPECIAL_EMAIL = "o'brien+tag&co@example.com";
const SPECIAL_DISPLAY_ID = 'promo%2F2025~x';

interface EncodingCase {
	operation: string;
	plain: string;
	special: string;
	parameters: (value: string, teamId: string) => Record<string, unknown>;
}

const qr =
	(operation: string, extra: (value: string) => Record<string, unknown>) => (value: string) => ({
		resource: 'qrCode',
		operation,
		...extra(value),
	});
const member =
	(operation: string, extra: Record<string, unknown> = {}) =>
	(value: string, teamId: string) => ({
		resource: 'teamMember',
		operation,
		teamId: byId(teamId),
		email: value,
		...extra,
	});

const CASES: EncodingCase[] = [
	{
		operation: 'qrCode.get',
		plain: 'qr_plain1',
		special: SPECIAL_ID,
		parameters: qr('get', (value) => ({ qrCodeId: byId(value) })),
	},
	{
		operation: 'qrCode.update',
		plain: 'qr_plain1',
		special: SPECIAL_ID,
		parameters: qr('update', (value) => ({ qrCodeId: byId(value), updateFields: { name: 'n' } })),
	},
	{
		operation: 'qrCode.delete',
		plain: 'qr_plain1',
		special: SPECIAL_ID,
		parameters: qr('delete', (value) => ({ qrCodeId: byId(value) })),
	},
	{
		operation: 'qrCode.duplicate',
		plain: 'qr_plain1',
		special: SPECIAL_ID,
		parameters: qr('duplicate', (value) => ({ qrCodeId: byId(value) })),
	},
	{
		operation: 'qrCode.updateTitle',
		plain: 'qr_plain1',
		special: SPECIAL_ID,
		parameters: qr('updateTitle', (value) => ({ qrCodeId: byId(value), title: 'T' })),
	},
	{
		operation: 'qrCode.updateTags',
		plain: 'qr_plain1',
		special: SPECIAL_ID,
		parameters: qr('updateTags', (value) => ({
			qrCodeId: byId(value),
			mode: 'replace',
			tags: 'a',
		})),
	},
	{
		operation: 'qrCode.downloadImage',
		plain: 'qr_plain1',
		special: SPECIAL_ID,
		parameters: qr('downloadImage', (value) => ({ qrCodeId: byId(value) })),
	},
	{
		operation: 'qrCode.checkAvailability',
		plain: 'plain-display',
		special: SPECIAL_DISPLAY_ID,
		parameters: qr('checkAvailability', (value) => ({ displayId: value })),
	},
	{
		operation: 'analytics.getScans',
		plain: 'qr_plain1',
		special: SPECIAL_ID,
		parameters: (value) => ({
			resource: 'analytics',
			operation: 'getScans',
			qrCodeId: byId(value),
		}),
	},
	{
		operation: 'team.get',
		plain: 'team_plain1',
		// the ID also travels as the team header: its Latin-1 letter goes as one byte and comes back as typed
		special: 'team_ä+&=;:@1',
		parameters: (value) => ({ resource: 'team', operation: 'get', teamId: byId(value) }),
	},
	{
		operation: 'teamMember.pause',
		plain: 'plain@example.com',
		special: SPECIAL_EMAIL,
		parameters: member('pause'),
	},
	{
		operation: 'teamMember.activate',
		plain: 'plain@example.com',
		special: SPECIAL_EMAIL,
		parameters: member('activate'),
	},
	{
		operation: 'teamMember.remove',
		plain: 'plain@example.com',
		special: SPECIAL_EMAIL,
		parameters: member('remove'),
	},
	{
		operation: 'teamMember.delete',
		plain: 'plain@example.com',
		special: SPECIAL_EMAIL,
		parameters: member('delete'),
	},
	{
		operation: 'teamMember.changeRole',
		plain: 'plain@example.com',
		special: SPECIAL_EMAIL,
		parameters: member('changeRole', { role: 'viewer' }),
	},
];

/** The request targets (path only) an operation sent for `value`. */
async function targetsFor(entry: EncodingCase, value: string): Promise<LoggedRequest[]> {
	env.sim.clearRequestLog();
	const result = await runNode({
		nodeType: 'qrtrac',
		// 1.1 sends every change; from 1.2 removing someone the team does not list sends nothing at all
		typeVersion: 1.1,
		credentials: team.credentials,
		parameters: entry.parameters(value, team.teamId),
		continueOnFail: true,
	});
	expectNoSecrets({ items: result.items, error: result.error, run: result.runData }, team.secrets);
	return [...env.sim.requestLog];
}

/** One path segment as it must travel: every character outside the unreserved set percent-encoded. */
const encoded = encodeURIComponent;

describe.each(CASES.map((entry) => [entry.operation, entry] as const))('%s', (_name, entry) => {
	it('sends the value as one encoded path segment, decoded back to the same value', async () => {
		const plainRequests = await targetsFor(entry, entry.plain);
		const specialRequests = await targetsFor(entry, entry.special);

		const plainTargets = plainRequests
			.map((request) => request.rawPath.split('?')[0])
			.filter((path) => path.includes(encoded(entry.plain)));
		const specialTargets = specialRequests
			.map((request) => request.rawPath.split('?')[0])
			.filter((path) => path.includes(encoded(entry.special)));
		expect(plainTargets.length).toBeGreaterThan(0);
		expect(specialTargets).toEqual(
			plainTargets.map((path) => path.split(encoded(entry.plain)).join(encoded(entry.special))),
		);
		for (const request of specialRequests.filter((logged) =>
			logged.rawPath.includes(encoded(entry.special)),
		)) {
			expect(request.path.split('/')).toContain(entry.special);
		}
	});
});
