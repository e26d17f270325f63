import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { description as reportForm } from '../actions/analytics/getReport/description';
import { CLOCK_AHEAD_ALLOWANCE_MS } from '../actions/analytics/timeRange';
import type { QrtracOperations, QrtracResource } from '../actions/node.type';
import { timeRangeFields } from './analytics';
import { limitOption } from './common';

/**
 * The list operations stop at the Limit unless Return All is on: an agent not told so takes the first entries for
 * all of them (e.g. counts 50 scans). Built from the form's default, so the text cannot drift from it.
 */
const UP_TO_LIMIT = `The list holds at most limit entries (default ${String(limitOption.default)}); pass returnAll true for every one.`;

/** The Display ID rule as validation.ts displayIdSchema applies it: a value it refuses fails the call. */
const DISPLAY_ID =
	'displayId: letters, digits and - _ . ~ % only, at most 200 characters, % only in a %XX escape, not only dots';

/** How a moment is passed (dateOrEpochMs.ts, timeRange.ts): an agent not told the zone shifts its ranges by hours. */
const MOMENT =
	"an ISO date-time (without an offset it is read in the workflow's time zone) or epoch milliseconds (not seconds)";

/**
 * The Time Range as an agent must pass it: the form's values ("last 7 days" is refused), its default and the custom
 * bounds. Built from the form, so the text cannot drift from it.
 */
function timeRangeText(withAllTime: boolean): string {
	const [field] = timeRangeFields(withAllTime);
	const values = (field.options as INodePropertyOptions[]).map((option) => String(option.value));
	return `Pass timeRange: ${values.join(', ')} (default ${String(field.default)}; last24Hours is 24 hours back from now, last7Days and last30Days go back that many calendar days to the same time of day in the workflow's time zone, thisMonth and lastMonth are calendar months there); with custom also startTime and endTime, each ${MOMENT}; a startTime in the future is refused (up to ${CLOCK_AHEAD_ALLOWANCE_MS / 60_000} minutes ahead pass for clock skew); an endTime date alone means the end of that day.`;
}

/**
 * Which codes a scan read covers, as the tool variant's form takes them (it starts with List of IDs): an agent not
 * told the field passes names, or cannot ask for every code.
 */
const CODES =
	"Pass qrCodeIds: the codes' ids (not names or Display IDs) separated by commas, or a JSON list; or codeSelection all for every code of the team.";

/** The values of one option field of a form, and its default: the tool text is built from them, so it cannot drift. */
function formChoices(form: INodeProperties[], name: string): { values: string[]; default: string } {
	const field = form.find((property) => property.name === name) as INodeProperties;
	const values = (field.options as INodePropertyOptions[]).map((option) => String(option.value));
	return { values, default: String(field.default) };
}

/**
 * Get Report's layouts as they come out (reportItems.ts): an agent told only "per code" misreads the day rows
 * (their date, and partialDay on a day the range covers in part, such as today) and the Summary's one item.
 */
function reportText(): string {
	const layouts = formChoices(reportForm, 'reportLayout');
	const breakdowns = formChoices(reportForm, 'breakdowns');
	const [perCode, perCodeAndDay, summary] = layouts.values;
	const options = (reportForm.find((property) => property.name === 'options')?.options ??
		[]) as INodeProperties[];
	const visitorKey = formChoices(options, 'uniqueVisitorKey');
	const option = (name: string) =>
		String(options.find((property) => property.name === name)?.default);
	return `Optionally reportLayout (default ${layouts.default}): ${perCode}, one entry per code; ${perCodeAndDay}, one entry per code and day, days without scans included (date YYYY-MM-DD in the workflow's time zone, partialDay true on a first or last day the range covers only in part and on today, scans, uniqueScans); ${summary}, one entry with the codes' totals and perCode, the per-code entries. With ${perCode} or ${summary} optionally breakdowns (${breakdowns.values.join(', ')}), e.g. byCountry [{value, scans}], the most frequent first. Optionally topN (default ${option('topN')}): values listed per breakdown, the rest summed as other; uniqueVisitorKey (default ${visitorKey.default}): ${visitorKey.values.join(' or ')}, what makes two scans one visitor; compareWithTotals (default ${option('compareWithTotals')}, with ${perCode} or ${summary} only): adds allTimeScans, QRTRAC's all-time count, and totalsNote when a range covering the code's whole life counts otherwise (one more request per 100 codes). A code's entry holds qrId, qrName, scans, uniqueScans (distinct visitors by that key; null when no scan carries an IP address, with uniqueScansNote, which also says when the count is estimated or some scans carry none), firstScanAt, lastScanAt, rangeStart and rangeEnd (ISO times in the workflow's time zone).`;
}

/**
 * What an AI agent reads about each operation when the node is used as a tool (n8n's `<node>Tool` variant): when
 * to use it, what to pass, and what comes back. n8n's automatic description is only the action's name ("Create
 * a QR code in QRTRAC"); these fields, shown on the tool variant only, take its place and stay editable.
 */
const TOOL_DESCRIPTIONS: { [R in QrtracResource]: Record<QrtracOperations[R], string> } = {
	qrCode: {
		checkAvailability: `Check whether a custom Display ID (the short-link path of a QR code) is still free. Pass ${DISPLAY_ID}. Returns {displayId, available (true/false), message}.`,
		create: `Create a dynamic QR code. Pass qrType (WEB opens a web address), name, and for WEB or SHORT_LINK qrRedirectUrl, the full http(s) address to open (no spaces or non-ASCII letters: percent-encode them); optionally ${DISPLAY_ID}, for a custom short link (QRTRAC picks one when empty). Returns the new code: id (use it in other QR code tools), displayId, name, qrType, qrRedirectUrl, qrImageUrl, shortUrl, tags, createdAt, and result: created.`,
		createOrUpdate: `Create the code with this Display ID, or update it when it exists (safe to repeat: nothing is duplicated). Pass qrType and its fields (for WEB: qrRedirectUrl, the http(s) address), and ${DISPLAY_ID}. Returns the code with result: created, updated (with changedFields) or unchanged (with passwordNote when a password was given that QRTRAC hides, so it was not compared: use update to set it). Never deletes: Delete Missing is refused on a tool.`,
		delete:
			"Delete a QR code (QRTRAC keeps it marked deleted; this node cannot restore it). Pass the code's id (not its Display ID). Returns {deleted: true, id, result: deleted, or unchanged when it was deleted already}.",
		downloadImage:
			"Download a QR code's image as a file (PNG as a rule; JPEG, GIF, WebP or SVG as QRTRAC serves it, named by its extension and MIME type). Pass the code's id. Returns the code's main fields and the image as binary data.",
		duplicate:
			"Copy a QR code; the copy gets a new id and Display ID. Pass the code's id. Returns the copy with result: created (each call makes another copy).",
		get: "Get one QR code. Pass the code's id (as returned by other tools; not its Display ID). Returns id, displayId, name, qrType, qrRedirectUrl, shortUrl, tags, createdAt, updatedAt.",
		getMany: `List or search the team's QR codes. Optionally pass search (under Filters) (part of a name or Display ID, not case-sensitive) and a limit. Returns a list of codes (id, displayId, name, qrType, qrRedirectUrl, shortUrl, tags, times), most recently changed first; an empty list means nothing matched. ${UP_TO_LIMIT}`,
		getUpdatedSince: `List the QR codes changed after a moment. Pass since: ${MOMENT}. Optionally scope (default team; organization for every team of the organization) and includeDeleted (default false; true adds codes deleted since then, with deleted: true). Returns every changed code, oldest change first, with no limit: an old since returns the whole team.`,
		update:
			"Change fields of an existing QR code, e.g. the address a Website code opens (qrRedirectUrl) or its name; fields not given stay as they are. Pass the code's id (not its Display ID) and the fields to change. Returns the code with result: updated (with changedFields) or unchanged (nothing to change).",
		updateTags:
			"Replace, add or remove tags of a QR code. Pass the code's id, the mode (replace, the default: the code keeps only the tags given; add; remove) and tags separated by commas; replace with no tags removes every tag. Returns the code with its tags and result: updated or unchanged.",
		updateTitle:
			"Rename a QR code. Pass the code's id and the new title. Returns the code with result: updated or unchanged.",
	},
	designTemplate: {
		getMany: `List the design templates of the team (for the template of a new code). Returns a list of {id, name, description, previewUrl}. ${UP_TO_LIMIT}`,
	},
	analytics: {
		getReport: `Report how often QR codes were scanned, and by how many different people, over a time range (counts, without loading every scan). ${CODES} ${timeRangeText(false)} ${reportText()}`,
		getScans: `List the scan events of one QR code. Pass the code's id. ${timeRangeText(true)} Returns one entry per scan: scanTime, device, browser, os, country, city, referrer, and ipAddress (hashed unless set otherwise). ${UP_TO_LIMIT}`,
		getScansForCodes: `List the scan events of several QR codes (or all codes of the team) within a time range: every scan of the range, with no limit (thousands for busy codes); for counts use getReport. ${CODES} ${timeRangeText(false)} Returns one entry per scan: qrId, qrName, scanTime, device, browser, os, country, city, referrer, and ipAddress (hashed unless the ipAddress option says keep or remove); with the option perCode true, one entry per code instead: qrId, qrName, scans, firstScanTime, lastScanTime, countries, devices.`,
		getTotals: `Read how often QR codes were scanned. ${CODES} Returns one entry per code: qrId (id before node version 1.2), qrName, totalScans, todayScans, yesterdayScans and leads counts. An id that is not a code of the team fails with a message naming it.`,
	},
	team: {
		create:
			'Create a team in the QRTRAC organization (each call makes another team). Pass its name. Returns the new team with its id and result: created.',
		get: "Get one team with its domains and members. Pass the team's id. Returns id, name, domains, defaultDomain, members (name, email, role).",
		getMany: `List the organization's teams. Returns a list of teams, each with id and name (use the id in member tools). ${UP_TO_LIMIT}`,
		rename:
			"Rename a team. Pass the team's id and the new name. Returns the team with result: updated or unchanged.",
		setDomains:
			"Set a team's short-link domains and its default domain: the list given replaces the team's current domains. Pass the team's id, the domains (host names such as qr.example.com, comma-separated) and optionally defaultDomain (one of them; the first when empty). Returns the team with result: updated or unchanged.",
	},
	teamMember: {
		activate:
			"Let a paused member work in a team again. Pass the team's id and the member's email. Returns {email, teamId, result: activated, or unchanged when already active}. Fails with nothing sent when the team does not list the email.",
		add: "Add a person to a team with a role (admin, editor or viewer), or change the role of someone already in it; new people get an email invitation. Pass the team's id, email, name and role. Returns {email, teamId, role, result: added, roleChanged (with previousRole), unchanged (nothing sent) or sent (sent unchecked: Always Send is on, or the team's answer listed no members or members without an email, one of whom may be this person, which rosterNote then says)}.",
		addToTeams:
			'Add one person to several teams at once, each with a role. Pass email, name and the teams as a JSON list [{"teamId", "role"}]. Returns {email, name, result: updated, unchanged (nothing sent) or sent (some team sent unchecked: Always Send is on, or its answer listed no members or members without an email), teams: one {teamId, role, result: added, roleChanged, unchanged or sent, and rosterNote where its answer listed no members or members without an email} per team}.',
		changeRole:
			"Give a member of a team another role (admin, editor or viewer). Pass the team's id, the email and the role. Returns {email, teamId, role, result: roleChanged or unchanged}. Fails with nothing sent when the team does not list the email.",
		getMany: `List the members of a team. Pass the team's id; optionally roles (owner, admin, editor, viewer) and statuses (active, paused, pending) to keep. Returns one entry per member: email, name, role, status, teamId. ${UP_TO_LIMIT}`,
		delete:
			'Remove a person from the whole organization (every team). Pass one of their teams and their email. Returns {deleted: true, email, result: deleted, or unchanged when already gone}. Fails with nothing sent when the team does not list the email (the error names the team that does, else the teams listing members without an email, who may be the person).',
		pause:
			"Pause a member in one team (they keep their other teams). Pass the team's id and the email. Returns {email, teamId, result: paused, or unchanged when already paused}. Fails with nothing sent when the team does not list the email.",
		remove:
			"Take a member out of one team. Pass the team's id and the email. Returns {email, teamId, result: removed, or unchanged when not in the team}.",
		resendInvite:
			'Send the invitation email again to someone who has not accepted it (a few times at most). Pass the email. Returns {email, result: inviteResent}, or {email, result: unchanged, note} when an earlier item of the same call already resent it.',
	},
	dynamicLink: {
		create:
			'Create a dynamic link QR code through the simple interface. Pass the destination http(s) address, optionally a pattern color (#RRGGBB) and a logo URL. Returns what QRTRAC answers about the new link (its fields are not published; keys in camelCase) with result: created; each call makes another link.',
	},
};

/** One "Tool Description" field per operation, shown on the tool variant only, prefilled with the text above. */
export const toolDescriptionProperties: INodeProperties[] = (
	Object.entries(TOOL_DESCRIPTIONS) as Array<[QrtracResource, Record<string, string>]>
).flatMap(([resource, operations]) =>
	Object.entries(operations).map(([operation, text]) => ({
		displayName: 'Tool Description',
		name: 'toolDescription',
		type: 'string' as const,
		typeOptions: { rows: 4 },
		default: text,
		displayOptions: { show: { '@tool': [true], resource: [resource], operation: [operation] } },
		description:
			'What an AI agent reads about this tool: when to use it, what to pass and what comes back',
	})),
);
