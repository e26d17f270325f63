/**
 * What a locator's By URL takes (api/recordAddress.ts): only a record's address on the credential's Base URL, as
 * the contract writes it (`{Base URL}/api` + a route naming the record's ID); what the editor checks without the
 * credential; and the other modes' values as they are.
 */
import {
	addressExample,
	addressPattern,
	givenValue,
	locatorId,
	locatorOf,
	type AddressedRecord,
} from '../../../../nodes/shared/api/recordAddress';

const BASE = 'https://api.qrtrac.com';
const byUrl = (value: string) => ({ __rl: true, mode: 'url', value });
/** A field saved without an expression: as stored, so as resolved. */
const saved = (value: unknown) => ({ stored: value, resolved: value });
const read = (record: AddressedRecord, value: string, base = BASE) =>
	locatorId(saved(byUrl(value)), record, () => base);

describe('locatorId', () => {
	it.each([
		['Get', `${BASE}/api/qrs-api/teams/qr_1`, 'qr_1'],
		['Update, with a trailing slash and spaces', `  ${BASE}/api/qrs-api/qr_1/ `, 'qr_1'],
		['Update Tags', `${BASE}/api/qrs-api/qr_1/tags`, 'qr_1'],
		['Duplicate, with a query', `${BASE}/api/qrs-api/duplicate/qr_1?x=1`, 'qr_1'],
		['Get Scans, the ID encoded', `${BASE}/api/analytics-api/detailed/qr%5F1`, 'qr_1'],
	])("takes a code's address: %s", (_, address, id) => {
		expect(read('qrCode', address)).toEqual({ id });
	});

	it('takes the address below a Base URL with a path (a gateway), and only there', () => {
		const gateway = 'https://gw.example/qrtrac';

		expect(read('qrCode', `${gateway}/api/qrs-api/teams/qr_1`, gateway)).toEqual({ id: 'qr_1' });
		expect(read('qrCode', 'https://gw.example/api/qrs-api/teams/qr_1', gateway)).toEqual({
			problem: expect.stringContaining(`such as ${gateway}/api/qrs-api/teams/qr_a1b2c3`),
		});
	});

	it.each([
		['a short link on a team domain with /qr/', 'https://qr.acme.example/qr/qr_1'],
		// the node's own placeholder before 1.2: refused for what it is, not told it is a short link
		["the node's earlier placeholder", 'https://app.qrtrac.com/qr/qr_1'],
		['the same path on another host', 'https://elsewhere.example/api/qrs-api/teams/qr_1'],
		['the same host on another port', 'https://api.qrtrac.com:8443/api/qrs-api/teams/qr_1'],
		['an address without /api', `${BASE}/qrs-api/teams/qr_1`],
		[
			"the availability check's address, which names a Display ID",
			`${BASE}/api/qrs-api/availability/x`,
		],
		["the team's list of codes", `${BASE}/api/qrs-api/v2/teams/x`],
		["a team's address", `${BASE}/api/teams-api/team_1`],
		['not a URL', 'qr_1'],
		['another scheme', 'ftp://api.qrtrac.com/api/qrs-api/teams/qr_1'],
		['an ID that does not decode', `${BASE}/api/qrs-api/teams/%E0%A4%A`],
	])('refuses %s for a code, saying which address is taken', (_, address) => {
		expect(read('qrCode', address)).toEqual({
			problem: `Not the address of a QR code on QRTRAC's API, such as ${BASE}/api/qrs-api/teams/qr_a1b2c3: only a code's address on the credential's Base URL is taken (a short link is none: it holds the code's Display ID, not its ID). Pick the code From List (it searches Display IDs) or give its ID`,
		});
	});

	it("takes a team's addresses, never a code's", () => {
		expect(read('team', `${BASE}/api/teams-api/team_1`)).toEqual({ id: 'team_1' });
		expect(read('team', `${BASE}/api/teams-api/team_1/domainPreferences`)).toEqual({
			id: 'team_1',
		});
		expect(read('team', `${BASE}/api/qrs-api/teams/qr_1`)).toEqual({
			problem: `Not the address of a team on QRTRAC's API, such as ${BASE}/api/teams-api/team_1234: only a team's address on the credential's Base URL is taken. Pick the team From List or give its ID`,
		});
		expect(read('team', `${BASE}/api/teams-api/members/bulk`).problem).toBeDefined();
	});

	it('gives the other modes, and a plain value, as they are, never asking for the Base URL', () => {
		const noBase = () => {
			throw new Error('not asked');
		};

		expect(locatorId(saved({ __rl: true, mode: 'id', value: ' qr_1 ' }), 'qrCode', noBase)).toEqual(
			{
				id: 'qr_1',
			},
		);
		expect(locatorId(saved({ __rl: true, mode: 'list', value: 'qr_1' }), 'qrCode', noBase)).toEqual(
			{
				id: 'qr_1',
			},
		);
		expect(locatorId(saved('https://x.example/qr/1'), 'qrCode', noBase)).toEqual({
			id: 'https://x.example/qr/1',
		});
	});

	it('keeps a value that is no text as it is in every mode, for the ID rule to refuse; a number is its text', () => {
		const noBase = () => {
			throw new Error('not asked');
		};
		const locator = (mode: string, value: unknown) => ({ __rl: true, mode, value });

		for (const mode of ['id', 'list', 'url']) {
			expect(locatorId(saved(locator(mode, ['qr_1', 'qr_2'])), 'qrCode', noBase)).toEqual({
				id: ['qr_1', 'qr_2'],
			});
			expect(locatorId(saved(locator(mode, true)), 'qrCode', noBase)).toEqual({ id: true });
		}
		expect(locatorId(saved(locator('id', null)), 'qrCode', noBase)).toEqual({ id: '' });
		expect(locatorId(saved(locator('id', 1042)), 'qrCode', noBase)).toEqual({ id: '1042' });
	});

	it('reads a value as a locator only when it is an object with __rl: a list or another object is kept as it is', () => {
		const noBase = () => {
			throw new Error('not asked');
		};

		// a plain-string field's expression giving a list or an object: no locator, a value for the ID rule to refuse
		expect(locatorId(saved(['qr_1']), 'qrCode', noBase)).toEqual({ id: ['qr_1'] });
		expect(locatorId(saved({ value: 'qr_1' }), 'team', noBase)).toEqual({ id: { value: 'qr_1' } });
		expect(locatorId(saved([{ __rl: true, value: 'qr_1' }]), 'qrCode', noBase)).toEqual({
			id: [{ __rl: true, value: 'qr_1' }],
		});
	});

	it('reads an object with a mode of list, id or url and a value as a locator, without __rl (a hand-written workflow)', () => {
		const noBase = () => {
			throw new Error('not asked');
		};

		expect(locatorId(saved({ mode: 'id', value: ' qr_1 ' }), 'qrCode', noBase)).toEqual({
			id: 'qr_1',
		});
		expect(locatorId(saved({ mode: 'list', value: 'team_1' }), 'team', noBase)).toEqual({
			id: 'team_1',
		});
		expect(locatorOf({ mode: 'url', value: 'x' })).toEqual({ mode: 'url', value: 'x' });
		// no locator: a plain {value}, another mode, a mode without a value, a list
		for (const value of [
			{ value: 'qr_1' },
			{ mode: 'name', value: 'qr_1' },
			{ mode: 'id' },
			['qr_1'],
		])
			expect(locatorOf(value)).toBeUndefined();
		expect(givenValue(saved({ value: 'team_b' }))).toEqual({ value: 'team_b' });
		expect(givenValue(saved({ __rl: true, mode: 'list', value: 'team_b' }))).toBe('team_b');
	});
	it('judges a locator on the field as stored: an object an expression gives is a value, whatever its shape', () => {
		const noBase = () => {
			throw new Error('not asked');
		};
		const shaped = { mode: 'id', value: 'qr_x' };

		// a plain expression (a dropdown's, a picker saved as one) giving a locator's shape: kept, for the ID rule
		for (const resolved of [shaped, { __rl: true, mode: 'list', value: 'qr_x' }]) {
			expect(locatorId({ stored: '={{ $json.code }}', resolved }, 'qrCode', noBase)).toEqual({
				id: resolved,
			});
			expect(givenValue({ stored: '={{ $json.code }}', resolved })).toBe(resolved);
		}
		// a dropdown passes nothing stored: even a hand-written object is a value
		expect(givenValue({ resolved: shaped })).toBe(shaped);
		// a stored locator whose expression gave that shape: its value is the object, no ID either
		const stored = { __rl: true, mode: 'id', value: '={{ $json.code }}' };
		expect(locatorId({ stored, resolved: { ...stored, value: shaped } }, 'qrCode', noBase)).toEqual(
			{
				id: shaped,
			},
		);
		// a stored locator: its resolved value
		expect(givenValue({ stored, resolved: { ...stored, value: 'qr_1' } })).toBe('qr_1');
	});
});

describe('what the editor checks', () => {
	it("takes a record's address on any host, and shows one on the default Base URL", () => {
		const code = new RegExp(addressPattern('qrCode'));
		const team = new RegExp(addressPattern('team'));

		expect(addressExample('qrCode')).toBe(`${BASE}/api/qrs-api/teams/qr_a1b2c3`);
		expect(addressExample('team')).toBe(`${BASE}/api/teams-api/team_1234`);
		expect(code.test(`${BASE}/api/qrs-api/teams/qr_1`)).toBe(true);
		expect(code.test('https://gw.example/qrtrac/api/qrs-api/qr_1/title')).toBe(true);
		expect(code.test('https://qr.acme.example/qr/qr_1')).toBe(false);
		expect(code.test(`${BASE}/api/teams-api/team_1`)).toBe(false);
		expect(team.test(`${BASE}/api/teams-api/team_1/members`)).toBe(true);
		expect(team.test('https://app.qrtrac.com/teams/team_1')).toBe(false);
	});
});
