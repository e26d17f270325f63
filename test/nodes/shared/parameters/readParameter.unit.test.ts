/**
 * Reading a bulk run's parameters (issue 12): n8n works out every getNodeParameter and getNode call anew, so the
 * node reads what is the same for every item once per execution, and only expressions per item.
 */
import { readParameter } from '../../../../nodes/shared/parameters';
import { executionNode } from '../../../../nodes/shared/executionNode';
import { fakeContext } from '../../../support/fakeContext';

function counted(parameters: Parameters<typeof fakeContext>[0]) {
	const { ctx } = fakeContext(parameters);
	const getNodeParameter = jest.spyOn(ctx, 'getNodeParameter');
	const getNode = jest.spyOn(ctx, 'getNode');
	return { ctx, getNodeParameter, getNode };
}

describe('readParameter', () => {
	it('reads a parameter without an expression once per execution', () => {
		const { ctx, getNodeParameter } = counted({
			items: [{}, {}, {}],
			parameters: { mode: 'sync' },
		});
		const read = [0, 1, 2].map((itemIndex) => readParameter(ctx, 'mode', itemIndex, 'lookUp'));
		expect(read).toEqual(['sync', 'sync', 'sync']);
		expect(getNodeParameter).toHaveBeenCalledTimes(1);
	});

	it('reads a parameter left out as the fallback each caller gives, without asking n8n', () => {
		const { ctx, getNodeParameter } = counted({ items: [{}, {}], parameters: {} });
		expect(readParameter(ctx, 'options', 0, {})).toEqual({});
		expect(readParameter(ctx, 'options', 1, { limit: 5 })).toEqual({ limit: 5 });
		expect(getNodeParameter).not.toHaveBeenCalled();
	});

	it("reads an expression for every item, without n8n's schema check", () => {
		const { ctx, getNodeParameter } = counted({
			items: [{}, {}],
			parameters: (itemIndex) => ({ name: `Row ${itemIndex}` }),
		});
		expect([0, 1].map((itemIndex) => readParameter(ctx, 'name', itemIndex, ''))).toEqual([
			'Row 0',
			'Row 1',
		]);
		expect(getNodeParameter.mock.calls).toEqual([
			['name', 0, '', { skipValidation: true }],
			['name', 1, '', { skipValidation: true }],
		]);
	});

	it("keeps n8n's full read for a collection holding an expression", () => {
		const { ctx, getNodeParameter } = counted({
			items: [{}],
			parameters: { options: { skipUnchanged: '={{ $json.skip }}' } },
		});
		readParameter(ctx, 'options', 0, {});
		readParameter(ctx, 'options', 0, {});
		expect(getNodeParameter.mock.calls).toEqual([
			['options', 0, {}],
			['options', 0, {}],
		]);
	});
});

describe('executionNode', () => {
	it("takes n8n's copy of the node once per execution context", () => {
		const first = counted({ parameters: { mode: 'sync' } });
		const second = counted({ parameters: { mode: 'lookUp' } });
		expect(executionNode(first.ctx).parameters).toEqual({ mode: 'sync' });
		expect(executionNode(first.ctx)).toBe(executionNode(first.ctx));
		expect(first.getNode).toHaveBeenCalledTimes(1);
		expect(executionNode(second.ctx).parameters).toEqual({ mode: 'lookUp' });
		expect(second.getNode).toHaveBeenCalledTimes(1);
	});
});
