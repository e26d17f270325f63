/**
 * Bad-input corpus: every invalid value is refused before anything is sent, by an error that names the field
 * (as the form labels it) and the item. Two items per case: item 0 valid, item 1 invalid; the simulator's
 * request log must stay empty, and no secret may appear in what the run produced.
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

it('the corpus has at least 60 invalid inputs over every category', () => {
	const categories = new Set(BAD_INPUT_CORPUS.map((entry) => entry.category));
	expect(BAD_INPUT_CORPUS.length).toBeGreaterThanOrEqual(60);
	expect([...categories].sort()).toEqual(
		[
			'empty or whitespace',
			'enum',
			'format',
			'huge',
			'path-like',
			'pattern',
			'range',
			'wrong type',
		].sort(),
	);
});

describe.each(
	BAD_INPUT_CORPUS.map(
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
