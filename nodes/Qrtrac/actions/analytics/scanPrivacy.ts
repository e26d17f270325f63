import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import { credentialIdentity } from '../../../shared/api';
import { executionNode } from '../../../shared/executionNode';
import { itemInputError } from '../../../shared/validation';
import { VERSION_1_2 } from '../../descriptions/layoutVersions';
import { atLeastVersion } from '../../helpers/parameters';
import {
	ipPrivacy,
	ipPrivacyOptions,
	type IpAddressMode,
	type IpPrivacy,
} from '../../../shared/records/ipPrivacy';

/** The IP Address options of the Scan operations that return scan events (read from their Options collection). */
export { ipPrivacyShape } from '../../../shared/records/ipPrivacy';

/**
 * The raw IP options of one item (shared/records/ipPrivacy.ts `ipPrivacyOptions`); a node that does not add the
 * option gets its version's default (`alwaysHash`: an operation without an earlier behaviour to keep hashes in every
 * version), one written as an expression that gave nothing fails the item before any request.
 */
export function ipPrivacyInput(
	ctx: IExecuteFunctions,
	options: IDataObject,
	itemIndex: number,
	alwaysHash = false,
): { ipAddress: unknown; ipHashKey?: unknown } {
	const node = executionNode(ctx);
	return ipPrivacyOptions(
		options,
		node.parameters.options,
		alwaysHash || atLeastVersion(ctx, VERSION_1_2),
		(message) =>
			itemInputError(
				node,
				itemIndex,
				message,
				'Nothing was sent to QRTRAC for this item. Make the expression give a value (a variable it reads may be empty here), or remove the option to take its default.',
			),
	);
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
