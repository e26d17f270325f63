/**
 * QRTRAC Trigger: the settings check (settings.ts readSettings) of Teams to Watch, the QR Types filter and Events
 * given by an expression. A value none of the options fails in the words every option field uses (nodeWords.ts
 * notAnOption), a list's entry by its number, with the field's hint: read as One Team, as a type no code has, or
 * dropped, the trigger would watch less than meant, or nothing, without a word (a poll context of its parameters,
 * no sockets).
 */
import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { readSettings } from '../../../nodes/QrtracTrigger/settings';

/** A poll's context whose parameters are `parameters` as an expression gave them (n8n's default when unset). */
function pollOf(parameters: IDataObject): IPollFunctions {
	const node = {
		id: 'trigger',
		name: 'QRTRAC Trigger',
		type: 'n8n-nodes-qrtrac.qrtracTrigger',
		typeVersion: 1.1,
		position: [0, 0],
		parameters,
	};
	return {
		getNode: () => node,
		getNodeParameter: (name: string, fallback: unknown) => parameters[name] ?? fallback,
	} as unknown as IPollFunctions;
}

const read = (parameters: IDataObject) => readSettings(pollOf(parameters), 'https://qrtrac.test');

/** The error readSettings throws, with its description, or undefined. */
function refusal(parameters: IDataObject): { message: string; description?: string } | undefined {
	try {
		read(parameters);
		return undefined;
	} catch (error) {
		const { message, description } = error as Error & { description?: string };
		return { message, description };
	}
}

describe('Teams to Watch', () => {
	it.each([
		['all', true],
		['team', false],
	])('%s is read as its option', (scope, allTeams) => {
		expect(read({ scope }).allTeams).toBe(allTeams);
	});

	it.each([
		['All', '"All" (the case counts: "all")', '"All"'],
		['organization', '"organization"', '"organization"'],
		[2, '2', '2'],
	])(
		'%j, none of its options, is refused naming the field, not read as One Team',
		(scope, shown, given) => {
			expect(refusal({ scope })).toEqual({
				message: `"Teams to Watch" must be one of "all", "team", not ${shown}`,
				description: `It is ${given}. Choose All Teams or One Team in the field, or write an expression giving "all" or "team" (lower case). Nothing was read from QRTRAC.`,
			});
		},
	);

	it('a value right but for its spaces is told so, not that the case counts', () => {
		expect(refusal({ scope: 'all ' })?.message).toBe(
			'"Teams to Watch" must be one of "all", "team", not "all " (written exactly: "all")',
		);
	});

	it('is not read for New Scans, which watch one team', () => {
		expect(read({ triggerOn: 'newScans', scope: 'All' }).allTeams).toBe(false);
	});
});

describe('QR Types', () => {
	it('types as the contract writes them are the filter', () => {
		expect(read({ filters: { qrTypes: ['WEB', 'PDF'] } }).filters.qrTypes).toEqual(['WEB', 'PDF']);
	});

	it.each([
		[['Website'], 1, '"WEB"', '"Website"'],
		[['WEB', 'image gallery'], 2, '"IMAGE_GALLERY"', '"image gallery"'],
	])(
		"%j: the form's name of a type is refused by its entry, naming the type (it would match no code)",
		(qrTypes, entry, meant, shown) => {
			expect(refusal({ filters: { qrTypes } })).toEqual({
				message: `"QR Types" entry ${entry} is the form's name of a type, not the type: give ${meant}, not ${shown}`,
				description: `Entry ${entry} is ${shown}. Choose the values in the field, or write an expression giving a list, for example {{ ["WEB", "PDF"] }}. Nothing was read from QRTRAC.`,
			});
		},
	);

	it("any other text is kept: a code's type may be any text (the contract), not only the types a code is created with", () => {
		expect(read({ filters: { qrTypes: ['WEB', ' EVENT '] } }).filters.qrTypes).toEqual([
			'WEB',
			'EVENT',
		]);
	});

	it('a blank entry is no type: left out, not kept as a type no code has', () => {
		expect(read({ filters: { qrTypes: ['WEB', '', '  '] } }).filters.qrTypes).toEqual(['WEB']);
	});

	it('each type once, however often or in whatever case it is given', () => {
		expect(read({ filters: { qrTypes: ['web', 'WEB', 'Web'] } }).filters.qrTypes).toEqual(['WEB']);
	});

	it('a type in another case is that type, as codes are compared (a saved `{{ ["web"] }}` watched WEB codes)', () => {
		expect(read({ filters: { qrTypes: [' web', 'Pdf'] } }).filters.qrTypes).toEqual(['WEB', 'PDF']);
	});

	it('a number is still refused by its entry as no text, not as no type', () => {
		expect(refusal({ filters: { qrTypes: ['WEB', 7] } })?.message).toBe(
			'"QR Types" entry 2 must be text',
		);
	});
});

describe('Events', () => {
	it('events in any case are the events, as the options write them', () => {
		expect(read({ events: ['created', 'Deleted'] }).events).toEqual(['created', 'deleted']);
	});

	it('an event none of the options is refused by its entry, not dropped (its changes would go unreported)', () => {
		expect(refusal({ events: ['created', 'renamed'] })?.message).toBe(
			'"Events" entry 2 must be one of "created", "updated", "deleted", not "renamed"',
		);
	});

	it('each event once, however often given', () => {
		expect(read({ events: ['created', 'Created', 'deleted'] }).events).toEqual([
			'created',
			'deleted',
		]);
	});

	it('an empty list is refused', () => {
		expect(refusal({ events: [] })?.message).toBe(
			'"Events" must give at least one of created, updated, deleted',
		);
	});
});
