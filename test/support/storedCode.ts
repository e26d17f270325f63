/**
 * The request fields of a code as the simulator stores it: what a complete PUT of that code carries when nothing
 * changes (everything but the service's own fields). Tests build the expected PUT body from it.
 */
const SERVER_FIELDS = new Set([
	'id',
	'teamId',
	'orgId',
	'qrImageUrl',
	'qrImageHash',
	'deleted',
	'createdAt',
	'createdBy',
	'updatedAt',
	'updatedBy',
]);

export function requestFieldsOf(code: object): Record<string, unknown> {
	return Object.fromEntries(
		Object.entries(code).filter(
			([key, value]) => !SERVER_FIELDS.has(key) && value !== undefined && value !== null,
		),
	);
}

/** Both readings of PUT /qrs-api/{id} the simulator acts out; suites of operations that PUT a code run under each. */
export const PUT_SEMANTICS = ['merge', 'replace'] as const;
