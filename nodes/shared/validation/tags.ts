import { z } from 'zod';

import { MUST_BE_TEXT, MUST_HOLD_TEXT, reissued } from './nodeWords';
import { asText } from './text';

/** One tag: text (a number is its text, asText), not empty, at most 100 characters. */
export const tagSchema = z.preprocess(
	asText,
	z
		.string({ invalid_type_error: MUST_BE_TEXT })
		.trim()
		.min(1, 'must not be empty')
		.max(100, 'must be at most 100 characters'),
);

/**
 * A list of tags, each by tagSchema. The field is refused once per rule its tags break, not once per tag: `[true,
 * null]` is one "must hold text only"; a number no sheet shows is told why (refusedNumber). A tag's length or
 * emptiness is said of a tag ("a tag must not be empty"), not of the field.
 */
export const tagsSchema = z
	.array(z.unknown(), { invalid_type_error: 'must be comma-separated text or a list of tags' })
	.max(100, 'at most 100 tags')
	.transform((tags, context) => {
		const said = new Set<string>();
		return tags.map((tag) => {
			const checked = tagSchema.safeParse(tag);
			if (checked.success) return checked.data;
			const [issue] = checked.error.issues;
			// a number no sheet shows is refused by asText, saying why (custom)
			const message =
				issue.code === z.ZodIssueCode.invalid_type
					? MUST_HOLD_TEXT
					: issue.code === z.ZodIssueCode.custom
						? issue.message
						: `a tag ${issue.message}`;
			// the model's words of a number go along (refusedNumberIssue)
			if (!said.has(message)) context.addIssue(reissued(issue, message));
			said.add(message);
			return '';
		});
	});
