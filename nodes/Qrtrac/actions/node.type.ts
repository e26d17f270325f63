/**
 * The node's resources and their operations, as the form names them. The router and each resource's index are
 * typed by this map, so that an operation missing from its resource, or misspelt, fails to compile.
 */
export type QrtracOperations = {
	qrCode:
		| 'checkAvailability'
		| 'create'
		| 'createOrUpdate'
		| 'delete'
		| 'downloadImage'
		| 'duplicate'
		| 'get'
		| 'getMany'
		| 'getUpdatedSince'
		| 'update'
		| 'updateTags'
		| 'updateTitle';
	designTemplate: 'getMany';
	analytics: 'getReport' | 'getScans' | 'getScansForCodes' | 'getTotals';
	team: 'create' | 'get' | 'getMany' | 'rename' | 'setDomains';
	teamMember:
		| 'activate'
		| 'add'
		| 'addToTeams'
		| 'changeRole'
		| 'delete'
		| 'getMany'
		| 'pause'
		| 'remove'
		| 'resendInvite';
	dynamicLink: 'create';
};

export type QrtracResource = keyof QrtracOperations;
