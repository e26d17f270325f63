/**
 * A value an expression gives that is none of an option field's options: every option field says so in the same
 * words (nodeWords.ts notAnOption): the options as an expression must give them, the value given (cut when long),
 * and the option meant when only the case differs (fake context, no sockets).
 */
import { TIME_RANGE_PRESETS } from '../../../../nodes/Qrtrac/actions/analytics/timeRange';
import { QR_TYPES } from '../../../../nodes/shared/forms/qrCodeTypes';
import { parseItems, VALUE, type Refusal } from '../../../support/parseItems';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

/** An object holding itself, which JSON cannot write. */
function circular(): Record<string, unknown> {
	const value: Record<string, unknown> = {};
	value.self = value;
	return value;
}

/** The options as the words list them: each quoted, as an expression must give it. */
const listed = (options: readonly string[]) => options.map((option) => `"${option}"`).join(', ');
const TYPES = listed(QR_TYPES);
const PRESETS = listed(TIME_RANGE_PRESETS);
const REPORT = {
	codeSelection: 'list',
	qrCodeIds: 'qr_1',
	timeRange: 'custom',
	startTime: '2026-03-01',
	endTime: '2026-03-10',
};
const LONG = `web${'x'.repeat(5_000)}`;

describe.each<[string, string, Refusal[]]>([
	[
		'QR Type',
		'qrCode|create',
		[
			{
				rule: 'a type of another case is told the one meant',
				parameters: { qrType: VALUE, qrRedirectUrl: 'https://example.com/' },
				good: 'WEB',
				bad: 'web',
				message: `Item 1: "QR Type" must be one of ${TYPES}, not "web" (the case counts: "WEB")`,
			},
			{
				rule: 'an unknown type is quoted',
				parameters: { qrType: VALUE, qrRedirectUrl: 'https://example.com/' },
				good: 'WEB',
				bad: 'FAX',
				message: `Item 1: "QR Type" must be one of ${TYPES}, not "FAX"`,
			},
			{
				rule: 'a long value is cut to its first 60 characters',
				parameters: { qrType: VALUE, qrRedirectUrl: 'https://example.com/' },
				good: 'WEB',
				bad: LONG,
				message: `Item 1: "QR Type" must be one of ${TYPES}, not "${LONG.slice(0, 60)}…"`,
			},
		],
	],
	[
		'Sort Order',
		'qrCode|getMany',
		[
			{
				rule: 'a long value is cut to its first 60 characters, not quoted whole',
				parameters: { returnAll: false, limit: 5, options: { sortOrder: VALUE } },
				good: 'desc',
				bad: `desc ${'x'.repeat(5_000)}`,
				message: `Item 1: "Sort Order" must be one of "asc", "desc", not "desc ${'x'.repeat(55)}…"`,
			},
		],
	],
	[
		'Scope (Get Updated Since)',
		'qrCode|getUpdatedSince',
		[
			{
				rule: "null is shown as given, not in zod's words",
				parameters: { since: '2026-03-01', scope: VALUE },
				good: 'team',
				bad: null,
				message: 'Item 1: "Scope" must be one of "team", "organization", not null',
			},
			{
				rule: 'a symbol is shown as one, not as nothing',
				parameters: { since: '2026-03-01', scope: VALUE },
				good: 'team',
				bad: Symbol('team'),
				message: 'Item 1: "Scope" must be one of "team", "organization", not Symbol(team)',
			},
			{
				rule: 'a function is said to be one, not nothing',
				parameters: { since: '2026-03-01', scope: VALUE },
				good: 'team',
				bad: () => 'team',
				message: 'Item 1: "Scope" must be one of "team", "organization", not a function',
			},
			{
				rule: 'a BigInt is shown as one; the refusal never fails on it',
				parameters: { since: '2026-03-01', scope: VALUE },
				good: 'team',
				bad: BigInt(5),
				message: 'Item 1: "Scope" must be one of "team", "organization", not 5n',
			},
			{
				rule: 'an object JSON cannot write (circular) is said to be one; the refusal never fails on it',
				parameters: { since: '2026-03-01', scope: VALUE },
				good: 'team',
				bad: circular(),
				message:
					'Item 1: "Scope" must be one of "team", "organization", not an object JSON cannot write',
			},
		],
	],
	[
		'Time Range',
		'analytics|getScans',
		[
			{
				rule: 'a preset of another case is told the one meant',
				parameters: { qrCodeId: 'qr_1', timeRange: VALUE, returnAll: true },
				good: 'lastMonth',
				bad: 'LastMonth',
				message: `Item 1: "Time Range" must be one of ${PRESETS}, not "LastMonth" (the case counts: "lastMonth")`,
			},
			{
				rule: 'a value of the wrong kind is shown, not called "Expected ..."',
				parameters: { qrCodeId: 'qr_1', timeRange: VALUE, returnAll: true },
				good: 'allTime',
				bad: null,
				message: `Item 1: "Time Range" must be one of ${PRESETS}, not null`,
			},
		],
	],
	[
		'Get Report',
		'analytics|getReport',
		[
			{
				rule: 'Report Layout',
				parameters: { ...REPORT, reportLayout: VALUE },
				good: 'summary',
				bad: 'Summary',
				message:
					'Item 1: "Report Layout" must be one of "perCode", "perCodeAndDay", "summary", not "Summary" (the case counts: "summary")',
			},
			{
				rule: 'Breakdowns, naming the entry',
				parameters: { ...REPORT, breakdowns: VALUE },
				good: ['country'],
				bad: ['country', 'planet'],
				message:
					'Item 1: "Breakdowns" entry 2 must be one of "country", "city", "device", "os", "browser", "referrer", not "planet"',
			},
			{
				rule: 'Breakdowns with an entry given nothing names that entry, not the field as missing',
				parameters: { ...REPORT, breakdowns: VALUE },
				good: ['country'],
				bad: ['country', undefined],
				message:
					'Item 1: "Breakdowns" entry 2 must be one of "country", "city", "device", "os", "browser", "referrer", not nothing',
			},
			{
				rule: 'Unique Visitor Key',
				parameters: { ...REPORT, options: { uniqueVisitorKey: VALUE } },
				good: 'ip',
				bad: 'IP',
				message:
					'Item 1: "Unique Visitor Key" must be one of "ip", "ipDeviceOsBrowser", not "IP" (the case counts: "ip")',
			},
		],
	],
	[
		'a member role',
		'teamMember|changeRole',
		[
			{
				rule: 'Role, saying owner is never assigned',
				parameters: { teamId: 'team_1', email: 'a@example.com', role: VALUE },
				good: ' Editor ',
				bad: 'Owner',
				message:
					'Item 1: "Role" must be one of "admin", "editor", "viewer" (owner can never be assigned), not "Owner"',
			},
		],
	],
	[
		"Get Many members' Roles",
		'teamMember|getMany',
		[
			{
				rule: 'an entry of the Roles filter, by its position',
				parameters: { teamId: 'team_1', filters: { roles: VALUE } },
				good: ['Editor'],
				bad: ['editor', 'Boss'],
				message:
					'Item 1: "Roles" entry 2 must be one of "owner", "admin", "editor", "viewer", not "Boss"',
			},
		],
	],
])('%s', (_field, where, refusals) => {
	const [resource, operation] = where.split('|');

	it.each(refusals.map((refusal) => [refusal.rule, refusal] as const))(
		'%s',
		async (_rule, refusal) => {
			const [good, bad] = await parseItems(resource, operation, refusal.parameters, [
				refusal.good,
				refusal.bad,
			]);

			expect(good.error).toBeUndefined();
			expect(bad.error).toMatchObject({ message: refusal.message, itemIndex: 1 });
		},
	);
});
