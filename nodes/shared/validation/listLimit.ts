import { z } from 'zod';

/** Limit of a list the service returns whole and the node cuts itself: any whole number from 1. */
export const listLimitSchema = z
	.number({ invalid_type_error: 'must be a number' })
	.int('must be a whole number')
	.min(1, 'must be at least 1');
