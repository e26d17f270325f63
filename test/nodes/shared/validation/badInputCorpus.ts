/**
 * The bad-input corpus of issue 7: invalid values for every operation, grouped by the rule they break. Each
 * case runs TWO items through the node: item 0 carries `good`, item 1 carries `bad` (both read by the
 * parameter from `$json.value`), so the error must name item 1 and the field, and the simulator must see no
 * request at all (not even item 0's: every item is validated before anything is sent).
 *
 * `TEAM` in a value stands for the id of a real team of the simulator.
 */
export type BadInputCategory =
	| 'pattern'
	| 'format'
	| 'enum'
	| 'range'
	| 'empty or whitespace'
	| 'wrong type'
	| 'huge'
	| 'path-like';

export interface BadInputCase {
	category: BadInputCategory;
	/** `resource.operation` */
	operation: string;
	/** The form label the error must quote. */
	field: string;
	/** Node parameters; `={{ $json.value }}` marks where the value goes. */
	parameters: Record<string, unknown>;
	good: unknown;
	bad: unknown;
}

const VALUE = '={{ $json.value }}';
const byId = (value: string) => ({ __rl: true, mode: 'id', value });
const web = { qrType: 'WEB', qrRedirectUrl: 'https://example.com/ok' };
const team = byId('TEAM');
const repeat = (count: number, make: (index: number) => string) =>
	Array.from({ length: count }, (_, index) => make(index));

function qr(operation: string, parameters: Record<string, unknown>) {
	return {
		operation: `qrCode.${operation}`,
		parameters: { resource: 'qrCode', operation, ...parameters },
	};
}
function analytics(operation: string, parameters: Record<string, unknown>) {
	return {
		operation: `analytics.${operation}`,
		parameters: { resource: 'analytics', operation, ...parameters },
	};
}
function teamOp(operation: string, parameters: Record<string, unknown>) {
	return {
		operation: `team.${operation}`,
		parameters: { resource: 'team', operation, ...parameters },
	};
}
function member(operation: string, parameters: Record<string, unknown>) {
	return {
		operation: `teamMember.${operation}`,
		parameters: { resource: 'teamMember', operation, ...parameters },
	};
}

export const BAD_INPUT_CORPUS: BadInputCase[] = [
	// QR Code: Create
	{
		category: 'pattern',
		field: 'Display ID',
		...qr('create', { ...web, displayId: VALUE }),
		good: 'ok-1',
		bad: 'bad id!',
	},
	{
		category: 'path-like',
		field: 'Display ID',
		...qr('create', { ...web, displayId: VALUE }),
		good: 'ok-1',
		bad: '../x',
	},
	{
		category: 'path-like',
		field: 'Display ID',
		...qr('create', { ...web, displayId: VALUE }),
		good: 'ok-1',
		bad: '..',
	},
	{
		category: 'path-like',
		field: 'Display ID',
		...qr('create', { ...web, displayId: VALUE }),
		good: 'ok-1',
		bad: 'a?b',
	},
	{
		category: 'path-like',
		field: 'Display ID',
		...qr('create', { ...web, displayId: VALUE }),
		good: 'ok-1',
		bad: 'a/b',
	},
	{
		category: 'pattern',
		field: 'Display ID',
		...qr('create', { ...web, displayId: VALUE }),
		good: 'ok-1',
		bad: '100%',
	},
	{
		category: 'huge',
		field: 'Display ID',
		...qr('create', { ...web, displayId: VALUE }),
		good: 'ok-1',
		bad: 'x'.repeat(201),
	},
	{
		category: 'format',
		field: 'Redirect URL',
		...qr('create', { qrType: 'WEB', qrRedirectUrl: VALUE }),
		good: 'https://example.com',
		bad: 'example.com/no-scheme',
	},
	{
		category: 'format',
		field: 'Redirect URL',
		...qr('create', { qrType: 'WEB', qrRedirectUrl: VALUE }),
		good: 'https://example.com',
		bad: 'javascript:alert(1)',
	},
	{
		category: 'format',
		field: 'Redirect URL',
		...qr('create', { qrType: 'WEB', qrRedirectUrl: VALUE }),
		good: 'https://example.com/a%20b?q=1&r=(2)#top',
		bad: 'https://example.com/my page',
	},
	{
		category: 'format',
		field: 'Redirect URL',
		...qr('create', { qrType: 'WEB', qrRedirectUrl: VALUE }),
		good: 'https://example.com/%C3%BC',
		bad: 'https://example.com/ü',
	},
	{
		category: 'format',
		field: 'Redirect URL',
		...qr('create', { qrType: 'WEB', qrRedirectUrl: VALUE }),
		good: 'https://example.com/?a=1',
		bad: 'https://example.com/?discount=100%',
	},
	{
		category: 'empty or whitespace',
		field: 'Redirect URL',
		...qr('create', { qrType: 'SHORT_LINK', qrRedirectUrl: VALUE }),
		good: 'https://example.com',
		bad: '   ',
	},
	{
		category: 'format',
		field: 'Custom Domain',
		...qr('create', { ...web, additionalFields: { baseUrl: VALUE } }),
		good: 'https://qr.acme.example/',
		bad: 'https://qr.acme.example',
	},
	{
		category: 'enum',
		field: 'QR Type',
		...qr('create', { qrType: VALUE, qrRedirectUrl: 'https://example.com' }),
		good: 'WEB',
		bad: 'FAX',
	},
	{
		category: 'wrong type',
		field: 'Name',
		...qr('create', { ...web, name: VALUE }),
		good: 'A name',
		bad: { first: 'not', second: 'text' },
	},
	{
		category: 'huge',
		field: 'Tags',
		...qr('create', { ...web, additionalFields: { tags: VALUE } }),
		good: 'a, b',
		bad: repeat(101, (index) => `tag${index}`),
	},
	{
		category: 'empty or whitespace',
		field: 'Tags',
		...qr('create', { ...web, additionalFields: { tags: VALUE } }),
		good: 'a, b',
		bad: 'a, ,b',
	},
	{
		category: 'huge',
		field: 'Tags',
		...qr('create', { ...web, additionalFields: { tags: VALUE } }),
		good: 'a',
		bad: 'x'.repeat(101),
	},
	{
		category: 'range',
		field: 'Minimum Age',
		...qr('create', { ...web, settings: { ageGating: true, minAge: VALUE } }),
		good: 18,
		bad: 0,
	},
	{
		category: 'range',
		field: 'Minimum Age',
		...qr('create', { ...web, settings: { ageGating: true, minAge: VALUE } }),
		good: 18,
		bad: 121,
	},
	{
		category: 'wrong type',
		field: 'Minimum Age',
		...qr('create', { ...web, settings: { ageGating: true, minAge: VALUE } }),
		good: 18,
		bad: 'eighteen',
	},
	{
		category: 'range',
		field: 'Campaign Start',
		...qr('create', { ...web, settings: { scheduleCampaign: true, campaignStart: VALUE } }),
		good: 1704067200000,
		bad: 1704067200,
	},
	{
		category: 'wrong type',
		field: 'Password Protection',
		...qr('create', { ...web, settings: { passwordEnabled: VALUE, password: 'pw' } }),
		good: true,
		bad: 'yes',
	},
	{
		category: 'format',
		field: 'Email',
		...qr('create', { qrType: 'VCARD', vcardFirstName: 'Ada', vcardEmail: VALUE }),
		good: 'ada@example.com',
		bad: 'ada-at-example.com',
	},
	{
		category: 'format',
		field: 'PDF URL',
		...qr('create', { qrType: 'PDF', pdfUrl: VALUE }),
		good: 'https://example.com/a.pdf',
		bad: 'catalog.pdf',
	},
	{
		category: 'format',
		field: 'Other API Fields (JSON)',
		...qr('create', { ...web, options: { additionalFieldsJson: VALUE } }),
		good: '{"folderId":"f1"}',
		bad: '{not json',
	},
	{
		category: 'wrong type',
		field: 'Other API Fields (JSON)',
		...qr('create', { ...web, options: { additionalFieldsJson: VALUE } }),
		good: '{}',
		bad: '[1,2]',
	},
	{
		category: 'path-like',
		field: 'Design Template Name or ID',
		...qr('create', { ...web, additionalFields: { templateId: VALUE } }),
		good: 'tpl_1',
		bad: 'a/b',
	},
	{
		category: 'path-like',
		field: 'Team Override Name or ID',
		...qr('create', { ...web, options: { teamOverride: VALUE } }),
		good: 'TEAM',
		bad: '../x',
	},
	{
		category: 'path-like',
		field: 'Team Override Name or ID',
		...qr('getMany', { limit: 5, options: { teamOverride: VALUE } }),
		good: 'TEAM',
		bad: 'a/b',
	},
	// QR Code: Create or Update
	{
		category: 'empty or whitespace',
		field: 'Display ID',
		...qr('createOrUpdate', { ...web, displayId: VALUE }),
		good: 'ok-2',
		bad: '   ',
	},
	{
		category: 'path-like',
		field: 'Display ID',
		...qr('createOrUpdate', { ...web, displayId: VALUE }),
		good: 'ok-2',
		bad: './x',
	},
	// QR Code: Update, Get, Delete, Duplicate, Update Title, Update Tags, Download Image
	{
		category: 'path-like',
		field: 'QR Code',
		...qr('update', { qrCodeId: byId(VALUE), updateFields: { name: 'n' } }),
		good: 'qr_any',
		bad: '../x',
	},
	{
		category: 'path-like',
		field: 'QR Code',
		...qr('update', { qrCodeId: byId(VALUE), updateFields: { name: 'n' } }),
		good: 'qr_any',
		bad: 'a?b',
	},
	{
		category: 'empty or whitespace',
		field: 'QR Code',
		...qr('update', { qrCodeId: byId(VALUE), updateFields: { name: 'n' } }),
		good: 'qr_any',
		bad: '',
	},
	{
		category: 'enum',
		field: 'QR Type',
		...qr('update', {
			qrCodeId: byId('qr_any'),
			qrType: VALUE,
			qrRedirectUrl: 'https://example.com',
		}),
		good: 'WEB',
		bad: 'FAX',
	},
	{
		category: 'path-like',
		field: 'QR Code',
		...qr('get', { qrCodeId: byId(VALUE) }),
		good: 'qr_any',
		bad: 'a/b',
	},
	{
		category: 'path-like',
		field: 'QR Code',
		...qr('get', { qrCodeId: byId(VALUE) }),
		good: 'qr_any',
		bad: '%2F',
	},
	{
		category: 'empty or whitespace',
		field: 'QR Code',
		...qr('get', { qrCodeId: byId(VALUE) }),
		good: 'qr_any',
		bad: '   ',
	},
	{
		category: 'path-like',
		field: 'QR Code',
		...qr('delete', { qrCodeId: byId(VALUE) }),
		good: 'qr_any',
		bad: '..',
	},
	{
		category: 'huge',
		field: 'QR Code',
		...qr('duplicate', { qrCodeId: byId(VALUE) }),
		good: 'qr_any',
		bad: 'q'.repeat(201),
	},
	{
		category: 'empty or whitespace',
		field: 'Title',
		...qr('updateTitle', { qrCodeId: byId('qr_any'), title: VALUE }),
		good: 'A title',
		bad: '   ',
	},
	{
		category: 'path-like',
		field: 'QR Code',
		...qr('updateTitle', { qrCodeId: byId(VALUE), title: 'A title' }),
		good: 'qr_any',
		bad: '.',
	},
	{
		category: 'enum',
		field: 'Mode',
		...qr('updateTags', { qrCodeId: byId('qr_any'), mode: VALUE, tags: 'a' }),
		good: 'add',
		bad: 'merge',
	},
	{
		category: 'huge',
		field: 'Tags',
		...qr('updateTags', { qrCodeId: byId('qr_any'), mode: 'replace', tags: VALUE }),
		good: ['a'],
		bad: repeat(101, (index) => `t${index}`),
	},
	{
		category: 'wrong type',
		field: 'Tags',
		...qr('updateTags', { qrCodeId: byId('qr_any'), mode: 'replace', tags: VALUE }),
		good: ['a'],
		// a number is the tag it spells (a sheet's years); a switch's value is no tag
		bad: [true, false],
	},
	{
		category: 'path-like',
		field: 'QR Code',
		...qr('downloadImage', { qrCodeId: byId(VALUE) }),
		good: 'qr_any',
		bad: 'a\\b',
	},
	{
		category: 'empty or whitespace',
		field: 'Put Output File in Field',
		...qr('downloadImage', { qrCodeId: byId('qr_any'), binaryPropertyName: VALUE }),
		good: 'data',
		bad: '  ',
	},
	// QR Code: Check Display ID Availability, Get Many, Get Updated Since
	{
		category: 'path-like',
		field: 'Display ID',
		...qr('checkAvailability', { displayId: VALUE }),
		good: 'free-1',
		bad: 'a/b',
	},
	{
		category: 'empty or whitespace',
		field: 'Display ID',
		...qr('checkAvailability', { displayId: VALUE }),
		good: 'free-1',
		bad: '',
	},
	{ category: 'range', field: 'Limit', ...qr('getMany', { limit: VALUE }), good: 5, bad: 0 },
	{
		category: 'wrong type',
		field: 'Limit',
		...qr('getMany', { limit: VALUE }),
		good: 5,
		bad: 'ten',
	},
	{
		category: 'range',
		field: 'Page Size',
		...qr('getMany', { options: { pageSize: VALUE } }),
		good: 100,
		bad: 101,
	},
	{
		category: 'enum',
		field: 'Sort By',
		...qr('getMany', { options: { sortBy: VALUE } }),
		good: 'name',
		bad: 'colour',
	},
	{
		category: 'enum',
		field: 'Sort Order',
		...qr('getMany', { options: { sortOrder: VALUE } }),
		good: 'asc',
		bad: 'up',
	},
	{
		category: 'range',
		field: 'Since',
		...qr('getUpdatedSince', { since: VALUE }),
		good: 1704067200000,
		bad: 1704067200,
	},
	{
		category: 'format',
		field: 'Since',
		...qr('getUpdatedSince', { since: VALUE }),
		good: 1704067200000,
		bad: 'last tuesday',
	},
	{
		category: 'enum',
		field: 'Scope',
		...qr('getUpdatedSince', { since: 1704067200000, scope: VALUE }),
		good: 'team',
		bad: 'world',
	},
	// Design Template
	{
		category: 'range',
		field: 'Limit',
		operation: 'designTemplate.getMany',
		parameters: { resource: 'designTemplate', operation: 'getMany', limit: VALUE },
		good: 5,
		bad: -1,
	},
	// Analytics
	{
		category: 'path-like',
		field: 'QR Code',
		...analytics('getScans', { qrCodeId: byId(VALUE) }),
		good: 'qr_any',
		bad: 'a/b',
	},
	{
		category: 'enum',
		field: 'Time Range',
		...analytics('getScans', {
			qrCodeId: byId('qr_any'),
			timeRange: VALUE,
			startTime: 1704067200000,
			endTime: 1735689600000,
		}),
		good: 'last7Days',
		bad: 'forever',
	},
	{
		category: 'format',
		field: 'Start',
		...analytics('getScans', {
			qrCodeId: byId('qr_any'),
			timeRange: 'custom',
			startTime: VALUE,
			endTime: 1735689600000,
		}),
		good: 1704067200000,
		bad: 'not a date',
	},
	{
		category: 'range',
		field: 'End',
		...analytics('getScans', {
			qrCodeId: byId('qr_any'),
			timeRange: 'custom',
			startTime: 1735689600000,
			endTime: VALUE,
		}),
		good: 1767225600000,
		bad: 1704067200000,
	},
	{
		category: 'path-like',
		field: 'QR Code IDs',
		...analytics('getScansForCodes', { codeSelection: 'list', qrCodeIds: VALUE }),
		good: 'qr_a, qr_b',
		bad: 'qr_a, a/b',
	},
	{
		category: 'empty or whitespace',
		field: 'QR Code IDs',
		...analytics('getScansForCodes', { codeSelection: 'list', qrCodeIds: VALUE }),
		good: 'qr_a',
		bad: ' , ',
	},
	{
		category: 'huge',
		field: 'QR Code IDs',
		...analytics('getScansForCodes', { codeSelection: 'list', qrCodeIds: VALUE }),
		good: 'qr_a',
		bad: repeat(10_001, (index) => `qr_${index}`),
	},
	{
		category: 'wrong type',
		field: 'QR Code IDs',
		...analytics('getScansForCodes', { codeSelection: 'list', qrCodeIds: VALUE }),
		good: ['qr_a'],
		bad: [{ id: 'qr_a' }],
	},
	{
		category: 'path-like',
		field: 'QR Code IDs',
		...analytics('getTotals', { codeSelection: 'list', qrCodeIds: VALUE }),
		good: 'qr_a',
		bad: '../x',
	},
	{
		category: 'enum',
		field: 'Codes',
		...analytics('getTotals', {
			codeSelection: VALUE,
			qrCodeIds: 'qr_a',
			pickedQrCodeIds: ['qr_a'],
		}),
		good: 'list',
		bad: 'some',
	},
	{
		category: 'path-like',
		field: 'Team Override Name or ID',
		...analytics('getTotals', { codeSelection: 'all', options: { teamOverride: VALUE } }),
		good: 'TEAM',
		bad: 'a?b',
	},
	// Dynamic Link (simple interface)
	{
		category: 'format',
		field: 'Destination URL',
		operation: 'dynamicLink.create',
		parameters: { resource: 'dynamicLink', operation: 'create', destinationUrl: VALUE },
		good: 'https://example.com',
		bad: 'ftp://example.com',
	},
	{
		category: 'format',
		field: 'Destination URL',
		operation: 'dynamicLink.create',
		parameters: { resource: 'dynamicLink', operation: 'create', destinationUrl: VALUE },
		good: 'https://example.com/a%7Cb',
		bad: 'https://example.com/a|b',
	},
	{
		category: 'format',
		field: 'Color',
		operation: 'dynamicLink.create',
		parameters: {
			resource: 'dynamicLink',
			operation: 'create',
			destinationUrl: 'https://example.com',
			design: { patternColor: VALUE },
		},
		good: '#0A66C2',
		bad: 'red',
	},
	{
		category: 'format',
		field: 'Logo URL',
		operation: 'dynamicLink.create',
		parameters: {
			resource: 'dynamicLink',
			operation: 'create',
			destinationUrl: 'https://example.com',
			design: { logoUrl: VALUE },
		},
		good: 'https://example.com/logo.png',
		bad: 'logo.png',
	},
	{
		category: 'huge',
		field: 'Type',
		operation: 'dynamicLink.create',
		parameters: {
			resource: 'dynamicLink',
			operation: 'create',
			destinationUrl: 'https://example.com',
			type: VALUE,
		},
		good: 'dynamic',
		bad: 'd'.repeat(51),
	},
	// Team
	{
		category: 'empty or whitespace',
		field: 'Name',
		...teamOp('create', { name: VALUE }),
		good: 'New team',
		bad: '   ',
	},
	{
		category: 'huge',
		field: 'Name',
		...teamOp('create', { name: VALUE }),
		good: 'New team',
		bad: 'n'.repeat(201),
	},
	{ category: 'range', field: 'Limit', ...teamOp('getMany', { limit: VALUE }), good: 5, bad: 0 },
	{
		category: 'path-like',
		field: 'Team',
		...teamOp('get', { teamId: byId(VALUE) }),
		good: 'TEAM',
		bad: '../x',
	},
	{
		category: 'path-like',
		field: 'Team',
		...teamOp('rename', { teamId: byId(VALUE), name: 'Renamed' }),
		good: 'TEAM',
		bad: 'a?b',
	},
	{
		category: 'format',
		field: 'Domains',
		...teamOp('setDomains', { teamId: team, domains: VALUE }),
		good: 'qr.example.com',
		bad: 'https://qr.example.com',
	},
	{
		category: 'empty or whitespace',
		field: 'Domains',
		...teamOp('setDomains', { teamId: team, domains: VALUE }),
		good: 'qr.example.com',
		bad: ' ',
	},
	{
		category: 'huge',
		field: 'Domains',
		...teamOp('setDomains', { teamId: team, domains: VALUE }),
		good: 'qr.example.com',
		bad: repeat(101, (index) => `d${index}.example.com`).join(','),
	},
	{
		category: 'enum',
		field: 'Default Domain',
		...teamOp('setDomains', {
			teamId: team,
			domains: 'a.example.com, b.example.com',
			defaultDomain: VALUE,
		}),
		good: 'b.example.com',
		bad: 'c.example.com',
	},
	// Team Member
	{
		category: 'format',
		field: 'Email',
		...member('add', { teamId: team, name: 'Ada', email: VALUE, role: 'editor' }),
		good: 'ada@example.com',
		bad: 'ada@',
	},
	{
		category: 'path-like',
		field: 'Email',
		...member('add', { teamId: team, name: 'Ada', email: VALUE, role: 'editor' }),
		good: 'ada@example.com',
		bad: 'a/b@example.com',
	},
	// A value pasted with a separator or a broken domain is no address (before: looked up, not found, `unchanged`);
	// the good values are addresses a stricter rule would wrongly refuse.
	{
		category: 'format',
		field: 'Email',
		...member('remove', { teamId: team, email: VALUE }),
		good: "o'brien+ops@sub.example.co.uk",
		bad: 'erin@acme.example,',
	},
	{
		category: 'format',
		field: 'Email',
		...member('pause', { teamId: team, email: VALUE }),
		good: 'jörg@bücher.example',
		bad: '<erin@acme.example>',
	},
	{
		category: 'format',
		field: 'Email',
		...member('add', { teamId: team, name: 'Ada', email: VALUE, role: 'editor' }),
		good: 'a..b_c@xn--bcher-kva.example',
		bad: 'ada@example..com',
	},
	{
		category: 'format',
		field: 'Email',
		...member('resendInvite', { email: VALUE }),
		good: 'ADA@Example.COM',
		bad: 'ada@example.com.',
	},
	// A zero-width joiner or non-joiner belongs inside some scripts' words (Persian, Sinhala), not in a Latin one.
	{
		category: 'format',
		field: 'Email',
		...member('remove', { teamId: team, email: VALUE }),
		good: 'ada@\u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645.ir',
		bad: 'ada@exam\u200Cple.ir',
	},
	{
		category: 'format',
		field: 'Email',
		...qr('create', { qrType: 'VCARD', vcardFirstName: 'Ada', vcardEmail: VALUE }),
		good: 'ada@\u0DC1\u0DCA\u200D\u0DBB\u0DD3.lk',
		bad: 'ada@exam\u200Dple.com',
	},
	{
		category: 'path-like',
		field: 'Email',
		...member('add', { teamId: team, name: 'Ada', email: VALUE, role: 'editor' }),
		good: 'ada@example.com',
		bad: 'ada%2F@example.com',
	},
	{
		category: 'enum',
		field: 'Role',
		...member('add', { teamId: team, name: 'Ada', email: 'ada@example.com', role: VALUE }),
		good: 'viewer',
		bad: 'owner',
	},
	{
		category: 'empty or whitespace',
		field: 'Name',
		...member('add', { teamId: team, name: VALUE, email: 'ada@example.com', role: 'editor' }),
		good: 'Ada',
		bad: '\t ',
	},
	{
		category: 'path-like',
		field: 'Team',
		...member('add', {
			teamId: byId(VALUE),
			name: 'Ada',
			email: 'ada@example.com',
			role: 'editor',
		}),
		good: 'TEAM',
		bad: '../x',
	},
	{
		category: 'path-like',
		field: 'Email',
		...member('pause', { teamId: team, email: VALUE }),
		good: 'erin@acme.example',
		bad: '../x@example.com',
	},
	{
		category: 'empty or whitespace',
		field: 'Email',
		...member('activate', { teamId: team, email: VALUE }),
		good: 'erin@acme.example',
		bad: '   ',
	},
	{
		category: 'path-like',
		field: 'Team',
		...member('remove', { teamId: byId(VALUE), email: 'erin@acme.example' }),
		good: 'TEAM',
		bad: '%2F',
	},
	{
		category: 'path-like',
		field: 'Email',
		...member('delete', { teamId: team, email: VALUE }),
		good: 'erin@acme.example',
		bad: 'a?b@example.com',
	},
	{
		category: 'enum',
		field: 'Role',
		...member('changeRole', { teamId: team, email: 'erin@acme.example', role: VALUE }),
		good: 'viewer',
		bad: 'superuser',
	},
	{
		category: 'path-like',
		field: 'Team Name or ID',
		...member('addToTeams', {
			name: 'Ada',
			email: 'ada@example.com',
			teams: { team: [{ teamId: VALUE, role: 'editor' }] },
		}),
		good: 'TEAM',
		bad: 'a/b',
	},
	{
		category: 'enum',
		field: 'Role',
		...member('addToTeams', {
			name: 'Ada',
			email: 'ada@example.com',
			teams: { team: [{ teamId: 'TEAM', role: VALUE }] },
		}),
		good: 'editor',
		bad: 'owner',
	},
	{
		category: 'enum',
		field: 'Define Teams',
		...member('addToTeams', {
			name: 'Ada',
			email: 'ada@example.com',
			teamsSource: VALUE,
			teamsJson: '[{"teamId": "TEAM", "role": "editor"}]',
		}),
		good: 'json',
		bad: 'xml',
	},
	{
		category: 'format',
		field: 'Email',
		...member('resendInvite', { email: VALUE }),
		good: 'paula@acme.example',
		bad: 'paula@acme',
	},
	// A switch given by an expression as text other than "true" or "false" ("yes", "1", "on") is refused under its
	// label, never guessed as on or off, nor named "Input"; "TRUE" and " false " are read (switchText.*.test.ts).
	{
		category: 'wrong type',
		field: 'Return All',
		...qr('getMany', { returnAll: VALUE }),
		good: 'TRUE',
		bad: 'yes',
	},
	{
		category: 'wrong type',
		field: 'Simplify',
		...qr('get', { qrCodeId: byId('qr_any'), simplify: VALUE }),
		good: ' false ',
		bad: 'no',
	},
	{
		category: 'wrong type',
		field: 'Simplify',
		...qr('create', { ...web, simplify: VALUE }),
		good: false,
		bad: 'off',
	},
	{
		category: 'wrong type',
		field: 'Simplify',
		...qr('update', { qrCodeId: byId('qr_any'), updateFields: { name: 'New' }, simplify: VALUE }),
		good: false,
		bad: '0',
	},
	{
		category: 'wrong type',
		field: 'Simplify',
		...qr('createOrUpdate', { ...web, displayId: 'd1', simplify: VALUE }),
		good: false,
		bad: 'nein',
	},
	{
		category: 'wrong type',
		field: 'Include Deleted',
		...qr('getUpdatedSince', { since: 1_800_000_000_000, scope: 'team', includeDeleted: VALUE }),
		good: true,
		bad: 'on',
	},
	{
		category: 'enum',
		field: 'Mode',
		...qr('createOrUpdate', { ...web, mode: VALUE, displayId: 'd1' }),
		good: 'lookUpEachRow',
		bad: 'lookup',
	},
	{
		category: 'wrong type',
		field: 'Skip Unchanged',
		...qr('createOrUpdate', {
			...web,
			mode: 'lookUpEachRow',
			displayId: 'd1',
			options: { skipUnchanged: VALUE },
		}),
		good: false,
		bad: 'N',
	},
	{
		category: 'wrong type',
		field: 'Compare With Totals',
		...analytics('getReport', {
			codeSelection: 'list',
			qrCodeIds: 'qr_any',
			timeRange: 'last7Days',
			options: { compareWithTotals: VALUE },
		}),
		good: true,
		bad: '1',
	},
	{
		category: 'wrong type',
		field: 'One Item per Code',
		...analytics('getScansForCodes', {
			codeSelection: 'list',
			qrCodeIds: 'qr_any',
			timeRange: 'last7Days',
			options: { perCode: VALUE },
		}),
		good: true,
		bad: 'Y',
	},
	{
		category: 'wrong type',
		field: 'Always Send',
		...member('add', {
			teamId: team,
			name: 'Ada',
			email: 'ada@example.com',
			role: 'viewer',
			options: { alwaysSend: VALUE },
		}),
		good: true,
		bad: 'enabled',
	},
	{
		category: 'wrong type',
		field: 'Send When Email Is Hidden',
		...member('delete', {
			teamId: team,
			email: 'ada@example.com',
			options: { sendWhenEmailHidden: VALUE },
		}),
		good: true,
		bad: 'wahr',
	},
];
