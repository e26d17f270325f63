/**
 * QR Code > Update Tags through n8n's engine against the simulator, as nodes saved with version 1.1 run them (their output
 * stays as it was; 1.2's `result` and re-runs: test/nodes/shared/outcome/reRuns.engine.test.ts).
 */
import { useSimulator } from '../../../support/simulatorSuite';
import { qrCodeRuns } from '../qrCodeRuns';

const suite = useSimulator();

const { run, newCode } = qrCodeRuns(suite);
const byId = (id: string) => ({ __rl: true, mode: 'id', value: id });

describe('Update Tags', () => {
	it('replaces the tags', async () => {
		const code = newCode({ tags: ['old', 'stale'] });

		const result = await run('updateTags', {
			qrCodeId: byId(code.id),
			mode: 'replace',
			tags: 'fresh, new',
		});

		expect(result.items[0].json.tags).toEqual(['fresh', 'new']);
		expect(suite.sim.state.getQr(code.id)?.tags).toEqual(['fresh', 'new']);
		expect(suite.sim.requestLog.map((entry) => [entry.method, entry.body])).toEqual([
			['PUT', { tags: ['fresh', 'new'] }],
		]);
		suite.expectRequestsFollowContract();
	});

	it('adds tags to the ones the code has, once each', async () => {
		const code = newCode({ tags: ['keep', 'both'] });

		await run('updateTags', { qrCodeId: byId(code.id), mode: 'add', tags: 'both, extra' });

		expect(suite.sim.state.getQr(code.id)?.tags).toEqual(['keep', 'both', 'extra']);
		expect(suite.sim.requestLog.map((entry) => entry.method)).toEqual(['GET', 'PUT']);
		suite.expectRequestsFollowContract();
	});

	it('removes the given tags and keeps the others', async () => {
		const code = newCode({ tags: ['a', 'b', 'c'] });

		await run('updateTags', {
			qrCodeId: byId(code.id),
			mode: 'remove',
			tags: '={{ ["b", "missing"] }}',
		});

		expect(suite.sim.state.getQr(code.id)?.tags).toEqual(['a', 'c']);
		suite.expectRequestsFollowContract();
	});

	it('clears every tag with Replace and no tags', async () => {
		const code = newCode({ tags: ['a'] });

		await run('updateTags', { qrCodeId: byId(code.id), mode: 'replace', tags: '' });

		expect(suite.sim.state.getQr(code.id)?.tags).toEqual([]);
		suite.expectRequestsFollowContract();
	});

	it('takes numbers as the tags they spell (a sheet column of years), alone or in a list', async () => {
		const code = newCode({ tags: ['old'] });

		const alone = await run('updateTags', { qrCodeId: byId(code.id), tags: '={{ 2025 }}' });
		expect(alone.error).toBeUndefined();
		expect(suite.sim.state.getQr(code.id)?.tags).toEqual(['2025']);

		const listed = await run('updateTags', {
			qrCodeId: byId(code.id),
			tags: '={{ [2024, "q4"] }}',
		});
		expect(listed.error).toBeUndefined();
		expect(suite.sim.state.getQr(code.id)?.tags).toEqual(['2024', 'q4']);
	});

	it('refuses tags that are no text, saying what it takes', async () => {
		const code = newCode({ tags: ['old'] });

		const result = await run('updateTags', { qrCodeId: byId(code.id), tags: '={{ {"a": 1} }}' });

		expect(result.error?.message).toBe(
			'Item 0: "Tags" must be comma-separated text or a list of tags',
		);
		expect(suite.sim.state.getQr(code.id)?.tags).toEqual(['old']);
	});

	// an empty cell read by parseInt gives NaN: it was written as the tag "NaN"
	it.each(['NaN', 'parseInt($json.year)', 'Infinity', '1e21', '0.1 + 0.2', '[2024, NaN]'])(
		'refuses {{ %s }}, a number no sheet shows, and writes no tag',
		async (expression) => {
			const code = newCode({ tags: ['old'] });

			const result = await run(
				'updateTags',
				{ qrCodeId: byId(code.id), mode: 'replace', tags: `={{ ${expression} }}` },
				{ items: [{ year: '' }] },
			);

			expect(result.error?.message).toMatch(/^Item 0: "Tags" got .*a number/);
			expect(suite.sim.requestLog).toHaveLength(0);
			expect(suite.sim.state.getQr(code.id)?.tags).toEqual(['old']);
		},
	);

	it('says why a number no sheet shows is refused, alone or in a list', async () => {
		const code = newCode({ tags: ['old'] });
		const tagsOf = async (tags: string) =>
			(await run('updateTags', { qrCodeId: byId(code.id), mode: 'replace', tags })).error?.message;

		// a sheet's 16-digit number that JavaScript cannot hold: 9007199254740993 becomes ...992
		const past =
			'"Tags" got a whole number past 9007199254740991 (9007199254740992), which JavaScript does not hold exactly: give it as text';
		expect(await tagsOf('={{ [2026, 9007199254740993] }}')).toBe(`Item 0: ${past}`);
		expect(await tagsOf('={{ 9007199254740993 }}')).toBe(`Item 0: ${past}`);
		expect(await tagsOf('={{ [2024, NaN] }}')).toBe(
			'Item 0: "Tags" got NaN, a number no sheet shows (parseInt of an empty cell, or Number of text that is no number?): give text or a number',
		);
		expect(suite.sim.requestLog).toHaveLength(0);
		expect(suite.sim.state.getQr(code.id)?.tags).toEqual(['old']);
	});

	it('names the field once when several tags of the list are no text', async () => {
		const code = newCode({ tags: ['old'] });

		const result = await run('updateTags', {
			qrCodeId: byId(code.id),
			mode: 'replace',
			tags: '={{ [true, null] }}',
		});

		expect(result.error?.message).toBe('Item 0: "Tags" must hold text only');
		expect(suite.sim.state.getQr(code.id)?.tags).toEqual(['old']);
	});
});

/**
 * The contract does not say whether a change's answer shows the code before or after it: an answer that does not
 * show the new tags (as a set) is checked by reading the code, never taken as done.
 */
describe('Update Tags, an answer that does not show the new tags', () => {
	afterEach(() => suite.sim.setAnswerModes({}));
	const requests = () => suite.sim.requestLog.map((entry) => `${entry.method} ${entry.path}`);

	it('answered with the old tags: the code read afterwards holds the new ones, so it is the output', async () => {
		const code = newCode({ tags: ['old'] });
		suite.sim.setAnswerModes({ priorCodeAnswers: 'changed' });

		const result = await run('updateTags', {
			qrCodeId: byId(code.id),
			mode: 'replace',
			tags: 'fresh, new',
		});

		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({ id: code.id, tags: ['fresh', 'new'] });
		expect(requests()).toEqual([
			`PUT /api/qrs-api/${code.id}/tags`,
			`GET /api/qrs-api/teams/${code.id}`,
		]);
		suite.expectRequestsFollowContract();
	});

	it('answered with the old tags, and the code still holds them: the item fails naming the operation, the tags written and the tags held', async () => {
		const code = newCode({ tags: ['old'] });
		suite.sim.setAnswerModes({ priorCodeAnswers: 'unchanged' });

		const result = await run('updateTags', {
			qrCodeId: byId(code.id),
			mode: 'add',
			tags: 'extra',
		});

		expect(result.items).toEqual([]);
		expect(result.error?.message).toMatch(/Update QR Code Tags.*does not show the change/);
		const description = String((result.error as { description?: string }).description);
		expect(description).toContain('Asked for {"tags":["old","extra"]}');
		expect(description).toContain('QRTRAC holds {"tags":["old"]}');
		expect(suite.sim.state.getQr(code.id)?.tags).toEqual(['old']);
	});
});

/** A service may store tags in its own form (here lower-cased): a correct change never fails for it. */
describe('Update Tags on a service that lower-cases tags (normalisedWrites)', () => {
	beforeEach(() => suite.sim.setAnswerModes({ normalisedWrites: true }));
	afterEach(() => suite.sim.setAnswerModes({}));
	const requests = () => suite.sim.requestLog.map((entry) => `${entry.method} ${entry.path}`);

	it('Add, the old tags read first: the answer unlike both old and written tags is the change, no read after', async () => {
		const code = newCode({ tags: ['old'] });

		const result = await run('updateTags', { qrCodeId: byId(code.id), mode: 'add', tags: 'Promo' });

		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({ id: code.id, tags: ['old', 'promo'] });
		expect(requests()).toEqual([
			`GET /api/qrs-api/teams/${code.id}`,
			`PUT /api/qrs-api/${code.id}/tags`,
		]);
		suite.expectRequestsFollowContract();
	});

	it('Replace in a saved 1.1 node (old tags unknown): the code is read once, and its tags are the output', async () => {
		const code = newCode({ tags: ['old'] });

		const result = await run('updateTags', {
			qrCodeId: byId(code.id),
			mode: 'replace',
			tags: 'Promo',
		});

		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({ id: code.id, tags: ['promo'] });
		expect(requests()).toEqual([
			`PUT /api/qrs-api/${code.id}/tags`,
			`GET /api/qrs-api/teams/${code.id}`,
		]);
	});
});
