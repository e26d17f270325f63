/**
 * The labels of a QR code's fields, one table for the form (each field's displayName), the input checks
 * (helpers/qrCodeSchemas.ts) and the texts that name a field the service or a read named by its API name
 * (`displayId "x" is already taken` reads `Display ID "x" is already taken`), so that they cannot differ.
 */
export const CODE_FIELD_LABELS = {
	displayId: 'Display ID',
	name: 'Name',
	qrRedirectUrl: 'Redirect URL',
	baseUrl: 'Custom Domain',
	templateId: 'Design Template Name or ID',
	folderId: 'Folder ID (Coming Soon)',
	qrType: 'QR Type',
	tags: 'Tags',
} as const;

/** The Scan Rules' settings (the API's `settings`), by their API names. */
export const SCAN_RULE_LABELS = {
	passwordEnabled: 'Password Protection',
	password: 'Password',
	ageGating: 'Age Gate',
	minAge: 'Minimum Age',
	scheduleCampaign: 'Campaign Schedule',
	campaignStart: 'Campaign Start',
	campaignEnd: 'Campaign End',
	locationEnabled: 'Collect Location',
} as const;

/** The form's JSON object of request fields it does not have (`additionalFieldsJson`). */
export const OTHER_FIELDS_LABEL = 'Other API Fields (JSON)';

/** Every label by the field's path in a code record (`settings.password`). */
export const FIELD_LABELS: Readonly<Record<string, string>> = {
	...CODE_FIELD_LABELS,
	...Object.fromEntries(
		Object.entries(SCAN_RULE_LABELS).map(([key, label]) => [`settings.${key}`, label]),
	),
};
