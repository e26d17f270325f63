/** A JSON field read as an object (shared/validation/jsonObject.ts): what blank text reads as. */
import { jsonObjectSchema } from '../../../../nodes/shared/validation/jsonObject';

it('blank text and no value each read as an empty object of their own, never one shared by every field', () => {
	const first = jsonObjectSchema.parse('');
	const second = jsonObjectSchema.parse('  ');
	const third = jsonObjectSchema.parse(undefined);

	expect(first).toEqual({});
	expect(second).not.toBe(first);
	expect(third).not.toBe(first);
	expect(third).not.toBe(second);
	first.added = 'by a caller';
	expect(jsonObjectSchema.parse('')).toEqual({});
});
