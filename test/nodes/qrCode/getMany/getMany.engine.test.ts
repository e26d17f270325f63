/**
 * QR Code > Get, Get Many, Get Updated Since, Check Display ID Availability and Download Image through
 * n8n's engine against the simulator.
 */
import { renderQrPng } from '../../../simulator/qrImage';
import { validateRequest } from '../../support/contract';
import { callLoadOptions, runNode } from '../../support/n8nHarness';
import { useSimulator } from '../../support/simulatorSuite';

const suite = useSimulator();

let orgId: string;

beforeAll(() => {
	orgId = suite.sim.state.teams.get(suite.credentials.teamId!)!.orgId;
});

async function run(
	operation: string,
	parameters: Record<string, unknown>,
	items?: Array<Record<string, unknown>>,
) {
	return await runNode({
		nodeType: 'qrtrac',
		credentials: suite.credentials,
		parameters: { resource: 'qrCode', operation, ...parameters },
		items,
	});
}

const byId = (id: string) => ({ __rl: true, mode: 'id', value: id });

describe('Get', () => {
	it('returns the code, simplified or whole', async () => {
		const code = suite.sim.state.createQr(suite.credentials.teamId!, {
			qrType: 'SOCIAL_BIO',
			name: 'Bio',
			metadata: { title: 'Follow', links: [{ platform: 'x', url: 'https://x.com/a' }] },
		});

		const simple = await run('get', { qrCodeId: byId(code.id) });
		const whole = await run('get', {
			qrCodeId: { __rl: true, mode: 'url', value: `https://app.qrtrac.com/qr/${code.id}` },
			simplify: false,
		});

		expect(simple.items[0].json).toEqual({
			id: code.id,
			displayId: code.displayId,
			name: 'Bio',
			qrType: 'SOCIAL_BIO',
			shortUrl: `${code.baseUrl}${code.displayId}`,
			qrImageUrl: code.qrImageUrl,
			tags: [],
			teamId: suite.credentials.teamId,
			deleted: false,
			createdAt: code.createdAt,
			createdAtIso: new Date(code.createdAt).toISOString(),
			updatedAt: code.updatedAt,
			updatedAtIso: new Date(code.updatedAt).toISOString(),
		});
		expect(whole.items[0].json).toMatchObject({
			id: code.id,
			metadata: code.metadata,
			settings: {},
		});
		suite.expectRequestsFollowContract();
	});
});

describe('Get Many', () => {
	let listTeamId: string;

	beforeAll(() => {
		const team = suite.sim.state.createTeam(orgId, 'Listing');
		listTeamId = team.id;
		const start = suite.sim.clock.now() - 1_000_000;
		for (let index = 0; index < 130; index++) {
			suite.sim.state.createQrAt(
				listTeamId,
				{
					qrType: 'WEB',
					qrRedirectUrl: `https://example.com/${index}`,
					name: `Code ${String(index).padStart(3, '0')}`,
				},
				start + index * 1000,
			);
		}
	});

	it('returns a limit above 100 through pages of 100, each code once', async () => {
		const result = await run('getMany', { limit: 120, options: { teamOverride: listTeamId } });

		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(120);
		expect(new Set(result.items.map((item) => item.json.id)).size).toBe(120);
		expect(suite.sim.requestLog.map((entry) => [entry.query.limit, entry.query.page])).toEqual([
			['100', '1'],
			['100', '2'],
		]);
		expect(
			suite.sim.requestLog.every((entry) => entry.headers['x-request-team-id'] === listTeamId),
		).toBe(true);
		suite.expectRequestsFollowContract();
	});

	it('returns all codes with Return All, in the chosen order', async () => {
		const result = await run('getMany', {
			returnAll: true,
			options: { sortBy: 'name', sortOrder: 'asc', teamOverride: listTeamId },
		});

		const names = result.items.map((item) => String(item.json.name));
		expect(names).toHaveLength(suite.sim.state.listQrs(listTeamId).length);
		expect(names).toEqual([...names].sort());
		expect(names[0]).toBe('Code 000');
		suite.expectRequestsFollowContract();
	});

	it('uses the Page Size option and the search filter', async () => {
		const result = await run('getMany', {
			limit: 7,
			filters: { search: 'code 01' },
			options: { teamOverride: listTeamId, pageSize: 3 },
		});

		expect(result.items.map((item) => item.json.name)).toHaveLength(7);
		expect(result.items.every((item) => String(item.json.name).startsWith('Code 01'))).toBe(true);
		expect(
			suite.sim.requestLog.map((entry) => [
				entry.query.limit,
				entry.query.page,
				entry.query.search,
			]),
		).toEqual([
			['3', '1', 'code 01'],
			['3', '2', 'code 01'],
			['3', '3', 'code 01'],
		]);
		suite.expectRequestsFollowContract();
	});
});

describe('Get Updated Since', () => {
	it("returns the team's codes changed after the moment, deleted ones only on request", async () => {
		const team = suite.sim.state.createTeam(orgId, 'Changes');
		const since = Date.UTC(2030, 0, 1);
		suite.sim.state.createQrAt(
			team.id,
			{ qrType: 'WEB', qrRedirectUrl: 'https://example.com/old', name: 'Old' },
			since - 1,
		);
		const changed = suite.sim.state.createQrAt(
			team.id,
			{ qrType: 'WEB', qrRedirectUrl: 'https://example.com/new', name: 'New' },
			since + 1,
		);
		const gone = suite.sim.state.createQrAt(
			team.id,
			{ qrType: 'WEB', qrRedirectUrl: 'https://example.com/gone', name: 'Gone' },
			since + 2,
		);
		Object.assign(suite.sim.state.getQr(gone.id)!, { deleted: true, updatedAt: since + 3 });

		const live = await run('getUpdatedSince', { since: since, options: { teamOverride: team.id } });
		const withDeleted = await run('getUpdatedSince', {
			since: '2030-01-01T00:00:00Z',
			includeDeleted: true,
			options: { teamOverride: team.id },
		});

		expect(live.items.map((item) => item.json.id)).toEqual([changed.id]);
		expect(withDeleted.items.map((item) => [item.json.id, item.json.deleted])).toEqual([
			[changed.id, false],
			[gone.id, true],
		]);
		expect(suite.sim.requestLog.map((entry) => entry.rawPath)).toEqual([
			`/api/qrs-api/teams/fromTime/${since}`,
			`/api/qrs-api/teams/fromTime/${since}`,
		]);
		suite.expectRequestsFollowContract();
	});

	it('covers every team of the organization with the organization scope', async () => {
		const teamA = suite.sim.state.createTeam(orgId, 'Org A');
		const teamB = suite.sim.state.createTeam(orgId, 'Org B');
		const since = Date.UTC(2031, 0, 1);
		const a = suite.sim.state.createQrAt(
			teamA.id,
			{ qrType: 'WEB', qrRedirectUrl: 'https://example.com/a' },
			since + 10,
		);
		const b = suite.sim.state.createQrAt(
			teamB.id,
			{ qrType: 'WEB', qrRedirectUrl: 'https://example.com/b' },
			since + 20,
		);

		const result = await run('getUpdatedSince', { since, scope: 'organization' });

		expect(result.items.map((item) => [item.json.id, item.json.teamId])).toEqual([
			[a.id, teamA.id],
			[b.id, teamB.id],
		]);
		expect(suite.sim.requestLog[0].rawPath).toBe(`/api/qrs-api/all/fromTime/${since}`);
		suite.expectRequestsFollowContract();
	});
});

describe('Check Display ID Availability', () => {
	it('answers available and taken as values, not errors', async () => {
		suite.sim.state.createQr(suite.credentials.teamId!, {
			qrType: 'WEB',
			qrRedirectUrl: 'https://example.com',
			displayId: 'in-use',
		});

		const result = await run('checkAvailability', { displayId: '={{ $json.id }}' }, [
			{ id: 'free-one' },
			{ id: 'in-use' },
		]);

		expect(result.error).toBeUndefined();
		expect(result.items.map((item) => item.json)).toEqual([
			{ displayId: 'free-one', available: true, message: 'QR ID "free-one" is available' },
			{ displayId: 'in-use', available: false, message: 'QR ID "in-use" is already taken' },
		]);
		suite.expectRequestsFollowContract();
	});
});

describe('Download Image', () => {
	it("puts the code's PNG into the binary field, named after its Display ID, showing its short URL", async () => {
		const code = suite.sim.state.createQr(suite.credentials.teamId!, {
			qrType: 'WEB',
			qrRedirectUrl: 'https://example.com/img',
			displayId: 'img-code',
		});

		const result = await run('downloadImage', {
			qrCodeId: byId(code.id),
			binaryPropertyName: 'qrImage',
		});

		expect(result.error).toBeUndefined();
		const binary = result.items[0].binary?.qrImage;
		expect(binary).toMatchObject({
			mimeType: 'image/png',
			fileName: 'img-code.png',
			fileExtension: 'png',
		});
		const png = Buffer.from(binary!.data, 'base64');
		expect(
			png.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
		).toBe(true);
		expect(png.equals(await renderQrPng(`${code.baseUrl}${code.displayId}`))).toBe(true);
		expect(result.items[0].json).toMatchObject({ id: code.id, displayId: 'img-code' });
		const imageRequest = suite.sim.requestLog.find((entry) => entry.rawPath.startsWith('/images/'));
		expect(imageRequest?.headers['x-request-client-secret']).toBeUndefined();
		expect(imageRequest?.headers['x-request-client-id']).toBeUndefined();
		for (const entry of suite.sim.requestLog.filter((logged) =>
			logged.rawPath.startsWith('/api/'),
		)) {
			expect(validateRequest(entry)).toEqual([]);
		}
	});
});

describe('pickers of the QR code forms', () => {
	it("Design Template lists the team's templates after the default", async () => {
		const options = (await callLoadOptions('qrtrac', 'getTemplates', {
			kind: 'loadOptions',
			credentials: suite.credentials,
			parameters: { resource: 'qrCode', operation: 'create', qrType: 'WEB' },
			parameterPath: 'parameters.additionalFields.templateId',
		})) as Array<{ name: string; value: string }>;

		const templates = suite.sim.state.templatesOfTeam(suite.credentials.teamId!);
		expect(options[0].value).toBe('');
		expect(
			options
				.slice(1)
				.map((option) => option.value)
				.sort(),
		).toEqual(templates.map((template) => template.id).sort());
		suite.expectRequestsFollowContract();
	});

	it('QR Code finds codes by Display ID', async () => {
		const code = suite.sim.state.createQr(suite.credentials.teamId!, {
			qrType: 'WEB',
			qrRedirectUrl: 'https://example.com',
			displayId: 'pick-me-7',
		});

		const found = (await callLoadOptions('qrtrac', 'searchQrCodes', {
			kind: 'listSearch',
			credentials: suite.credentials,
			parameters: { resource: 'qrCode', operation: 'get' },
			parameterPath: 'parameters.qrCodeId',
			filter: 'pick-me',
		})) as { results: Array<{ name: string; value: string }> };

		expect(found.results.map((result) => result.value)).toEqual([code.id]);
		suite.expectRequestsFollowContract();
	});
});
