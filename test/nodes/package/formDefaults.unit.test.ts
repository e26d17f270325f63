/**
 * Defaults shown = defaults used (issue 13): for every option of every collection of the node's form, adding the
 * option with the default the form shows must read exactly as leaving it out. Each operation's own `parse` reads
 * the form through a fake context, once without the option and once with it at its default.
 *
 * Two kinds of collection:
 * - behaviour options (`options`, `filters`): every option, whatever its type;
 * - request fields (Additional Fields, Update Fields, Scan Rules, grouped vCard fields, Design): every text option,
 *   whose blank default sends nothing. A boolean, number or color there is the value the user sets by adding the
 *   field (adding "Password Protection" turns it on), not a default the node applies when it is absent.
 */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import * as analytics from '../../../nodes/Qrtrac/actions/analytics';
import * as designTemplate from '../../../nodes/Qrtrac/actions/designTemplate';
import * as dynamicLink from '../../../nodes/Qrtrac/actions/dynamicLink';
import * as qrCode from '../../../nodes/Qrtrac/actions/qrCode';
import * as team from '../../../nodes/Qrtrac/actions/team';
import * as teamMember from '../../../nodes/Qrtrac/actions/teamMember';
import { Qrtrac } from '../../../nodes/Qrtrac/Qrtrac.node';
import { QrtracTrigger } from '../../../nodes/QrtracTrigger/QrtracTrigger.node';
import type { Operation } from '../../../nodes/shared/executor';
import { fakeContext } from '../../support/fakeContext';
import { NODE_VERSIONS } from '../../../nodes/Qrtrac/descriptions/layoutVersions';

const operations: Record<string, Record<string, Operation>> = {
	qrCode: qrCode.operations,
	designTemplate: designTemplate.operations,
	analytics: analytics.operations,
	team: team.operations,
	teamMember: teamMember.operations,
	dynamicLink: dynamicLink.operations,
};

const code = { qrCodeId: 'qr_1' };
/** Parameters with which each operation's parse succeeds; several variants where a mode changes what is read. */
const BASE: Record<string, IDataObject[]> = {
	'qrCode:checkAvailability': [{ displayId: 'd1' }],
	'qrCode:create': [
		{ qrType: 'WEB', name: 'n', qrRedirectUrl: 'https://example.com' },
		{ qrType: 'VCARD', name: 'n', vcardFirstName: 'Ada' },
	],
	'qrCode:createOrUpdate': [
		{ mode: 'sync', displayId: 'd1', qrType: 'WEB', qrRedirectUrl: 'https://example.com' },
		{ mode: 'lookUpEachRow', displayId: 'd1', qrType: 'WEB', qrRedirectUrl: 'https://example.com' },
		{ mode: 'sync', displayId: 'd1', qrType: 'VCARD' },
	],
	'qrCode:delete': [code],
	'qrCode:downloadImage': [{ ...code, binaryPropertyName: 'data' }],
	'qrCode:duplicate': [code],
	'qrCode:get': [code],
	'qrCode:getMany': [{ returnAll: false, limit: 50 }, { returnAll: true }],
	'qrCode:getUpdatedSince': [{ since: 1_800_000_000_000, scope: 'team' }],
	'qrCode:update': [{ ...code, updateFields: { name: 'x' } }],
	'qrCode:updateTags': [{ ...code, mode: 'replace', tags: 'a' }],
	'qrCode:updateTitle': [{ ...code, title: 't' }],
	'designTemplate:getMany': [{ returnAll: true }],
	'analytics:getScans': [{ ...code, timeRange: 'allTime', returnAll: true }],
	'analytics:getScansForCodes': [
		{ codeSelection: 'list', qrCodeIds: 'qr_1', timeRange: 'last7Days' },
	],
	'analytics:getReport': [
		{ codeSelection: 'list', qrCodeIds: 'qr_1', timeRange: 'last7Days' },
		{ codeSelection: 'list', qrCodeIds: 'qr_1', timeRange: 'lastMonth', simplify: false },
	],
	'analytics:getTotals': [{ codeSelection: 'list', qrCodeIds: 'qr_1' }],
	'teamMember:add': [{ teamId: 'team_1', name: 'A', email: 'a@example.com', role: 'viewer' }],
	'teamMember:getMany': [{ teamId: 'team_1', returnAll: true }],
	'teamMember:addToTeams': [
		{
			name: 'A',
			email: 'a@example.com',
			teamsSource: 'json',
			teamsJson: '[{"teamId":"team_1","role":"viewer"}]',
		},
	],
	'dynamicLink:create': [{ destinationUrl: 'https://example.com', type: 'dynamic' }],
};

const BEHAVIOUR_COLLECTIONS = ['options', 'filters'];

interface Case {
	where: string;
	collection: string;
	option: INodeProperties;
	base: IDataObject;
	parse: Operation['parse'];
}

function cases(): Case[] {
	const found: Case[] = [];
	for (const property of new Qrtrac().description.properties) {
		if (property.type !== 'collection') continue;
		const show = property.displayOptions?.show ?? {};
		for (const resource of (show.resource ?? []) as string[]) {
			for (const operation of (show.operation ?? []) as string[]) {
				const where = `${resource}:${operation}`;
				for (const option of property.options as INodeProperties[]) {
					const behaviour = BEHAVIOUR_COLLECTIONS.includes(property.name);
					if (!behaviour && !(option.type === 'string' && option.default === '')) continue;
					// A base that sets the option itself already decides it.
					for (const base of (BASE[where] ?? []).filter(
						(candidate) =>
							(candidate[property.name] as IDataObject | undefined)?.[option.name] === undefined,
					)) {
						found.push({
							where,
							collection: property.name,
							option,
							base,
							parse: operations[resource][operation].parse,
						});
					}
				}
			}
		}
	}
	return found;
}

function parsed(parse: Operation['parse'], parameters: IDataObject, typeVersion?: number): unknown {
	const { ctx } = fakeContext({ parameters, typeVersion });
	return parse.call(ctx, 0);
}

/**
 * The first node version that shows an option: an option shown only to some versions (its `@version` condition,
 * e.g. a default that changed with 1.2) is read by a node of such a version.
 */
function versionShowing(option: INodeProperties): number | undefined {
	const conditions = option.displayOptions?.show?.['@version'] as unknown[] | undefined;
	if (!conditions) return undefined;
	const holds = (version: number, condition: unknown): boolean => {
		if (typeof condition === 'number') return version === condition;
		const test = (condition as { _cnd: Record<string, number> })._cnd;
		return Object.entries(test).every(([operator, bound]) =>
			operator === 'gte'
				? version >= bound
				: operator === 'lt'
					? version < bound
					: operator === 'gt'
						? version > bound
						: operator === 'lte'
							? version <= bound
							: version === bound,
		);
	};
	return NODE_VERSIONS.find((version) => conditions.some((condition) => holds(version, condition)));
}

describe('defaults shown = defaults used', () => {
	const all = cases();

	it('covers every operation that has a collection', () => {
		const withCollections = new Set(all.map((entry) => entry.where));
		expect([...withCollections].filter((where) => !BASE[where])).toEqual([]);
		expect(all.length).toBeGreaterThan(50);
	});

	it.each(
		all.map((entry) => [
			`${entry.where} ${entry.collection}.${entry.option.name} (${JSON.stringify(entry.base).slice(0, 50)})`,
			entry,
		]),
	)('%s reads the same absent as at its shown default', (_name, entry) => {
		const { base, collection, option, parse } = entry as Case;
		const existing = (base[collection] as IDataObject | undefined) ?? {};
		const withDefault = { ...base, [collection]: { ...existing, [option.name]: option.default } };
		const version = versionShowing(option);
		expect(parsed(parse, withDefault, version)).toEqual(parsed(parse, base, version));
	});
});

describe("n8n's schema check of a parameter", () => {
	it('checks nothing in this node: no property or nested option has a validateType, none is a resource mapper', () => {
		// readParameter resolves a one-expression parameter with skipValidation. n8n's check (n8n-core's
		// validateValueAgainstSchema) acts only on a `validateType`, at the top or inside a collection, and on
		// resource mappers: without either, skipping it changes nothing.
		const checked: string[] = [];
		let visited = 0;
		const visit = (entries: unknown[], path: string): void => {
			for (const entry of entries as Array<Record<string, unknown>>) {
				const where = `${path}${String(entry.name)}`;
				visited++;
				if (entry.validateType !== undefined || entry.type === 'resourceMapper')
					checked.push(where);
				for (const key of ['options', 'values'])
					if (Array.isArray(entry[key])) visit(entry[key] as unknown[], `${where}.`);
			}
		};
		const { properties } = new Qrtrac().description;
		visit(properties, '');
		expect(visited).toBeGreaterThan(properties.length * 2);
		expect(checked).toEqual([]);
	});
});

describe('resource locators: defaults the editor recognises as locators', () => {
	/** Every resource locator of a form, at the top, inside collections and inside fixed collections' groups. */
	function locators(properties: INodeProperties[], path = ''): Array<[string, unknown]> {
		return properties.flatMap((property) => {
			const where = `${path}${property.name}`;
			const own: Array<[string, unknown]> =
				property.type === 'resourceLocator' ? [[where, property.default]] : [];
			const nested = (
				(property.options ?? []) as unknown as Array<Record<string, unknown>>
			).flatMap((option) =>
				Array.isArray(option.values)
					? locators(option.values as INodeProperties[], `${where}.${String(option.name)}.`)
					: 'type' in option
						? locators([option as unknown as INodeProperties], `${where}.`)
						: [],
			);
			return [...own, ...nested];
		});
	}

	it('every locator default carries __rl: inside a collection the editor copies the default as it is, and one without __rl switched to Expression shows [object Object]', () => {
		const all = [
			...locators(new Qrtrac().description.properties),
			...locators(new QrtracTrigger().description.properties),
		];
		const names = all.map(([where]) => where);
		expect(names).toEqual(
			expect.arrayContaining(['qrCodeId', 'teamId', 'team', 'options.teamOverride']),
		);
		expect(names.some((where) => where.startsWith('pickedQrCodes.code.'))).toBe(true);
		expect(all.filter(([, value]) => (value as IDataObject).__rl !== true)).toEqual([]);
		for (const [, value] of all) expect(value).toEqual({ __rl: true, mode: 'list', value: '' });
	});

	it('a locator saved without __rl (workflows saved before it) reads as one with it', () => {
		const withoutRl = { mode: 'id', value: 'team_1' };
		const get = qrCode.operations.get.parse;
		const read = (teamOverride: IDataObject) =>
			parsed(get, { ...code, options: { teamOverride } }, 1.2);
		expect(read(withoutRl)).toEqual(read({ __rl: true, ...withoutRl }));
		expect(JSON.stringify(read(withoutRl))).toContain('team_1');

		const scans = analytics.operations.getScansForCodes.parse;
		const picked = (qrCodeId: IDataObject) =>
			parsed(
				scans,
				{
					codeSelection: 'picked',
					pickedQrCodes: { code: [{ qrCodeId }] },
					timeRange: 'last7Days',
				},
				1.2,
			);
		const qr = { mode: 'list', value: 'qr_9' };
		expect(picked(qr)).toEqual(picked({ __rl: true, ...qr }));
		expect(JSON.stringify(picked(qr))).toContain('qr_9');
	});
});
