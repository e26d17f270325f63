import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { description as analyticsForm } from '../actions/analytics';
import { description as designTemplateForm } from '../actions/designTemplate';
import { description as dynamicLinkForm } from '../actions/dynamicLink';
import type { QrtracOperations, QrtracResource } from '../actions/node.type';
import { AS_TOOL } from './common';
import { description as qrCodeForm } from '../actions/qrCode';
import { description as teamForm } from '../actions/team';
import { description as teamMemberForm } from '../actions/teamMember';

/*
 * The convention of every text below: what the model may be given is named by the key n8n's "Let the model define"
 * button writes, in backticks ("Pass `QR_Code_IDs`: ..."); a field the button is not offered on (options) is what
 * the node is set to ("Set in the node: Time Range (...)"), never an argument.
 */

/**
 * The `$fromAI` key n8n's "Let the model define" button writes for a field (editor 1.123 and 2.41, focusPanel
 * store): its label with every character outside [a-zA-Z0-9-] as `_`, at most 63 characters. The model sees
 * this key, never the field's internal name.
 */
export function fromAiKey(displayName: string): string {
	return displayName.replace(/[^a-zA-Z0-9-]/g, '_').slice(0, 63);
}

/** Whether n8n offers the button on a field: not on options or credential pickers, nor on fixed-value fields. */
function takesModelValue(field: INodeProperties): boolean {
	return !['options', 'credentialsSelect'].includes(field.type) && field.noDataExpression !== true;
}

/**
 * One operation's form on the tool variant (its fields and those inside its collections): the texts name fields
 * through it, so a renamed label changes the text, and a field that is not there fails at load.
 */
class ToolForm {
	constructor(
		private readonly fields: INodeProperties[],
		private readonly where: string,
	) {}

	private field(name: string): INodeProperties {
		const field = this.fields.find((candidate) => candidate.name === name);
		if (!field)
			throw new Error(`${this.where}: the tool description names ${name}, not in its form`);
		return field;
	}

	/** A value the model may be given: the button's key, in backticks. */
	arg(name: string): string {
		const field = this.field(name);
		if (!takesModelValue(field))
			throw new Error(`${this.where}: ${name} takes no model value; name it with set()`);
		return `\`${fromAiKey(field.displayName)}\``;
	}

	/** A field the node is set to: its label. */
	set(name: string): string {
		return this.field(name).displayName;
	}

	/** The label of an option field's value (its default when none is given). */
	choice(name: string, value?: string): string {
		const field = this.field(name);
		const wanted = value ?? String(field.default);
		const option = (field.options as INodePropertyOptions[]).find((o) => o.value === wanted);
		if (!option) throw new Error(`${this.where}: ${name} has no value ${wanted}`);
		return option.name;
	}
}

/** The fields of one operation on the tool variant, collections opened, from its resource's form. */
function formOf(form: INodeProperties[], resource: string, operation: string): ToolForm {
	const fields = form.filter(
		(property) =>
			property.displayOptions?.show?.resource?.includes(resource) &&
			property.displayOptions?.show?.operation?.includes(operation) &&
			!property.displayOptions?.hide?.['@tool'],
	);
	const opened = [
		...fields,
		...fields
			.filter((field) => field.type === 'collection')
			.flatMap((field) => field.options as INodeProperties[]),
	];
	return new ToolForm(opened, `${resource}:${operation}`);
}

/** The Display ID rule as validation.ts displayIdSchema applies it: a value it refuses fails the call. */
const DISPLAY_ID_RULE =
	'letters, digits and - _ . ~ % only, at most 200 characters, % only in a %XX escape, not only dots';

/** How a moment is passed (dateOrEpochMs.ts, timeRange.ts): an agent not told the zone shifts its ranges by hours. */
const MOMENT =
	"an ISO date-time (without an offset: the workflow's time zone) or epoch milliseconds (not seconds)";

/**
 * The list operations stop at the Limit unless Return All is on: an agent not told so takes the first entries for
 * all of them. When Return All is left to the model, n8n hides the Limit, so only Return All is named as an
 * argument. No number: the user may have set another Limit than the form's default.
 */
function upToLimit(f: ToolForm): string {
	return `The list holds at most the node's ${f.set('limit')} entries; pass ${f.arg('returnAll')} true for every one.`;
}

/** The Time Range is set in the node; with Custom its bounds may be the model's (timeRange.ts rules). */
function timeRange(f: ToolForm): string {
	return `Set in the node: ${f.set('timeRange')} (default ${f.choice('timeRange')}; day ranges are calendar days in the workflow's time zone). With ${f.choice('timeRange', 'custom')}, pass ${f.arg('startTime')} and ${f.arg('endTime')}, each ${MOMENT}; a future ${f.set('startTime')} is refused; an ${f.set('endTime')} day (2026-03-10) or month (2026-03) alone covers all of it.`;
}

/** Which codes a scan read covers: the tool variant starts with List of IDs, so the ids are the model's. */
function codes(f: ToolForm): string {
	return `Pass ${f.arg('qrCodeIds')}: ids of the team's codes (not names or Display IDs), comma-separated or a JSON list. Set in the node: ${f.set('codeSelection')} (default ${f.choice('codeSelection')}; ${f.choice('codeSelection', 'all')}).`;
}

/** Get Report's layouts as they come out (reportItems.ts), and its options, named as the form shows them. */
function report(f: ToolForm): string {
	return `Set in the node: ${f.set('reportLayout')} (default ${f.choice('reportLayout')}; ${f.choice('reportLayout', 'perCodeAndDay')}: rows with date and partialDay (a day covered in part); ${f.choice('reportLayout', 'summary')}: totals and perCode), ${f.set('breakdowns')} (e.g. ${f.choice('breakdowns', 'country')} adds byCountry [{value, scans}], ${f.set('topN')} first, then other) and ${f.set('uniqueVisitorKey')}. Per code: qrId, qrName, scans, uniqueScans (or null and uniqueScansNote), firstScanAt, lastScanAt, rangeStart, rangeEnd; ${f.set('compareWithTotals')} adds allTimeScans and totalsNote.`;
}

type Text = (f: ToolForm) => string;

/**
 * What an AI agent reads about each operation when the node is used as a tool (n8n's `<node>Tool` variant): when
 * to use it, what to pass, and what comes back. n8n's automatic description is only the action's name ("Create
 * a QR code in QRTRAC"); these fields, shown on the tool variant only, take its place and stay editable.
 */
const TOOL_DESCRIPTIONS: { [R in QrtracResource]: Record<QrtracOperations[R], Text> } = {
	qrCode: {
		checkAvailability: (f) =>
			`Check whether a custom Display ID (the short-link path of a QR code) is still free. Pass ${f.arg('displayId')}: ${DISPLAY_ID_RULE}. Returns {displayId, available (true/false), message}.`,
		create: (f) =>
			`Create a dynamic QR code. Set in the node: ${f.set('qrType')} (default ${f.choice('qrType')}, which opens a web address). Pass ${f.arg('name')}, ${f.arg('qrRedirectUrl')} (for ${f.choice('qrType')} or ${f.choice('qrType', 'SHORT_LINK')}: the full http(s) address; percent-encode spaces and non-ASCII letters) and optionally ${f.arg('displayId')} for a custom short link (${DISPLAY_ID_RULE}; QRTRAC picks one when empty). Returns the new code: id (use it in other QR code tools), displayId, name, qrType, qrRedirectUrl, qrImageUrl, shortUrl, tags, createdAt, and result: created.`,
		createOrUpdate: (f) =>
			`Create the code with this Display ID, or update it when it exists (safe to repeat: nothing is duplicated). Pass ${f.arg('displayId')} (${DISPLAY_ID_RULE}), ${f.arg('name')} and ${f.arg('qrRedirectUrl')} (the http(s) address a ${f.choice('qrType')} code opens); ${f.set('qrType')} is set in the node. Set in the node: ${f.set('mode')} (default ${f.choice('mode')}: a call may first read every code of the team, one request per 100 codes; ${f.choice('mode', 'lookUpEachRow')}: a search by the Display ID). Returns the code with result: created, updated (with changedFields) or unchanged (with passwordNote when a password was given that QRTRAC hides, so it was not compared: use update to set it). Never deletes: Delete Missing is refused on a tool.`,
		delete: (f) =>
			`Delete a QR code (QRTRAC keeps it marked deleted; this node cannot restore it). Pass ${f.arg('qrCodeId')}: the code's id (not its Display ID). Returns {deleted: true, id, result: deleted, or unchanged when it was deleted already}.`,
		downloadImage: (f) =>
			`Gives a QR code's image address (qrImageUrl) and main fields (id, displayId, name, qrType, qrRedirectUrl, shortUrl, tags, times): use qrImageUrl to show or share the image. Pass ${f.arg('qrCodeId')}: the code's id. The node also downloads the image as a file, but n8n passes no binary data to an AI agent.`,
		duplicate: (f) =>
			`Copy a QR code; the copy gets a new id and Display ID. Pass ${f.arg('qrCodeId')}: the code's id. Returns the copy with result: created (each call makes another copy).`,
		get: (f) =>
			`Get one QR code. Pass ${f.arg('qrCodeId')}: the code's id (as other tools return it; not its Display ID). Returns id, displayId, name, qrType, qrRedirectUrl, shortUrl, tags, createdAt, updatedAt.`,
		getMany: (f) =>
			`List or search the team's QR codes, most recently changed first. Optionally pass ${f.arg('search')}: part of a name or Display ID, matched by QRTRAC (when nothing matches, try another case or a shorter part). Returns codes (id, displayId, name, qrType, qrRedirectUrl, shortUrl, tags, times); an empty list means nothing matched. ${upToLimit(f)}`,
		getUpdatedSince: (f) =>
			`List the QR codes changed after a moment. Pass ${f.arg('since')}: ${MOMENT}. Optionally pass ${f.arg('includeDeleted')} true to add codes deleted since then (with deleted: true). Set in the node: ${f.set('scope')} (default ${f.choice('scope')}; ${f.choice('scope', 'organization')}). Returns every changed code once, as it is now, oldest change first, with no limit: an old moment returns the whole team.`,
		update: (f) =>
			`Change fields of an existing QR code; fields not given stay as they are. Pass ${f.arg('qrCodeId')}: the code's id (not its Display ID), and the fields to change (Update Fields), e.g. ${f.arg('qrRedirectUrl')}, the address a ${f.choice('qrType', 'WEB')} code opens, or ${f.arg('name')}. Returns the code with result: updated (with changedFields) or unchanged (nothing to change).`,
		updateTags: (f) =>
			`Replace, add or remove tags of a QR code. Pass ${f.arg('qrCodeId')}: the code's id, and ${f.arg('tags')}, separated by commas. Set in the node: ${f.set('mode')} (default ${f.choice('mode')}: the code keeps only the tags given, so ${f.choice('mode')} with no tags removes every tag; ${f.choice('mode', 'add')}; ${f.choice('mode', 'remove')}). Returns the code with its tags and result: updated or unchanged.`,
		updateTitle: (f) =>
			`Rename a QR code. Pass ${f.arg('qrCodeId')}: the code's id, and ${f.arg('title')}: the new title. Returns the code with result: updated or unchanged.`,
	},
	designTemplate: {
		getMany: (f) =>
			`List the design templates of the team (for the template of a new code). Returns a list of {id, name, description, previewUrl}. ${upToLimit(f)}`,
	},
	analytics: {
		getReport: (f) =>
			`Scan counts and unique visitors per QR code. ${codes(f)} ${timeRange(f)} ${report(f)}`,
		getScans: (f) =>
			`List the scan events of one QR code. Pass ${f.arg('qrCodeId')}: the code's id. ${timeRange(f)} Returns one entry per scan, in the order QRTRAC sends them (not sorted by time): scanTime, device, browser, os, country, city, referrer, and ipAddress (hashed unless the ${f.set('ipAddress')} option says otherwise). ${upToLimit(f)} The Limit keeps the first ones sent: for the latest scans pass ${f.arg('returnAll')} true.`,
		getScansForCodes: (f) =>
			`The scan events of QR codes in a time range: every scan, with no limit (thousands for busy codes); for counts use a Get Report tool. ${codes(f)} ${timeRange(f)} Returns one entry per scan: qrId, qrName, scanTime, device, browser, os, country, city, referrer, and ipAddress (hashed unless the ${f.set('ipAddress')} option says Keep or Remove); with the ${f.set('perCode')} option on, one entry per code instead: qrId, qrName, scans, firstScanTime, lastScanTime, countries, devices.`,
		getTotals: (f) =>
			`Read how often QR codes were scanned. ${codes(f)} Returns one entry per code: qrId (id before node version 1.2), qrName, totalScans, todayScans, yesterdayScans and leads counts.`,
	},
	team: {
		create: (f) =>
			`Create a team in the QRTRAC organization (each call makes another team). Pass ${f.arg('name')}: its name. Returns the new team with its id and result: created.`,
		get: (f) =>
			`Get one team with its domains and members. Pass ${f.arg('teamId')}: the team's id. Returns id, name, domains, defaultDomain, members (name, email, role, status (active, paused or pending) where QRTRAC tells it, teamId; status and teamId from node version 1.2).`,
		getMany: (f) =>
			`List the organization's teams. Returns a list of teams, each with id and name (use the id in member tools). ${upToLimit(f)}`,
		rename: (f) =>
			`Rename a team. Pass ${f.arg('teamId')}: the team's id, and ${f.arg('name')}: the new name. Returns the team with result: updated or unchanged.`,
		setDomains: (f) =>
			`Set a team's short-link domains and its default domain: the list given replaces the team's current domains. Pass ${f.arg('teamId')}: the team's id, ${f.arg('domains')}: host names such as qr.example.com, comma-separated, and optionally ${f.arg('defaultDomain')}: one of them (the first when empty). Returns the team with result: updated or unchanged.`,
	},
	teamMember: {
		activate: (f) =>
			`Let a paused member work in a team again. ${member(f)} Returns {email, teamId, result: activated, or unchanged when already active}. ${NOT_LISTED}.`,
		add: (f) =>
			`Add a person to a team, or change the role of someone already in it; new people get an email invitation. Pass ${f.arg('teamId')}: the team's id, ${f.arg('email')} and ${f.arg('name')}. ${role(f)} Returns {email, teamId, role, result: added, roleChanged (with previousRole), unchanged (nothing sent) or sent (sent unchecked: Always Send is on, or the team's answer listed no members or members without an email, one of whom may be this person, which rosterNote then says)}.`,
		addToTeams: (f) =>
			`Add one person to several teams at once, each with a role. Pass ${f.arg('email')}, ${f.arg('name')} and ${f.arg('teamsJson')}: a JSON list [{"teamId", "role"}], role admin, editor or viewer. Returns {email, name, result: updated, unchanged (nothing sent) or sent (some team sent unchecked: Always Send is on, or its answer listed no members or members without an email), teams: one {teamId, role, result: added, roleChanged, unchanged or sent, and rosterNote where its answer listed no members or members without an email} per team}.`,
		changeRole: (f) =>
			`Give a member of a team another role. ${member(f)} ${role(f)} Returns {email, teamId, role, result: roleChanged or unchanged}. ${NOT_LISTED}.`,
		getMany: (f) =>
			`List the members of a team. Pass ${f.arg('teamId')}: the team's id; the node's ${f.set('filters')} may keep some roles or statuses. Returns one entry per member: email, name, role, status (active, paused or pending), teamId. ${upToLimit(f)}`,
		delete: (f) =>
			`Remove a person from the whole organization (every team). Pass ${f.arg('teamId')}: one of their teams, and ${f.arg('email')}. Returns {deleted: true, email, result: deleted, or unchanged when already gone}. ${NOT_LISTED} (the error names the team that does, else the teams listing members without an email, who may be the person).`,
		pause: (f) =>
			`Pause a member in one team (they keep their other teams). ${member(f)} Returns {email, teamId, result: paused, or unchanged when already paused}. ${NOT_LISTED}.`,
		remove: (f) =>
			`Take a member out of one team. ${member(f)} Returns {email, teamId, result: removed, or unchanged when not in the team}.`,
		resendInvite: (f) =>
			`Send the invitation email again to someone who has not accepted it (a few times at most). Pass ${f.arg('email')}. Returns {email, result: inviteResent}, or {email, result: unchanged, note} when an earlier item of the same call already resent it.`,
	},
	dynamicLink: {
		create: (f) =>
			`Create a dynamic link QR code through the simple interface. Pass ${f.arg('destinationUrl')}: the http(s) address to open; optionally ${f.arg('patternColor')} (#RRGGBB) and ${f.arg('logoUrl')} (Design fields). Returns what QRTRAC answers about the new link (its fields are not published; keys in camelCase) with result: created; each call makes another link.`,
	},
};

/** The member a one-team change acts on. */
function member(f: ToolForm): string {
	return `Pass ${f.arg('teamId')}: the team's id, and ${f.arg('email')}.`;
}

/** The Role is an options field: set in the node (its default), any case when an expression gives it. */
function role(f: ToolForm): string {
	return `Set in the node: ${f.set('role')} (default ${f.choice('role')}; ${f.choice('role', 'admin')}, ${f.choice('role', 'editor')} or ${f.choice('role', 'viewer')}).`;
}

/** Pause, Activate, Change Role and Delete are not sent for a person the team's members do not list. */
const NOT_LISTED = 'Fails with nothing sent when the team does not list the email';

const FORMS: Record<QrtracResource, INodeProperties[]> = {
	qrCode: qrCodeForm,
	designTemplate: designTemplateForm,
	analytics: analyticsForm,
	team: teamForm,
	teamMember: teamMemberForm,
	dynamicLink: dynamicLinkForm,
};

/** One "Tool Description" field per operation, shown on the tool variant only, prefilled with the text above. */
export const toolDescriptionProperties: INodeProperties[] = (
	Object.entries(TOOL_DESCRIPTIONS) as Array<[QrtracResource, Record<string, Text>]>
).flatMap(([resource, operations]) =>
	Object.entries(operations).map(([operation, text]) => ({
		displayName: 'Tool Description',
		name: 'toolDescription',
		type: 'string' as const,
		typeOptions: { rows: 4 },
		default: text(formOf(FORMS[resource], resource, operation)),
		displayOptions: { show: { '@tool': [true], resource: [resource], operation: [operation] } },
		description:
			'What an AI agent reads about this tool: when to use it, what to pass and what comes back',
		// n8n adds its own "Set Automatically" only to nodes without this field, and its text is the action's name alone;
		// an edited text is the user's, kept when the operation changes, so the hint says how to get the new one.
		hint: "Written for the operation chosen above. After changing the operation, use ⋮ > Reset Value (shown on hover) to get the new operation's text.",
	})),
);

/**
 * On the tool variant: the texts name the fields "Pass `Name`, ...", but the model fills only those the user
 * handed to it, which nothing else on the form says.
 */
export const toolFieldsNotice: INodeProperties = {
	displayName:
		'The model fills only the fields where you clicked "Let the model define" (the sparkle button); every other field keeps what you set here, even one the Tool Description tells the model to pass.',
	name: 'toolFieldsNotice',
	type: 'notice',
	default: '',
	displayOptions: { show: AS_TOOL },
};
