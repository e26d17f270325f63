/**
 * What an item shows when QRTRAC refuses it with an error body, for every operation of the action node: the
 * service's words, whether or not the body follows the contract's ErrorResponse (`{success, message}`), and
 * never more than a bounded excerpt of them. The simulator refuses every request with the body under test.
 */
import { randomBytes } from 'node:crypto';

import { runNode } from '../../../support/n8nHarness';
import { everyOperation } from '../../../support/reliability/everyOperation';
import {
	createReliabilityTeam,
	startReliabilitySimulator,
	type ReliabilitySimulator,
} from '../../../support/reliability/reliabilityTeam';

jest.setTimeout(120_000);

let env: ReliabilitySimulator;

beforeAll(async () => {
	env = await startReliabilitySimulator();
});

afterAll(async () => {
	await env?.sim.close();
});

/** Every operation run once with every request answered `status` and `body`; the error item of each. */
async function errorItems(status: number, body: unknown): Promise<Array<[string, string]>> {
	const tag = randomBytes(3).toString('hex');
	const team = createReliabilityTeam(env, `errors-${tag}`, { ratePerSecond: 50 });
	const shown: Array<[string, string]> = [];
	for (const call of everyOperation(env.sim, team.teamId, tag)) {
		env.sim.faults.clear();
		env.sim.faults.add({
			kind: 'status',
			status,
			body: JSON.stringify(body),
			contentType: 'application/json',
		});
		const result = await runNode({
			nodeType: 'qrtrac',
			credentials: team.credentials,
			parameters: call.parameters,
			continueOnFail: true,
		});
		env.sim.faults.clear();
		expect({ operation: call.name, items: result.items.length }).toEqual({
			operation: call.name,
			items: 1,
		});
		const json = result.items[0].json;
		shown.push([call.name, `${String(json.error)} ${String(json.description ?? '')}`]);
	}
	return shown;
}

describe('QRTRAC refuses every request of every operation', () => {
	it('with a body other than the ErrorResponse (NestJS: message as a list, error): the item shows its words', async () => {
		const shown = await errorItems(400, {
			statusCode: 400,
			message: ['qrRedirectUrl must be a URL address'],
			error: 'Bad Request',
		});
		expect(shown.length).toBeGreaterThan(30);
		const silent = shown.filter(
			([, text]) => !text.includes('qrRedirectUrl must be a URL address'),
		);
		expect(silent).toEqual([]);
	});

	it('with a message of 100,000 characters: the item shows its start, within a bounded length', async () => {
		const message = `Refused: ${'the service explains at length. '.repeat(3200)}`;
		const shown = await errorItems(400, { success: false, message });
		expect(shown.length).toBeGreaterThan(30);
		const unbounded = shown
			.filter(
				([, text]) =>
					!text.includes('Refused: the service explains at length.') || text.length > 3000,
			)
			.map(([operation, text]) => [operation, text.length]);
		expect(unbounded).toEqual([]);
	});

	it.each([
		[409, 'Conflict', /conflicts with what QRTRAC holds now/],
		[422, 'Unprocessable Entity', /did not accept the values sent/],
	])(
		'with HTTP %i "%s" (no words of what to do): the item says what to check before running it again',
		async (status, message, advice) => {
			const shown = await errorItems(status, { success: false, message });
			expect(shown.length).toBeGreaterThan(30);
			const unadvised = shown.filter(([, text]) => !advice.test(text));
			expect(unadvised).toEqual([]);
		},
	);

	it('answering success with data of 5,000 fields (codes keyed by ID, not the list): the shape error stays bounded', async () => {
		const keyed = Object.fromEntries(
			Array.from({ length: 5000 }, (_, index) => [`qr_${String(index).padStart(6, '0')}`, {}]),
		);
		const shown = await errorItems(200, { success: true, data: keyed });
		const unbounded = shown
			.filter(([, text]) => text.length > 3000)
			.map(([operation, text]) => [operation, text.length]);
		expect(unbounded).toEqual([]);
	});
});
