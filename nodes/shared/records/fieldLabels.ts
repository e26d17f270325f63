/**
 * QR code fields as the form labels them, for texts that name a field the service or a read named by its API
 * name (`displayId "x" is already taken` reads `Display ID "x" is already taken`).
 */
export const FIELD_LABELS: Readonly<Record<string, string>> = {
	displayId: 'Display ID',
	name: 'Name',
	qrRedirectUrl: 'Redirect URL',
	baseUrl: 'Custom Domain',
	templateId: 'Design Template',
	folderId: 'Folder ID',
	qrType: 'QR Type',
	tags: 'Tags',
	'settings.password': 'the password',
};
