import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { z } from 'zod';

import { credentialIdentity } from '../../../shared/api';
import { VERSION_1_2 } from '../../descriptions/layoutVersions';
import { atLeastVersion } from '../../helpers/parameters';
import {
	defaultIpAddressMode,
	ipAddressModeSchema,
	ipPrivacy,
	type IpAddressMode,
	type IpPrivacy,
} from '../../../shared/records/ipPrivacy';

/** The IP Address options of the Scan operations that return scan events (read from their Options collection). */
export const ipPrivacyShape = {
	ipAddress: ipAddressModeSchema,
	ipHashKey: z.string().optional().describe('IP Hash Key'),
};

/**
 * The raw options of one item; a node that does not add the option gets its version's default (`alwaysHash`: an
 * operation without an earlier behaviour to keep hashes in every version).
 */
export function ipPrivacyInput(
	ctx: IExecuteFunctions,
	options: IDataObject,
	alwaysHash = false,
): { ipAddress: unknown; ipHashKey?: unknown } {
	return {
		ipAddress:
			options.ipAddress ?? defaultIpAddressMode(alwaysHash || atLeastVersion(ctx, VERSION_1_2)),
		ipHashKey: options.ipHashKey === '' ? undefined : options.ipHashKey,
	};
}

/** The rule of a row (helpers/ipPrivacy.ts), its derived key read from the workflow and the credential. */
export async function rowIpPrivacy(
	ctx: IExecuteFunctions,
	input: { ipAddress: IpAddressMode; ipHashKey?: string },
): Promise<IpPrivacy> {
	if (input.ipAddress !== 'hash') return { mode: input.ipAddress };
	return ipPrivacy(input.ipAddress, {
		hashKey: input.ipHashKey,
		workflowId: String(ctx.getWorkflow().id ?? ''),
		credentialIdentity: await credentialIdentity(ctx),
	});
}
