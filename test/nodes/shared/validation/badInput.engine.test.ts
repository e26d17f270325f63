/**
 * Refused input sends nothing, through n8n's engine against the simulator: the first bad-input case of each
 * operation family (item operations per resource, and each batch operation) runs two items, item 0 valid and
 * item 1 invalid; the simulator's request log must stay empty (item 0 included), and no secret may appear in
 * what the run produced. Every case of the corpus is a unit test of `parse` (badInput.unit.test.ts).
 */
import { expectNoSecrets } from '../../../support/secretScan';
import { runNode } from '../../../support/n8nHarness';
import { BAD_INPUT_CORPUS, type BadInputCase } from './badInputCorpus';
import { recordFigures } from '../../../support/reliability/figures';
import {
	createReliabilityTeam,
	startReliabilitySimulator,
	type ReliabilitySimulator,
	type ReliabilityTeam,
} from '../../../support/reliability/reliabilityTeam';

let env: ReliabilitySimulator;
let team: ReliabilityTeam;
const refusals: Array<{ category: string; operation: string; field: string; message: string }> = [];

beforeAll(async () => {
	env = await startReliabilitySimulator();
	team = createReliabilityTeam(env, 'Bad input', { ratePerSecond: 200 });
});

afterAll(async () => {
	recordFigures('bad-input', refusals);
	await env?.sim.close();
});

beforeEach(() => env.sim.clearRequestLog());

/** Puts the real team id where a case says `TEAM`. */
function withTeam<T>(value: T): T {
	return JSON.parse(JSON.stringify(value).replace(/"TEAM"/g, JSON.stringify(team.teamId))) as T;
}

function describeValue(value: unknown): string {
	const text = JSON.stringify(value) ?? String(value);
	return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

/** One operation of each family: the item operations of each resource, and every batch operation. */
const FAMILIES = [
	'qrCode.create',
	'qrCode.update',
	'qrCode.createOrUpdate',
	'analytics.getScans',
	'analytics.getScansForCodes',
	'analytics.getTotals',
	'team.setDomains',
	'teamMember.pause',
	'teamMember.add',
	'teamMember.addToTeams',
];
const cases = FAMILIES.flatMap((operation) =>
	BAD_INPUT_CORPUS.filter((entry) => entry.operation === operation).slice(0, 1),
);

it('the corpus has a case for each family', () => {
	expect(cases.map((entry) => entry.operation)).toEqual(FAMILIES);
});

describe.each(
	cases.map(
		(entry) =>
			[
				`${entry.operation}: ${entry.field} = ${describeValue(entry.bad)} (${entry.category})`,
				entry,
			] as const,
	),
)('%s', (_title, entry: BadInputCase) => {
	it('is refused before any request, naming the field and item 1', async () => {
		const result = await runNode({
			nodeType: 'qrtrac',
			// The corpus names fields as the 1.1 form labels them (Scan Rules as one collection, Team Override
			// Name or ID, Type of a dynamic link); the rules are the same in 1.2
			typeVersion: 1.1,
			credentials: team.credentials,
			parameters: withTeam(entry.parameters),
			items: [{ value: withTeam(entry.good) }, { value: entry.bad }],
		});

		refusals.push({
			category: entry.category,
			operation: entry.operation,
			field: entry.field,
			message: result.error?.message ?? '',
		});
		expect(env.sim.requestLog.map((request) => `${request.method} ${request.rawPath}`)).toEqual([]);
		expect(result.error?.message).toContain(`"${entry.field}"`);
		expect(result.error?.message).toMatch(/^Item 1\b/);
		expect(result.error?.itemIndex).toBe(1);
		expectNoSecrets(
			{ items: result.items, error: result.error, run: result.runData },
			team.secrets,
		);
	});
});
