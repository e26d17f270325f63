/**
 * The operations whose answer holds QR code records (one code, or a list of them): the one list every answer
 * mode that rewrites code records (answerDrift, changeDrift, listDrift) reads.
 */
export const CODE_ANSWER_OPERATIONS: readonly string[] = [
	'createQr',
	'duplicateQr',
	'updateQr',
	'deleteQr',
	'updateQrTags',
	'updateQrTitle',
	'getQrById',
	'getTeamQrsFromTime',
	'getAllQrsFromTime',
];

/** The paginated list: its codes sit in `data.qrs`, beside the page figures. */
export const CODE_LIST_OPERATION = 'getTeamQrsPaginated';
