/**
 * A refusal of a part re-issued by the schema of the whole (nodeWords.ts `reissued`, as Tags and a code selection's
 * IDs re-issue theirs): the model's words of a refused number go along to checkItem, and a refusal without any
 * gets none, its people's words read by the model as they are.
 */
import { z } from 'zod';

import { checkItem } from '../../../../nodes/shared/validation';
import { reissued, toModel } from '../../../../nodes/shared/validation/nodeWords';
import { refusedNumberIssue } from '../../../../nodes/shared/validation/text';

/** A whole whose one part is checked by `part` and re-issued, in its own words or in `message`. */
const wholeOf = (part: z.ZodTypeAny, message?: string) =>
	z
		.object({ part: z.unknown() })
		.transform((value, context) => {
			const checked = part.safeParse(value.part);
			if (!checked.success) context.addIssue(reissued(checked.error.issues[0], message));
			return value;
		})
		.describe('Whole');

const numberPart = z.unknown().superRefine((value, context) => {
	const refused = refusedNumberIssue(value, { index: 1 });
	if (refused) context.addIssue(refused);
});

it("a refused number re-issued keeps people's words and carries the model's to toModel", () => {
	const { issues } = checkItem(wholeOf(numberPart), { part: 0.1 + 0.2 });

	expect(issues?.[0].message).toBe(
		'entry 2 got a number past 15 significant digits (0.30000000000000004), not what the sheet shows: round it or give it as text',
	);
	expect(toModel(issues![0])).toBe(
		'entry 2 got a number past 15 significant digits (0.30000000000000004): give it as text',
	);
});

it('a refusal with no words of its own for the model is re-issued without any, in the message given', () => {
	const { issues } = checkItem(wholeOf(z.string(), 'must hold text only'), { part: true });

	expect(issues?.[0].message).toBe('must hold text only');
	expect(issues?.[0].modelMessage).toBeUndefined();
	expect(toModel(issues![0])).toBe('must hold text only');
});
