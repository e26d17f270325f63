/**
 * What an AI agent reads about a list tool must say that the list stops at the Limit: an agent that is not told
 * takes the first 50 codes, scans, members, teams or templates for all of them (e.g. counts 50 scans).
 */
import {
	NodeHelpers,
	type INode,
	type INodeProperties,
	type INodeTypeDescription,
} from 'n8n-workflow';

import { Qrtrac } from '../../../nodes/Qrtrac/Qrtrac.node';
import { limitOption } from '../../../nodes/Qrtrac/descriptions/common';
import { fromAiKey } from '../../../nodes/Qrtrac/descriptions/toolDescriptions';
import { NODE_VERSIONS } from '../../../nodes/Qrtrac/descriptions/layoutVersions';
import { operationProperties } from '../../support/operationForm';

const description = new Qrtrac().description;
const version = NODE_VERSIONS[NODE_VERSIONS.length - 1];

/** Every (resource, operation) pair the tool variant offers, from its Tool Description fields. */
const operations = description.properties
	.filter((property) => property.name === 'toolDescription')
	.map((property) => ({
		resource: String(property.displayOptions?.show?.resource?.[0]),
		operation: String(property.displayOptions?.show?.operation?.[0]),
	}));

const computed = new Map<string, ReturnType<typeof NodeHelpers.getNodeParameters>>();

/** The parameters of an untouched tool node of this operation, each at its form default (computed once; read only). */
function toolDefaults(resource: string, operation: string) {
	const key = `${resource}:${operation}`;
	if (!computed.has(key)) {
		const typeDescription: INodeTypeDescription = { ...description, name: 'qrtracTool' };
		const node = { typeVersion: version, parameters: {} } as unknown as INode;
		computed.set(
			key,
			NodeHelpers.getNodeParameters(
				operationProperties(description.properties, resource, operation),
				{ resource, operation },
				true,
				false,
				node,
				typeDescription,
			),
		);
	}
	return computed.get(key);
}

const withLimit = operations.filter(
	({ resource, operation }) => toolDefaults(resource, operation)?.returnAll === false,
);

describe('Tool descriptions of list operations', () => {
	test('the list operations with a Limit are found', () => {
		expect(withLimit.map(({ resource, operation }) => `${resource}:${operation}`).sort()).toEqual([
			'analytics:getScans',
			'designTemplate:getMany',
			'qrCode:getMany',
			'team:getMany',
			'teamMember:getMany',
		]);
	});

	test.each(withLimit)(
		'$resource $operation: says the list stops at the Limit and how to get every entry',
		({ resource, operation }) => {
			const parameters = toolDefaults(resource, operation);
			expect(parameters?.limit).toBe(limitOption.default);
			const text = String(parameters?.toolDescription);
			// the node's Limit, whatever the user set: a default the node may not use would mislead the agent
			expect(text).toContain("at most the node's Limit entries");
			expect(text).not.toContain(`default ${String(limitOption.default)}`);
			expect(text).toContain('pass `Return_All` true');
			// Return All left to the model hides the Limit (its displayOptions): both are never arguments at once
			expect(text).not.toContain('`Limit`');
		},
	);
});

/** The form's properties shown for one operation (the tool variant's form of it). */
function formOf(resource: string, operation: string) {
	return description.properties.filter(
		(property) =>
			property.displayOptions?.show?.resource?.includes(resource) &&
			property.displayOptions?.show?.operation?.includes(operation),
	);
}

/**
 * An agent passes the Time Range as the form's values ("last7Days", not "last 7 days", which is refused) and
 * custom bounds as dates or epoch milliseconds: a date without an offset is read in the workflow's time zone, so a
 * description that does not say so gets ranges shifted by hours.
 */
describe('Tool descriptions of operations with times', () => {
	const withTimeRange = operations.filter(({ resource, operation }) =>
		formOf(resource, operation).some((property) => property.name === 'timeRange'),
	);
	// a moment the operation needs (not an optional one of a code's fields, such as a campaign's start)
	const withDates = operations.filter(({ resource, operation }) =>
		formOf(resource, operation).some(
			(property) => property.type === 'dateTime' && property.required === true,
		),
	);

	test('the operations with a Time Range and with a date field are found', () => {
		expect(
			withTimeRange.map(({ resource, operation }) => `${resource}:${operation}`).sort(),
		).toEqual(['analytics:getReport', 'analytics:getScans', 'analytics:getScansForCodes']);
		expect(withDates.map(({ resource, operation }) => `${resource}:${operation}`).sort()).toEqual([
			'analytics:getReport',
			'analytics:getScans',
			'analytics:getScansForCodes',
			'qrCode:getUpdatedSince',
		]);
	});

	test.each(withTimeRange)(
		'$resource $operation: says the node sets the Time Range (its default), the model the custom bounds',
		({ resource, operation }) => {
			const text = String(toolDefaults(resource, operation)?.toolDescription);
			const field = formOf(resource, operation).find((property) => property.name === 'timeRange');
			const label = (field?.options as Array<{ name: string; value: string }>).find(
				(option) => option.value === field?.default,
			)?.name;
			expect(text).toContain(`Set in the node: Time Range (default ${String(label)};`);
			expect(text).not.toContain('`Time_Range`');
			expect(text).toMatch(/With Custom, pass `Start` and `End`/);
		},
	);

	/** Last 7 Days is not 168 hours across a change of the clocks, and a Start ahead of now is refused (timeRange.ts). */
	test.each(withTimeRange)(
		'$resource $operation: says the day presets count calendar days and a future startTime is refused',
		({ resource, operation }) => {
			const text = String(toolDefaults(resource, operation)?.toolDescription);
			expect(text).toMatch(/day ranges are calendar days in the workflow's time zone/);
			expect(text).toMatch(/future Start is refused/);
		},
	);

	/** An End of a day or a month alone is its last millisecond, not its first (timeRange.ts `namedUnit`). */
	test.each(withTimeRange)(
		'$resource $operation: says an End of a date alone covers that day and of a month alone (2026-03) that month',
		({ resource, operation }) => {
			const text = String(toolDefaults(resource, operation)?.toolDescription);
			expect(text).toMatch(/End day \(2026-03-10\) or month \(2026-03\) alone covers all of it/);
		},
	);

	test.each(withDates)(
		"$resource $operation: says a date without an offset is read in the workflow's time zone, and epoch ms",
		({ resource, operation }) => {
			const text = String(toolDefaults(resource, operation)?.toolDescription);
			expect(text).toMatch(/without an offset.*workflow's time zone/);
			expect(text).toContain('epoch milliseconds (not seconds)');
		},
	);
});

/**
 * What each change reports in `result` (node 1.2, helpers/outcome.ts), as its code gives it: an agent told only
 * "returns the new code" cannot tell a repeated call's `unchanged` from a change, nor an add sent unchecked.
 */
const RESULTS: Record<string, string[]> = {
	'qrCode:create': ['created'],
	'qrCode:createOrUpdate': ['created', 'updated', 'unchanged'],
	'qrCode:delete': ['deleted', 'unchanged'],
	'qrCode:duplicate': ['created'],
	'qrCode:update': ['updated', 'unchanged'],
	'qrCode:updateTags': ['updated', 'unchanged'],
	'qrCode:updateTitle': ['updated', 'unchanged'],
	'team:create': ['created'],
	'team:rename': ['updated', 'unchanged'],
	'team:setDomains': ['updated', 'unchanged'],
	'teamMember:activate': ['activated', 'unchanged'],
	'teamMember:add': ['added', 'roleChanged', 'unchanged', 'sent'],
	'teamMember:addToTeams': ['sent', 'updated', 'unchanged', 'added', 'roleChanged'],
	'teamMember:changeRole': ['roleChanged', 'unchanged'],
	'teamMember:delete': ['deleted', 'unchanged'],
	'teamMember:pause': ['paused', 'unchanged'],
	'teamMember:remove': ['removed', 'unchanged'],
	'teamMember:resendInvite': ['inviteResent', 'unchanged'],
	'dynamicLink:create': ['created'],
};

/** The operations that change nothing, so report no `result`. */
const READS = [
	'analytics:getReport',
	'analytics:getScans',
	'analytics:getScansForCodes',
	'analytics:getTotals',
	'designTemplate:getMany',
	'qrCode:checkAvailability',
	'qrCode:downloadImage',
	'qrCode:get',
	'qrCode:getMany',
	'qrCode:getUpdatedSince',
	'team:get',
	'team:getMany',
	'teamMember:getMany',
];

describe('Tool descriptions of changes', () => {
	test('every operation is a change with its results or a read', () => {
		expect(operations.map(({ resource, operation }) => `${resource}:${operation}`).sort()).toEqual(
			[...Object.keys(RESULTS), ...READS].sort(),
		);
	});

	test.each(Object.entries(RESULTS))('%s: names every result it reports', (key, results) => {
		const [resource, operation] = key.split(':');
		const text = String(toolDefaults(resource, operation)?.toolDescription);
		expect(text).toContain('result');
		for (const result of results) expect(text).toMatch(new RegExp(`\\b${result}\\b`));
	});
});

/**
 * An add is `sent` unchecked also when the team lists members without an email (one may be the person): an agent
 * told only "Always Send or no members" reads `sent` on a team with members as something it asked for, and
 * misses the `rosterNote` that says why.
 */
describe('Tool descriptions of the adds sent unchecked', () => {
	test.each(['add', 'addToTeams'])(
		'teamMember:%s: says when it is sent and names rosterNote',
		(operation) => {
			const text = String(toolDefaults('teamMember', operation)?.toolDescription);
			expect(text).toMatch(/\bsent\b[^.]*members without an email/);
			expect(text).toContain('rosterNote');
		},
	);
});

/**
 * What a call removes or replaces must be in its description: an agent asked to "set a domain" or "tag a code"
 * otherwise drops the others. Nothing the contract does not promise (a deleted code's image working on).
 */
describe('Tool descriptions of changes that remove or replace', () => {
	const text = (key: string) => {
		const [resource, operation] = key.split(':');
		return String(toolDefaults(resource, operation)?.toolDescription);
	};

	test.each([
		['qrCode:delete', [/cannot restore/]],
		['qrCode:updateTags', [/Replace with no tags removes every tag/]],
		['team:setDomains', [/replaces the team's current domains/, /`Default_Domain`/]],
	])('%s: says what it removes or replaces', (key, says) => {
		for (const pattern of says as RegExp[]) expect(text(key)).toMatch(pattern);
	});

	test('qrCode:delete promises nothing about the deleted code the contract does not', () => {
		expect(text('qrCode:delete')).not.toMatch(/image still works/);
	});
});

/**
 * Get Report's output differs by layout: an agent told only "per code" misreads the day rows (their `date`, and
 * `partialDay` on a day the range covers in part, e.g. today) and the Summary's one item with `perCode` inside.
 */
describe('Tool description of Get Report', () => {
	const text = String(toolDefaults('analytics', 'getReport')?.toolDescription);
	const form = formOf('analytics', 'getReport');

	test('names Report Layout and Breakdowns as set in the node, with the default layout', () => {
		const layout = form.find((property) => property.name === 'reportLayout');
		const labels = (layout?.options as Array<{ name: string; value: string }>).map(
			(option) => option.name,
		);
		expect(text).toContain(`Set in the node: Report Layout (default ${labels[0]};`);
		for (const label of labels) expect(text).toContain(label);
		expect(text).toMatch(/Breakdowns \(e\.g\. Country adds byCountry/);
	});

	test("names the form's options by their labels", () => {
		for (const label of ['Compare With Totals', 'Top Values', 'Unique Visitor Key'])
			expect(text).toContain(label);
		expect(text).toMatch(/Compare With Totals[^;]*allTimeScans[^;]*totalsNote/);
		// "distinct IP addresses" holds for the default key only
		expect(text).not.toMatch(/uniqueScans \(distinct IP addresses;/);
	});

	test('says what each layout returns: day rows with date and partialDay, one summary with perCode', () => {
		expect(text).toMatch(/Code and Day[^;]*\bdate\b[^;]*\bpartialDay\b/);
		expect(text).toMatch(/Summary[^;]*\bperCode\b/);
		for (const field of ['rangeStart', 'rangeEnd', 'uniqueScansNote', 'firstScanAt', 'lastScanAt'])
			expect(text).toContain(field);
	});
});

/**
 * The tool variant starts the scan operations with Codes as a list of IDs (toolDefaults.unit.test.ts): the agent
 * must be told the field, qrCodeIds, and how to ask for every code instead, or it passes names or nothing.
 */
describe('Tool descriptions of the scan operations on many codes', () => {
	const withCodeIds = operations.filter(({ resource, operation }) =>
		Object.keys(toolDefaults(resource, operation) ?? {}).includes('qrCodeIds'),
	);

	test('the operations taking a list of code IDs are found', () => {
		expect(withCodeIds.map(({ resource, operation }) => `${resource}:${operation}`).sort()).toEqual(
			['analytics:getReport', 'analytics:getScansForCodes', 'analytics:getTotals'],
		);
	});

	test.each(withCodeIds)(
		'$resource $operation: names QR_Code_IDs, its forms, and All Codes of the Team set in the node',
		({ resource, operation }) => {
			const text = String(toolDefaults(resource, operation)?.toolDescription);
			expect(text).toMatch(/Pass `QR_Code_IDs`[^.]*comma-separated[^.]*JSON list/);
			expect(text).toMatch(/Set in the node: Codes \(default List of IDs; All Codes of the Team/);
		},
	);

	/**
	 * Get for a Code keeps the scans in the order QRTRAC sends them, which the contract does not give: the Limit's
	 * first 50 are not the latest, and an agent not told so reports "the last scans" from an arbitrary part.
	 */
	test("getScans: says the Limit keeps the first scans in QRTRAC's order, not the latest", () => {
		const text = String(toolDefaults('analytics', 'getScans')?.toolDescription);
		expect(text).toMatch(/in the order QRTRAC sends them \(not sorted by time\)/);
		expect(text).toMatch(/for the latest scans pass `Return_All` true/);
	});

	test('getScansForCodes: says it returns every scan of the range, points to getReport for counts', () => {
		const text = String(toolDefaults('analytics', 'getScansForCodes')?.toolDescription);
		expect(text).toMatch(/every scan[^.]*no limit/);
		expect(text).toContain('Get Report');
		expect(text).toMatch(/One Item per Code option on/);
		expect(text).toContain('ipAddress');
	});
});

/**
 * A Display ID the service refuses fails after the call: the agent needs the whole rule (validation.ts
 * displayIdSchema), and Create's fields by the names the form gives them.
 */
/**
 * n8n builds a tool's arguments from `$fromAI` keys, which take letters, digits, _ and - only: a field named by its
 * path in the form (`options.topN`) is an argument no agent can pass.
 */
test('no tool description names a field by a dotted path', () => {
	for (const { resource, operation } of operations)
		expect(String(toolDefaults(resource, operation)?.toolDescription)).not.toMatch(
			/\b(filters|options|additionalFields|updateFields)\.\w/,
		);
});

describe('Tool descriptions of the QR code lists', () => {
	test('Get Updated Since: Scope set in the node, Include_Deleted passed, and no limit', () => {
		const text = String(toolDefaults('qrCode', 'getUpdatedSince')?.toolDescription);
		expect(text).toContain(
			'Set in the node: Scope (default This Team; All Teams of the Organization)',
		);
		expect(text).toContain('pass `Include_Deleted` true');
		expect(text).toMatch(/no limit/);
	});

	test("Get Many names the Filters' Search by its button's key, not by where the user finds it", () => {
		const text = String(toolDefaults('qrCode', 'getMany')?.toolDescription);
		expect(text).toMatch(/pass `Search`: /);
		expect(text).not.toContain('Filters');
	});

	/**
	 * The contract's search "matches name or displayId" and says no more: a service may match case-sensitively
	 * (simulator listDrift.ts), so an agent told "not case-sensitive" reads an empty list as "no such code".
	 */
	test('Get Many promises no case rule of the search, and says what to try when nothing matches', () => {
		const text = String(toolDefaults('qrCode', 'getMany')?.toolDescription);
		expect(text).not.toMatch(/case-sensitive|case-insensitive/);
		expect(text).toMatch(/nothing matches[^.]*another case/);
	});
});

describe('Tool descriptions of operations with a Display ID', () => {
	const withDisplayId = operations.filter(({ resource, operation }) =>
		Object.keys(toolDefaults(resource, operation) ?? {}).includes('displayId'),
	);

	test('the operations with a Display ID field are found', () => {
		expect(
			withDisplayId.map(({ resource, operation }) => `${resource}:${operation}`).sort(),
		).toEqual(['qrCode:checkAvailability', 'qrCode:create', 'qrCode:createOrUpdate']);
	});

	test.each(withDisplayId)(
		'$resource $operation: states the whole Display ID rule',
		({ resource, operation }) => {
			const text = String(toolDefaults(resource, operation)?.toolDescription);
			expect(text).toMatch(/`Display_ID`[^.]*letters, digits and - _ \. ~ %/);
			expect(text).toContain('at most 200 characters');
			expect(text).toContain('%XX');
		},
	);

	test.each(['create', 'createOrUpdate'])(
		"qrCode:%s: names the fields by their buttons' keys, QR Type as set in the node",
		(operation) => {
			const text = String(toolDefaults('qrCode', operation)?.toolDescription);
			expect(text).toMatch(/Pass [\s\S]*`Name`[^.]*`Redirect_URL`/);
			expect(text).toContain('`Display_ID`');
			expect(text).toMatch(/QR Type[^.]*set in the node|Set in the node: QR Type/);
		},
	);
});

/**
 * What comes back as the code does it: an image in any format QRTRAC serves (downloadImage.operation.ts
 * imageTypeOf), and an unchanged Create or Update whose password was not compared says so in passwordNote: an
 * agent told "unchanged" alone takes the password as set.
 */
describe('Tool descriptions of what QR code reads and writes return', () => {
	const text = (operation: string) => String(toolDefaults('qrCode', operation)?.toolDescription);

	/** The agent gets the JSON only (below): the text leads with what it gets, the image's formats are the user's. */
	test("qrCode:downloadImage: leads with the image's address and the main fields, no file formats", () => {
		expect(text('downloadImage')).toMatch(
			/^Gives a QR code's image address \(qrImageUrl\) and main fields/,
		);
		expect(text('downloadImage')).not.toMatch(/PNG|JPEG|GIF|WebP|SVG|MIME/);
	});

	test('qrCode:createOrUpdate: names passwordNote on an unchanged code', () => {
		expect(text('createOrUpdate')).toMatch(/unchanged[^.]*passwordNote/);
	});

	/**
	 * n8n gives an AI agent a tool's JSON only (n8n-core mapResult drops binary data, the V3 agent reads
	 * `item.json`): a text promising the image as binary data sends the agent looking for a file it never gets.
	 */
	test('qrCode:downloadImage: says an agent gets the fields, qrImageUrl among them, not the file', () => {
		expect(text('downloadImage')).not.toMatch(/Returns[^.]*image as binary data/);
		expect(text('downloadImage')).toMatch(/qrImageUrl/);
		expect(text('downloadImage')).toMatch(/n8n passes no binary data to an AI agent/);
	});

	/**
	 * Sync, the Mode a tool starts with, reads every code of the team before a call's row when it holds no recent
	 * snapshot (shared/teamCodes.ts): one request per 100 codes, which an agent calling it for one code is not told.
	 */
	test('qrCode:createOrUpdate: names Mode as set in the node and what Sync reads', () => {
		expect(text('createOrUpdate')).toContain(
			"Set in the node: Mode (default Sync (Read Team's Codes Once): a call may first read every code of the team, one request per 100 codes; Look Up Each Row: a search by the Display ID)",
		);
	});
});

/**
 * Pause, Activate and Change Role are not sent for a person the team's members do not list (memberChange.ts): an
 * agent not told so retries the same e-mail or reports a change as made.
 */
test.each(['pause', 'activate', 'changeRole', 'delete'])(
	'teamMember:%s: says a person the team does not list fails with nothing sent',
	(operation) => {
		const text = String(toolDefaults('teamMember', operation)?.toolDescription);
		expect(text).toMatch(/fails with nothing sent when the team does not list the email/i);
	},
);

/**
 * The model sees a tool's arguments by the keys n8n's "Let the model define" button writes, not the fields'
 * internal names: n8n's editor (1.123.81 and 2.41.1, focusPanel store) takes the field's label, every character
 * outside [a-zA-Z0-9-] as `_`, at most 63 characters, and offers the button on no options or credential picker
 * and no field with noDataExpression. Every key a description names (in backticks) must be such a key of a field
 * the tool variant shows for that operation (or one inside a collection it shows).
 */
describe("Tool descriptions name arguments by the button's key", () => {
	const buttonKey = (label: string) => label.replace(/[^a-zA-Z0-9-]/g, '_').slice(0, 63);
	const takesButton = (field: INodeProperties) =>
		!['options', 'credentialsSelect'].includes(field.type) && field.noDataExpression !== true;

	/**
	 * The fields the tool variant shows for the operation at its defaults or with one of its option fields set
	 * otherwise (Time Range Custom shows Start and End), and those inside the collections it shows.
	 */
	function shownFields(resource: string, operation: string): INodeProperties[] {
		const typeDescription: INodeTypeDescription = { ...description, name: 'qrtracTool' };
		const defaults = toolDefaults(resource, operation) ?? {};
		const shownWith = (parameters: typeof defaults) =>
			description.properties.filter(
				(property) =>
					property.name !== 'toolDescription' &&
					NodeHelpers.displayParameter(
						parameters,
						property,
						{ typeVersion: version, parameters } as unknown as INode,
						typeDescription,
					),
			);
		const atDefaults = shownWith(defaults);
		const settings = atDefaults
			.filter((field) => field.type === 'options' && field.noDataExpression !== true)
			.flatMap((field) =>
				(field.options as Array<{ value: string }>).map((option) => ({
					...defaults,
					[field.name]: option.value,
				})),
			);
		const shown = [...new Set([...atDefaults, ...settings.flatMap(shownWith)])];
		return [
			...shown,
			...shown
				.filter((field) => field.type === 'collection')
				.flatMap((field) => field.options as INodeProperties[]),
		];
	}

	test("the key helper writes the editor's key", () => {
		expect(fromAiKey('QR Code IDs')).toBe('QR_Code_IDs');
		expect(fromAiKey('Return All')).toBe('Return_All');
		expect(fromAiKey('Teams (JSON)')).toBe('Teams__JSON_');
		expect(fromAiKey('Send-When: ok')).toBe('Send-When__ok');
		expect(fromAiKey('x'.repeat(70))).toHaveLength(63);
	});

	test.each(operations)(
		'$resource $operation: every key named is the key of a shown field that takes the button',
		({ resource, operation }) => {
			const text = String(toolDefaults(resource, operation)?.toolDescription);
			const keys = new Map(
				shownFields(resource, operation)
					.filter(takesButton)
					.map((field) => [buttonKey(field.displayName), field.name]),
			);
			const named = [...text.matchAll(/`([^`]*)`/g)].map((match) => match[1]);
			for (const key of named) expect([key, keys.has(key)]).toEqual([key, true]);
		},
	);

	test.each(operations)(
		'$resource $operation: "pass" introduces only keys, never an options field or an internal name',
		({ resource, operation }) => {
			const text = String(toolDefaults(resource, operation)?.toolDescription);
			for (const [, next] of text.matchAll(/\bpass (\S+)/gi)) expect(next).toMatch(/^`/);
			for (const field of shownFields(resource, operation).filter(
				(candidate) => !takesButton(candidate),
			)) {
				expect(text).not.toContain(`\`${buttonKey(field.displayName)}\``);
				expect(text).not.toMatch(new RegExp(`\\bpass \\S*\\b${field.name}\\b`, 'i'));
			}
		},
	);

	/**
	 * OpenAI refuses a whole request whose tool has a longer description ("Invalid 'tools[0].function.description':
	 * string too long. Expected a string with maximum length 1024"): an AI Agent on an OpenAI model fails every run
	 * with such a tool attached, whichever tool it meant to call.
	 */
	test.each(operations)(
		"$resource $operation: the text is at most 1,024 characters, OpenAI's limit for a tool's description",
		({ resource, operation }) => {
			expect(String(toolDefaults(resource, operation)?.toolDescription).length).toBeLessThanOrEqual(
				1024,
			);
		},
	);
});

/**
 * The package defines Tool Description itself, so n8n adds no "Set Automatically": an edited text stays when the
 * operation changes. The field says how to get the new operation's text back.
 */
test("every Tool Description field's hint says to reset it after changing the operation", () => {
	const fields = description.properties.filter((property) => property.name === 'toolDescription');
	expect(fields.length).toBe(operations.length);
	for (const field of fields)
		expect(field.hint).toMatch(/After changing the operation, use ⋮ > Reset Value/);
});

test('a notice on the tool variant only says the model fills only the fields handed to it', () => {
	const notices = description.properties.filter(
		(property) => property.type === 'notice' && property.displayOptions?.show?.['@tool'],
	);
	expect(notices).toHaveLength(1);
	expect(notices[0].displayOptions).toEqual({ show: { '@tool': [true] } });
	expect(notices[0].displayName).toMatch(
		/^The model fills only the fields where you clicked "Let the model define"/,
	);
	const canvas = NodeHelpers.getNodeParameters(
		description.properties,
		{ resource: 'qrCode', operation: 'get' },
		true,
		false,
		{ typeVersion: version, parameters: {} } as unknown as INode,
		description,
	);
	expect(canvas).not.toHaveProperty(notices[0].name);
	expect(toolDefaults('qrCode', 'get')).toHaveProperty(notices[0].name);
});

/**
 * Team > Get gives each member the shape Team Member > Get Many gives (records/member.ts describeMember) from 1.2;
 * nodes saved before keep the members as QRTRAC sent them, without status and teamId.
 */
test('team:get names the status and teamId of each member, from node version 1.2', () => {
	const text = String(toolDefaults('team', 'get')?.toolDescription);
	expect(text).toMatch(/members \([^)]*status \(active, paused or pending\)/);
	expect(text).toMatch(/status and teamId[^.]*from node version 1\.2/);
});
