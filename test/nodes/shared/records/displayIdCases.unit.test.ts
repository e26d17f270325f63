/** Display IDs by case (nodes/shared/records/displayIdCases.ts): the look-up of those differing only in case. */
import { DisplayIdCases } from '../../../../nodes/shared/records/displayIdCases';

describe('DisplayIdCases', () => {
	const held = (...ids: string[]) => new Set(ids);

	it('finds the Display IDs differing only in case that the owner holds, never the one asked', () => {
		const cases = new DisplayIdCases();
		const owner = held('Case-A', 'CASE-A', 'case-a', 'other');
		for (const id of owner) cases.add(id);

		const has = (variant: string) => owner.has(variant);
		expect(cases.otherCases('case-a', has).sort()).toEqual(['CASE-A', 'Case-A']);
		expect(cases.otherCases('Case-A', has).sort()).toEqual(['CASE-A', 'case-a']);
		expect(cases.otherCases('cAsE-a', has).sort()).toEqual(['CASE-A', 'Case-A', 'case-a']);
		expect(cases.otherCases('other', has)).toEqual([]);
	});

	it('a Display ID in lower case is found again by folding alone: only the owner tells it is there', () => {
		const cases = new DisplayIdCases();
		cases.add('lower-a');

		expect(cases.otherCases('Lower-A', () => true)).toEqual(['lower-a']);
		expect(cases.otherCases('Lower-A', () => false)).toEqual([]);
	});

	it('adding one twice keeps it once; deleting one keeps the others of its folded form', () => {
		const cases = new DisplayIdCases();
		for (const id of ['Mix-A', 'Mix-A', 'MIX-A', 'MIX-A']) cases.add(id);
		const all = () => true;

		expect(cases.otherCases('mix-a', all).sort()).toEqual(['MIX-A', 'Mix-A']);
		cases.delete('Mix-A');
		expect(cases.otherCases('mix-a', all)).toEqual(['MIX-A']);
		cases.delete('MIX-A');
		cases.delete('MIX-A');
		// Only the folded form is left to the owner's word.
		expect(cases.otherCases('Mix-a', all)).toEqual(['mix-a']);
		expect(cases.otherCases('Mix-a', (variant) => variant !== 'mix-a')).toEqual([]);
	});
});
