/**
 * The titles of the errors the node builds itself (nodes/shared/nodeErrors.ts): n8n's NodeApiError and
 * NodeOperationError replace a title holding one of Node's error codes, anywhere and in any case (EPERM in
 * "FreePermit", EEXIST in "store-preexisting"), with a generic text. Ours must stay, `messages` as for any other
 * title (the constructor's copy of ours taken out).
 */
import type { INode } from 'n8n-workflow';

import { createdInOtherTeam, madeElsewhereBefore } from '../../../../nodes/shared/api/created';
import { apiError, operationError } from '../../../../nodes/shared/nodeErrors';
import { refuseOtherCase } from '../../../../nodes/shared/takenDisplayIds';
import { itemInputError } from '../../../../nodes/shared/validation';

const node: INode = {
	id: '1',
	name: 'QRTRAC',
	type: 'n8n-nodes-qrtrac.qrtrac',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};

describe('a title holding a Node error code keeps our words', () => {
	it('Display ID "FreePermit" differing only in case from another row\'s', () => {
		let thrown: Error | undefined;
		try {
			refuseOtherCase({ getNode: () => node } as never, 'FreePermit', ['freepermit'], 0);
		} catch (error) {
			thrown = error as Error;
		}
		expect(thrown?.message).toContain('FreePermit');
	});

	it('an item\'s input refused at run time, Display ID "store-preexisting"', () => {
		const error = itemInputError(node, 0, 'Display ID "store-preexisting" is refused');
		expect(error.message).toBe('Item 0: Display ID "store-preexisting" is refused');
	});

	it('a code made in team "timePermits", and the same told again on a retry', () => {
		const first = createdInOtherTeam(
			{ node, operation: 'Create QR Code (POST /x)' },
			{ id: 'c1', teamId: 'timePermits' } as never,
			'asked',
		);
		expect(first.message).toContain('timePermits');
		const again = madeElsewhereBefore(node, {
			message: first.message,
			description: first.description,
		});
		expect(again.message).toContain('timePermits');
		// the title shows as it is outside a tool call: the description does not repeat it
		expect(first.description).not.toMatch(/^Error: /);
	});

	it('a code made in team "timePermits", in a tool call, and told again on a retry: the description quotes it', () => {
		// an AI agent's tool call wraps the error again, replacing the title: the description says it
		const tool = { ...node, type: 'n8n-nodes-qrtrac.qrtracTool' };
		const first = createdInOtherTeam(
			{ node: tool, operation: 'Create QR Code (POST /x)' },
			{ id: 'c1', teamId: 'timePermits' } as never,
			'asked',
		);
		const again = madeElsewhereBefore(tool, {
			message: first.message,
			description: first.description,
		});
		for (const error of [first, again]) {
			expect(error.description).toMatch(
				/^Error: QRTRAC created the code in another team: "timePermits"/,
			);
			expect(error.description?.split('Error: QRTRAC created').length).toBe(2);
		}
	});

	it.each(['TemplateNotFound', 'EACCES on the storage', 'eperm'])(
		'"%s": the title as given, `messages` as for any other title',
		(title) => {
			const api = apiError(node, { success: false, message: 'tag' }, { message: title });
			expect(api.message).toBe(title);
			expect(api.messages).toEqual(
				apiError(node, { success: false, message: 'tag' }, { message: 'plain' }).messages,
			);
			const same = apiError(node, { success: false, message: title }, { message: title });
			expect(same.messages).toEqual([title]);
			const operation = operationError(node, title, { itemIndex: 2 });
			expect(operation.message).toBe(title);
			expect(operation.messages).toEqual([]);
		},
	);
});
