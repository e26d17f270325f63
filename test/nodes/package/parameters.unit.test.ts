/**
 * One way to read parameters (issue 26): every read goes through nodes/shared/parameters.ts, which keeps n8n's
 * per-item semantics (expressions per item, constants once, fallbacks as the form shows them).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

import type { IDataObject, IPollFunctions } from 'n8n-workflow';

import { readParameter, readPollParameter } from '../../../nodes/shared/parameters';
import { fakeContext } from '../../support/fakeContext';

const ROOT = path.join(__dirname, '../../..');
const READER = path.join('nodes', 'shared', 'parameters.ts');

function filesUnder(folder: string): string[] {
	return readdirSync(path.join(ROOT, folder)).flatMap((name) => {
		const relative = path.join(folder, name);
		if (statSync(path.join(ROOT, relative)).isDirectory()) return filesUnder(relative);
		return name.endsWith('.ts') && !name.endsWith('.d.ts') ? [relative] : [];
	});
}

/** The source without its comments, so that a comment naming getNodeParameter is no offence. */
function code(file: string): string {
	return readFileSync(path.join(ROOT, file), 'utf8')
		.replace(/\/\*[\s\S]*?\*\//g, '')
		.replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

describe('one way to read parameters', () => {
	it('only the reader calls getNodeParameter', () => {
		const offending = [...filesUnder('nodes'), ...filesUnder('credentials')].filter(
			(file) => file !== READER && /\bgetNodeParameter\b/.test(code(file)),
		);
		expect(offending).toEqual([]);
	});

	it("only the reader reads the edited node's parameters (the pickers' getCurrentNodeParameter)", () => {
		const offending = [...filesUnder('nodes'), ...filesUnder('credentials')].filter(
			(file) => file !== READER && /\bgetCurrentNodeParameters?\b/.test(code(file)),
		);
		expect(offending).toEqual([]);
		expect(/\bgetCurrentNodeParameter\b/.test(code(READER))).toBe(true);
	});

	it('the reader itself is found by the check', () => {
		expect(/\bgetNodeParameter\b/.test(code(READER))).toBe(true);
	});
});

describe('readParameter', () => {
	it("reads a resource locator's value once per execution when it holds no expression", () => {
		const { ctx } = fakeContext({ items: [{}, {}], parameters: { teamId: 'team_9' } });
		const getNodeParameter = jest.spyOn(ctx, 'getNodeParameter');
		const read = [0, 1].map((itemIndex) =>
			readParameter(ctx, 'teamId', itemIndex, '', { extractValue: true }),
		);
		expect(read).toEqual(['team_9', 'team_9']);
		expect(getNodeParameter.mock.calls).toEqual([['teamId', 0, '', { extractValue: true }]]);
	});

	it('resolves a resource locator holding an expression for every item', () => {
		const { ctx } = fakeContext({
			items: [{}, {}],
			parameters: (itemIndex) => ({ teamId: `team_${itemIndex}` }),
		});
		const getNodeParameter = jest.spyOn(ctx, 'getNodeParameter');
		const read = [0, 1].map((itemIndex) =>
			readParameter(ctx, 'teamId', itemIndex, '', { extractValue: true }),
		);
		expect(read).toEqual(['team_0', 'team_1']);
		expect(getNodeParameter.mock.calls).toEqual([
			['teamId', 0, '', { extractValue: true, skipValidation: true }],
			['teamId', 1, '', { extractValue: true, skipValidation: true }],
		]);
	});

	it('keeps a locator value apart from the locator object of the same parameter', () => {
		const locator = { __rl: true, mode: 'id', value: 'team_3' };
		const { ctx } = fakeContext({ parameters: { teamId: locator } });
		const getNodeParameter = jest
			.spyOn(ctx, 'getNodeParameter')
			.mockImplementation(((
				name: string,
				_itemIndex: number,
				_fallback: unknown,
				options?: IDataObject,
			) => (options?.extractValue ? 'team_3' : locator)) as never);
		expect(readParameter(ctx, 'teamId', 0, {})).toEqual(locator);
		expect(readParameter(ctx, 'teamId', 0, '', { extractValue: true })).toBe('team_3');
		expect(getNodeParameter).toHaveBeenCalledTimes(2);
	});

	it('reads a dotted path into a fixed collection as n8n does', () => {
		const { ctx } = fakeContext({
			parameters: { teams: { team: [{ teamId: 'team_1', role: 'viewer' }] } },
		});
		expect(readParameter(ctx, 'teams.team', 0, [])).toEqual([{ teamId: 'team_1', role: 'viewer' }]);
		expect(readParameter(ctx, 'teams.missing', 0, [])).toEqual([]);
	});
});

describe('readPollParameter', () => {
	it("passes n8n's poll read through: the fallback and the locator's value", () => {
		const calls: unknown[][] = [];
		const ctx = {
			getNodeParameter: (name: string, fallback?: unknown, options?: IDataObject) => {
				calls.push([name, fallback, options]);
				return name === 'team' ? 'team_5' : fallback;
			},
		} as unknown as IPollFunctions;
		expect(readPollParameter(ctx, 'team', '', { extractValue: true })).toBe('team_5');
		expect(readPollParameter(ctx, 'filters', {})).toEqual({});
		expect(calls).toEqual([
			['team', '', { extractValue: true }],
			['filters', {}],
		]);
	});
});
