/**
 * The sync snapshot's index of live codes by Display ID (nodes/shared/api/qrList.ts), which holds each code as
 * its JSON text: what it hands out, what it lets go of, and the Display ID rule.
 */
import type { INode } from 'n8n-workflow';

import { DisplayIdIndex } from '../../../../nodes/shared/api/qrList';

const node: INode = {
	id: 'n',
	name: 'QRTRAC',
	type: 'qrtrac',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};

const code = (id: string, displayId?: string, extra: object = {}) => ({
	id,
	...(displayId === undefined ? {} : { displayId }),
	name: `Code ${id}`,
	tags: ['sheet'],
	metadata: { note: id },
	...extra,
});

describe('DisplayIdIndex', () => {
	it('hands out an equal copy of a code once, then holds it no more', () => {
		const index = new DisplayIdIndex([code('qr_1', 'row-1'), code('qr_2', 'row-2')], node);
		expect(index.size).toBe(2);
		expect(index.find('row-1')).toEqual(code('qr_1', 'row-1'));
		expect(index.take('row-1')).toEqual(code('qr_1', 'row-1'));
		expect(index.take('row-1')).toBeUndefined();
		expect(index.size).toBe(1);
		expect(index.remaining()).toEqual([code('qr_2', 'row-2')]);
	});

	it('holds live codes only, in the order they came, codes without a Display ID included', () => {
		const index = new DisplayIdIndex(
			[code('qr_1', 'a'), code('qr_2'), code('qr_3', 'c', { deleted: true }), code('qr_4', 'd')],
			node,
		);
		expect(index.remaining().map((held) => held.id)).toEqual(['qr_1', 'qr_2', 'qr_4']);
		index.put(code('qr_1', 'a', { deleted: true }));
		expect(index.byCodeId('qr_1')).toBeUndefined();
		expect(index.find('a')).toBeUndefined();
	});

	it('refuses a Display ID held twice or held only in another case', () => {
		const index = new DisplayIdIndex(
			[code('qr_1', 'twice'), code('qr_2', 'twice'), code('qr_3', 'Mixed'), code('qr_4', 'lower')],
			node,
		);
		expect(() => index.find('twice')).toThrow(/held by 2 live codes/);
		expect(() => index.find('mixed')).toThrow(/as "Mixed"/);
		expect(() => index.find('LOWER')).toThrow(/as "lower"/);
		expect(index.find('Mixed')).toMatchObject({ id: 'qr_3' });
		index.remove('qr_3');
		expect(index.find('mixed')).toBeUndefined();
	});
});
