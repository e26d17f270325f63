/**
 * What n8n's Retry On Fail finds of an item's earlier create (api/createTries.ts): a success keeps only the body's
 * digest and what the caller needs to give the record again (a QR code's ID), never the request body or the record.
 */
import type { INode } from 'n8n-workflow';

import { createOnce } from '../../../../nodes/shared/api/createTries';
import { earlierTrySender } from '../../../../nodes/shared/api/created';
import { resendInvite } from '../../../../nodes/shared/api/members';
import { markOutcomeUnknown } from '../../../../nodes/shared/outcomeMarks';
import { fakeContext, ok } from '../../../support/fakeContext';

const NODE = { name: 'QRTRAC', retryOnFail: true } as INode;

/** A context of one execution and run, as n8n gives each try of the node. */
function tryOf(executionId: string) {
	return {
		getNode: () => NODE,
		getInputData: () => [],
		getExecutionId: () => executionId,
		getWorkflowDataProxy: () => ({ $runIndex: 0 }),
	} as never;
}

const code = (id: string) => ({ id, name: 'Big', metadata: { a: 'x'.repeat(1_000) } });

describe('a try after a success', () => {
	const again = {
		keep: (made: { id: string }) => ({ id: made.id }),
		give: jest.fn(async ({ id }: { id: string }) => ({ ...code(id), read: true })),
	};
	beforeEach(() => again.give.mockClear());

	it('gives the record read again by the ID kept: nothing sent, one read', async () => {
		const body = { body: { name: 'Big', displayId: 'd-1' }, teamId: null };
		const create = {
			operation: 'Create QR Code',
			kind: 'code' as const,
			body,
			itemIndex: 0,
			again,
		};
		const send = jest.fn(async () => code('qr_1'));

		const first = await createOnce(tryOf('exec-kept'), create, send);
		const retried = await createOnce(tryOf('exec-kept'), create, send);

		expect(first).toEqual(code('qr_1'));
		// before: the first try's record itself, kept with the request body for up to 6 hours
		expect(again.give.mock.calls).toEqual([[{ id: 'qr_1' }]]);
		expect(retried).toEqual({ ...code('qr_1'), read: true });
		expect(send).toHaveBeenCalledTimes(1);
	});

	it('sends again when the body differs from the one kept (by its digest)', async () => {
		const create = (name: string) => ({
			...{ operation: 'Create QR Code', kind: 'code' as const, again },
			...{ body: { body: { name }, teamId: null }, itemIndex: 0 },
		});
		const send = jest.fn(async () => code('qr_2'));

		await createOnce(tryOf('exec-changed'), create('A'), send);
		await createOnce(tryOf('exec-changed'), create('B'), send);

		expect(send).toHaveBeenCalledTimes(2);
		expect(again.give).not.toHaveBeenCalled();
	});

	it('a failed read says the create was made by an earlier try, naming the ID, and is not sent again', async () => {
		const failing = {
			keep: (made: { id: string }) => ({ id: made.id }),
			give: async () => {
				throw new Error('QRTRAC could not be reached');
			},
		};
		const create = {
			...{ operation: 'Create QR Code', kind: 'code' as const, again: failing },
			...{ body: { body: { name: 'C' }, teamId: null }, itemIndex: 3 },
		};
		const send = jest.fn(async () => code('qr_3'));

		await createOnce(tryOf('exec-unread'), create, send);
		const failed = await createOnce(tryOf('exec-unread'), create, send).catch(
			(error: Error & { description?: string }) => error,
		);

		expect(failed).toBeInstanceOf(Error);
		expect((failed as Error).message).toBe(
			'Create QR Code was carried out by an earlier try of this node (ID qr_3), but reading it again failed',
		);
		expect((failed as { description?: string }).description).toContain(
			'QRTRAC could not be reached',
		);
		expect(send).toHaveBeenCalledTimes(1);
	});

	it('a record read again as deleted fails the item: made by an earlier try, since deleted, not sent again', async () => {
		const deleted = {
			keep: (made: { id: string }) => ({ id: made.id }),
			give: async ({ id }: { id: string }) => ({ ...code(id), deleted: true }),
			gone: (record: object) => (record as { deleted?: boolean }).deleted === true,
		};
		const create = {
			...{ operation: 'Create QR Code', kind: 'code' as const, again: deleted },
			...{ body: { body: { name: 'D' }, teamId: null }, itemIndex: 4 },
		};
		const send = jest.fn(async () => code('qr_4'));

		await createOnce(tryOf('exec-deleted'), create, send);
		const failed = await createOnce(tryOf('exec-deleted'), create, send).then(
			() => undefined,
			(error: Error) => error,
		);

		// before: given again as `created` with deleted: true
		expect(failed?.message).toBe(
			'Create QR Code was carried out by an earlier try of this node (ID qr_4), since deleted',
		);
		expect(send).toHaveBeenCalledTimes(1);
	});
});

describe('a resent invitation kept by person', () => {
	it("a try finds the person's invitation sent by another row and keeps which row, not the e-mail", async () => {
		const { ctx, sent } = fakeContext({ answers: [ok()] });
		const retried = {
			...ctx,
			getNode: () => ({ ...ctx.getNode(), retryOnFail: true }),
			getWorkflowDataProxy: () => ({ $runIndex: 0 }),
		} as never;

		const first = await resendInvite(retried, {
			...{ email: 'Quinn@Example.com', itemIndex: 2, perPerson: true },
		});
		const next = await resendInvite(retried, {
			...{ email: 'quinn@example.com', itemIndex: 1, perPerson: true },
		});

		expect(first).toEqual({ sentBy: 2 });
		// before: kept as `{ email }`, the invited address in plain text for up to 3 hours
		expect(next).toEqual({ sentBy: 2 });
		expect(sent).toHaveLength(1);
	});
});

describe('a try after an unknown outcome, kept by identity', () => {
	it("names the row whose try had it when another row of the identity is tried, and carries that row's index", async () => {
		const invite = (itemIndex: number) => ({
			...{ operation: 'Resend Invite', kind: 'invite' as const, body: { email: 'rae@x.example' } },
			...{ itemIndex, identity: 'rae@x.example' },
		});
		const lost = markOutcomeUnknown(new Error('QRTRAC answered 502'));

		await expect(createOnce(tryOf('exec-rae'), invite(2), () => Promise.reject(lost))).rejects.toBe(
			lost,
		);
		const byOther = await createOnce(tryOf('exec-rae'), invite(1), jest.fn()).catch((e) => e);
		const bySame = await createOnce(tryOf('exec-rae'), invite(2), jest.fn()).catch((e) => e);

		// before: "an earlier try of this node sent it" for row 2 too, which sent nothing
		expect(byOther.message).toBe(
			'The outcome of Resend Invite is unknown: row 3 (item index 2) sent it in an earlier try of this node',
		);
		expect(earlierTrySender(byOther)).toBe(2);
		expect(bySame.message).toBe(
			'The outcome of Resend Invite is unknown: an earlier try of this node sent it',
		);
		expect(earlierTrySender(bySame)).toBe(2);
	});
});
