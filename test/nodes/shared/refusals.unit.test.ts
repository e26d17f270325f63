/**
 * Which refusals prove a code gone (nodes/shared/refusals.ts): not found and 410 do; a 403, or a 400 saying
 * something else, may come to a live code too and proves nothing by itself.
 */
import { NodeApiError, type INode } from 'n8n-workflow';

import { mayNameGoneCode, refusedAsGone } from '../../../nodes/shared/refusals';

const node: INode = {
	id: 'refusals',
	name: 'QRTRAC',
	type: 'n8n-nodes-qrtrac.qrtrac',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};

function refusal(httpCode: string, message: string): NodeApiError {
	return new NodeApiError(node, { message }, { httpCode, message });
}

describe('refusedAsGone', () => {
	it('takes a 400 saying not found, a 404 and a 410 as proof', () => {
		expect(refusedAsGone(refusal('400', 'QR code not found'))).toBe(true);
		expect(refusedAsGone(refusal('404', 'Nothing here'))).toBe(true);
		expect(refusedAsGone(refusal('410', 'Gone'))).toBe(true);
	});

	it('takes no 403, other 400 or other error as proof, though a gone code may cause the first two', () => {
		const forbidden = refusal('403', 'Your role is not allowed to do this');
		const bad = refusal('400', 'Invalid request');
		expect([refusedAsGone(forbidden), refusedAsGone(bad)]).toEqual([false, false]);
		expect([mayNameGoneCode(forbidden), mayNameGoneCode(bad)]).toEqual([true, true]);
		expect(refusedAsGone(refusal('500', 'not found'))).toBe(false);
		expect(refusedAsGone(new Error('QR code not found'))).toBe(false);
	});

	it('takes a 200 `success: false` saying not found as a 400 (Get QR by ID documents only a 200), no other', () => {
		expect(refusedAsGone(refusal('200', 'QR code not found'))).toBe(true);
		expect(mayNameGoneCode(refusal('200', 'Something went wrong, please try again later'))).toBe(
			false,
		);
	});
});
