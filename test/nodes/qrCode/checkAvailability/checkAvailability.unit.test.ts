/** QR Code > Check Availability: the exact requests the node builds for a typical input (fake context, no sockets). */
import type { NodeApiError } from 'n8n-workflow';

import { TEAM_HEADERS, answering, described, runAction } from '../../../support/actionRequests';
import { ok } from '../../../support/fakeContext';
import { parseItems, VALUE, type Refusal } from '../../../support/parseItems';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));

it('asks for the Display ID, encoded in the path', async () => {
	const run = await runAction('qrCode', 'checkAvailability', { displayId: 'd1' });

	expect(run.error).toBeUndefined();
	expect(run.sent.map(described)).toEqual([
		{ method: 'GET', path: '/api/qrs-api/availability/d1', headers: TEAM_HEADERS },
	]);
});

describe('parse refuses bad input, naming the field and the item', () => {
	const refusals: Refusal[] = [
		{
			rule: 'availability of a malformed Display ID',
			parameters: { displayId: VALUE },
			good: 'free',
			bad: 'has space',
			message: 'Item 1: "Display ID" may contain only letters, digits and - _ . ~ %',
		},
	];

	it.each(refusals.map((refusal) => [refusal.rule, refusal] as const))(
		'%s',
		async (_rule, refusal) => {
			const [good, bad] = await parseItems('qrCode', 'checkAvailability', refusal.parameters, [
				refusal.good,
				refusal.bad,
			]);

			expect(good.error).toBeUndefined();
			expect(bad.error).toMatchObject({
				name: 'NodeOperationError',
				message: refusal.message,
				itemIndex: 1,
			});
		},
	);
});

describe('an answer about another Display ID than asked', () => {
	it.each([
		['in data', { success: true, data: { available: true, displayId: 'spring-2024' } }],
		['beside the envelope', { success: true, displayId: 'spring-2024', data: 'Available' }],
		['saying taken', { success: false, displayId: 'spring-2024', data: 'Taken' }],
	])('%s fails the item, naming both (before: read as the asked one)', async (_case, body) => {
		const run = await runAction(
			'qrCode',
			'checkAvailability',
			{ displayId: 'spring-2025' },
			answering({ 'GET /api/qrs-api/availability/spring-2025': { status: 200, body } }),
		);

		expect(run.output).toBeUndefined();
		expect(run.error?.message).toBe(
			"QRTRAC's answer to Check Display ID Availability (GET /qrs-api/availability/{id}) does not have the expected shape",
		);
		const { description } = run.error as NodeApiError;
		expect(description).toContain('the availability of the Display ID asked for, "spring-2025"');
		expect(description).toContain('"displayId" is "spring-2024", another Display ID');
	});

	it('one naming the asked Display ID in another case is its answer', async () => {
		const run = await runAction(
			'qrCode',
			'checkAvailability',
			{ displayId: 'Spring-2025' },
			answering({
				'GET /api/qrs-api/availability/Spring-2025': ok({
					available: false,
					displayId: 'spring-2025',
				}),
			}),
		);

		expect(run.error).toBeUndefined();
		expect(run.output?.[0][0].json).toMatchObject({ displayId: 'Spring-2025', available: false });
	});
});
