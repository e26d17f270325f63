/**
 * A retry refused after a lost answer is checked by reading the state (verifyAfterRefusal). A check read that fails
 * cannot tell whether the change was made: the item fails, its outcome unknown, quoting the read's error; before,
 * "the state read afterwards is not what was asked, so this refusal stands" though nothing was read.
 */
import { answering, runAction, STORED_CODE } from '../../../support/actionRequests';
import { refused, ok, type FakeAnswer, type SentRequest } from '../../../support/fakeContext';
import { isOutcomeUnknown } from '../../../../nodes/shared/outcomeMarks';
import { sleepOnFakeClock } from '../../../support/sleepOnFakeClock';

jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: jest.fn(async () => undefined),
}));
sleepOnFakeClock();

it('Update Tags: PUT answer lost, retry refused 409, verifying read refused 403: outcome unknown, not "refusal stands"', async () => {
	let gets = 0;
	let puts = 0;
	const base = answering({});
	const service = (request: SentRequest): FakeAnswer => {
		const { pathname } = new URL(request.url);
		if (request.method === 'GET' && pathname === '/api/qrs-api/teams/qr_1')
			return ++gets === 1 ? ok(STORED_CODE) : refused(403, 'Forbidden');
		if (request.method === 'PUT' && pathname === '/api/qrs-api/qr_1/tags')
			return ++puts === 1 ? { networkError: 'ECONNRESET' } : refused(409, 'Conflict');
		return base(request);
	};
	const run = await runAction(
		'qrCode',
		'updateTags',
		{ qrCodeId: 'qr_1', mode: 'replace', tags: 'b' },
		service,
	);
	const error = run.error as { message?: string; description?: string } | undefined;
	expect(puts).toBe(2);
	expect(gets).toBe(2);
	expect(error?.description).toMatch(/its answer was lost.*the state could not be read.*Forbidden/);
	expect(`${error?.message} ${error?.description}`).not.toMatch(/not what was asked/);
	expect(isOutcomeUnknown(error)).toBe(true);
});
